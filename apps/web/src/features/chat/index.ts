/** Chat (000): conversations, messages, threads, reactions, search, and its live side. */
export { ChatLiveSync } from './live/chat-live-sync';
export { plainText } from './lib/preview';
export { useOpenAtMessage } from './lib/use-open-at-message';
/** The main screen's code loads when it is opened (docs/DESIGN.md, "Web delivery"). */
export const loadMainScreen = () => import('./main-screen');
