/** Chat (000): conversations, messages, threads, reactions, search, and its live side. */
export { fetchMessagePosition } from './api/queries';
export { ChatLiveSync } from './live/chat-live-sync';
export { conversationJumpPath } from './lib/conversation-path';
export { plainText } from './lib/preview';
export { MainScreen } from './main-screen';
