/** Chat (000): conversations, messages, threads, reactions, search, and its live side. */
export { ChatLiveSync } from './live/chat-live-sync';
export { plainText } from './lib/preview';
export { useOpenAtMessage } from './lib/use-open-at-message';
export { MainScreen } from './main-screen';
