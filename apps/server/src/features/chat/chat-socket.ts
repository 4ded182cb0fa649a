/**
 * Chat's side of the live socket's client events (000 §7): who may join a conversation's
 * room, seen receipts, pin re-announcements and typing. realtime/ checks each payload
 * against the shared contract and hands it here with the socket's own user.
 */
import type { PresenceAudience, RealtimeServer } from '../../realtime/socket-server.js';
import type { ChatLive } from './chat-live.js';
import type { MessagesService } from './messages.service.js';

export const JOIN_NOT_A_MEMBER = 'You are not a member of this conversation.';

export const registerChatSocketEvents = (
  realtime: Pick<RealtimeServer, 'handle' | 'authorizeConversationRooms' | 'showPresenceTo'>,
  { messages, live, presenceAudience }: { messages: MessagesService; live: ChatLive; presenceAudience: PresenceAudience },
) => {
  realtime.authorizeConversationRooms(async (user, conversationId) =>
    (await messages.maySee(conversationId, user.id)) ? 'OK' : JOIN_NOT_A_MEMBER,
  );
  realtime.showPresenceTo(presenceAudience);
  // Moves the caller's own read cursor; the receipt goes out once it has moved.
  realtime.handle('seen_message', (user, { conversationId, messageId }) => messages.markSeen(user, conversationId, messageId));
  realtime.handle('pin_message', (user, { conversation_id }) => messages.announcePin(user, conversation_id));
  // Only into a room this socket joined, which required membership.
  realtime.handle('currently_typing', (user, { room }, source) => {
    if (source.isInConversation(room)) live.typing(room, user, source.socketId);
  });
};
