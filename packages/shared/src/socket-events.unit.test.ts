import { describe, expect, it } from 'vitest';
import { clientEventSchemas, reactionsChangedSchema, serverEventSchemas } from './socket-events.js';

const reaction = { id: 1, message_id: 10, user_id: 2, type: 'thanks', user: { id: 2, display_name: 'Juan Dela Cruz' } };

describe('live payload schemas', () => {
  it('accept the whole current reaction list of a message', () => {
    const data = { message_id: 10, message_reactions: [reaction] };
    expect(reactionsChangedSchema.parse(data)).toEqual(data);
    expect(reactionsChangedSchema.parse({ message_id: 10, message_reactions: [] })).toEqual({ message_id: 10, message_reactions: [] });
  });

  it('refuse a reaction list that is not one', () => {
    expect(reactionsChangedSchema.safeParse(undefined).success).toBe(false);
    expect(reactionsChangedSchema.safeParse({ message_id: 10 }).success).toBe(false);
    expect(reactionsChangedSchema.safeParse({ message_id: 10, message_reactions: [{ ...reaction, type: 'angry' }] }).success).toBe(false);
  });

  it('tell a deleted message from a new one by its action', () => {
    const base = { id: 5, conversation_id: 4, sender_id: 2, chat_id: null };
    const action = { id: 9, action: 'DELETE', detail: '5', user: { id: 2, display_name: 'Juan', first_name: 'Juan', email_address: 'juan@demo.local', profile_photo: null }, receiving_user_action: null, createdAt: '2026-11-24T00:00:00.000Z' };
    const deleted = serverEventSchemas.message.safeParse({ ...base, type: 'user-chat', action: 'DELETE', data: action });
    expect(deleted.success && deleted.data.action).toBe('DELETE');
    // A 'user-chat' without an action must carry a message, not an activity entry.
    expect(serverEventSchemas.message.safeParse({ ...base, type: 'user-chat', data: action }).success).toBe(false);
    expect(serverEventSchemas.message.safeParse({ ...base, type: 'user-sidebar-chat', data: { conversation_id: 4 } }).success).toBe(true);
    expect(serverEventSchemas.message.safeParse({ ...base, type: 'unknown-type', data: {} }).success).toBe(false);
  });

  it('carry an edited message whole, and refuse an edit that carries an activity entry', () => {
    const user = { id: 2, display_name: 'Juan', first_name: 'Juan', email_address: 'juan@demo.local', profile_photo: null };
    const message = {
      id: 5, conversation_id: 4, sender_id: 2, content: 'gravel at 9', createdAt: '2026-11-24T00:00:00.000Z', updatedAt: '2026-11-24T00:05:00.000Z',
      is_deleted: false, is_pinned: false, reply_to_thread_message_id: null, client_message_id: null, user, message_attachment: [],
      reply_to_message_detail: null, thread_replies: [], message_reactions: [], message_reads: [], is_edited: true, edited_at: '2026-11-24T00:05:00.000Z',
    };
    const base = { id: 5, conversation_id: 4, sender_id: 2, chat_id: null };
    const edited = serverEventSchemas.message.safeParse({ ...base, type: 'user-chat', action: 'EDIT', data: message });
    expect(edited.success && edited.data.action).toBe('EDIT');
    expect(serverEventSchemas.message.safeParse({ ...base, type: 'user-thread-chat', chat_id: 3, action: 'EDIT', data: { ...message, reply_to_thread_message_id: 3 } }).success).toBe(true);
    expect(serverEventSchemas.message.safeParse({ ...base, type: 'user-sidebar-chat', action: 'EDIT', data: { conversation_id: 4, message } }).success).toBe(true);
    expect(serverEventSchemas.message.safeParse({ ...base, type: 'user-chat', action: 'EDIT', data: { conversation_id: 4 } }).success).toBe(false);
  });
});

describe('client payload schemas', () => {
  it('take a tab’s visibility as a boolean only', () => {
    expect(clientEventSchemas.visibility.parse({ visible: false })).toEqual({ visible: false });
    expect(clientEventSchemas.visibility.safeParse({ visible: 'yes' }).success).toBe(false);
    expect(clientEventSchemas.visibility.safeParse(undefined).success).toBe(false);
  });
});
