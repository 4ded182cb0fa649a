/** Messages for unit tests: a complete Message with only what a test cares about changed. */
import type { ChatUser, Message } from '@ichat/shared';

export const testUser = (id: number, displayName = `User ${id}`): ChatUser => ({
  id,
  display_name: displayName,
  first_name: displayName.split(' ')[0] ?? displayName,
  email_address: `${id}@demo.local`,
  profile_photo: null,
});

export const testMessage = (id: number, extra: Partial<Message> = {}): Message => ({
  id,
  conversation_id: 7,
  sender_id: 1,
  content: `Message ${id}`,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  is_deleted: false,
  is_pinned: false,
  reply_to_thread_message_id: null,
  client_message_id: null,
  user: testUser(extra.sender_id ?? 1),
  message_attachment: [],
  reply_to_message_detail: null,
  thread_replies: [],
  message_reactions: [],
  message_reads: [],
  is_edited: false,
  edited_at: null,
  ...extra,
});
