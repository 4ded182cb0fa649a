/** Presence (000 §4): who is online, and the dot and tooltip that show it. */
export { PresenceBadge, usePresenceLabel } from './presence-badge';
export { PresenceProvider } from './presence-provider';
