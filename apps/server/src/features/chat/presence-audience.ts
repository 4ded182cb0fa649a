/**
 * Whose presence a person sees (docs/DECISIONS.md, "Presence at company scale"). In a
 * company of up to PRESENCE_EVERYONE_LIMIT active staff everyone sees everyone, as the
 * specification's full list on user_online has it. Past that, a full list per connection and
 * every change to everyone grow with the square of the staff online, so each person sees the
 * people they share a conversation with: the only presence the pages show is of the other
 * person in a personal conversation.
 */
import type { PresenceAudience } from '../../realtime/socket-server.js';
import type { ConversationsRepository } from './conversations.repository.js';

export const PRESENCE_EVERYONE_LIMIT = 1000;
/** How long the count of active staff is trusted; hiring does not happen by the second. */
const COUNT_KEPT_MS = 60_000;

export const createPresenceAudience = (
  conversations: ConversationsRepository,
  { everyoneLimit = PRESENCE_EVERYONE_LIMIT }: { everyoneLimit?: number } = {},
): PresenceAudience => {
  let counted: { isEveryone: boolean; at: number } | undefined;
  return {
    async isEveryone() {
      if (!counted || Date.now() - counted.at > COUNT_KEPT_MS) {
        counted = { isEveryone: (await conversations.countDirectory()) <= everyoneLimit, at: Date.now() };
      }
      return counted.isEveryone;
    },
    of: (userId) => conversations.contactsOf(userId),
  };
};
