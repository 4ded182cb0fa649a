import type { Message } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import type { MessageWindow } from './message-window';
import { testMessage, testUser } from '../lib/test-messages';
import { appendMessages, applyEdit, applyPin, applySeen, applyThreadEdit, holdsMessage, markDeleted, newestHeldId } from './message-window';

const message = (id: number, senderId = 1, extra: Partial<Message> = {}): Message =>
  testMessage(id, { sender_id: senderId, user: testUser(senderId), ...extra });

const windowOf = (...messages: Message[]): MessageWindow => ({ messages, hasMore: true });

describe('appendMessages', () => {
  it('appends a new message once, however often it arrives', () => {
    const held = windowOf(message(1), message(2));
    const once = appendMessages(held, [message(3)]);
    expect(once?.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(appendMessages(once, [message(3)])).toBe(once);
    expect(appendMessages(held, [message(4), message(4)])?.messages.map((m) => m.id)).toEqual([1, 2, 4]);
  });

  it('does not double the sender’s own message already put in place by the send answer', () => {
    const sent = message(5, 2, { client_message_id: 'abcdefgh' });
    const held = windowOf(message(4), sent);
    expect(appendMessages(held, [message(5, 2)])).toBe(held);
  });

  it('keeps messages in id order when a catch-up page arrives after a live one', () => {
    const held = appendMessages(windowOf(message(1)), [message(4)]);
    expect(appendMessages(held, [message(2), message(3), message(4)])?.messages.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('leaves an unloaded conversation to its first fetch', () => {
    expect(appendMessages(undefined, [message(1)])).toBeUndefined();
  });

  it('knows the newest held id and whether a message is held', () => {
    const held = windowOf(message(3), message(9));
    expect(newestHeldId(held)).toBe(9);
    expect(newestHeldId(windowOf())).toBeUndefined();
    expect(holdsMessage(held, 3)).toBe(true);
    expect(holdsMessage(held, 4)).toBe(false);
  });
});

describe('markDeleted', () => {
  it('empties the deleted message and the replies quoting it', () => {
    const quoted = { id: 1, user: testUser(1, 'User 1'), content: 'Message 1', is_deleted: false };
    const held = windowOf(
      message(1, 1, { message_attachment: [{ id: 1, attachment: 'a.png', original_name: 'a.png', file_type: 'image/png', size: 3, createdAt: '2025-01-01T00:00:00.000Z' }] }),
      message(2, 2, { reply_to_message_detail: quoted }),
    );
    const next = markDeleted(held, 1);
    expect(next?.messages[0]).toMatchObject({ is_deleted: true, content: '', message_attachment: [] });
    expect(next?.messages[1]?.reply_to_message_detail).toMatchObject({ is_deleted: true, content: '' });
    expect(markDeleted(next, 1)).toBe(next);
    expect(markDeleted(held, 99)).toBe(held);
  });
});

describe('applySeen', () => {
  it('adds the reader once to every earlier message not their own, like the REST data', () => {
    const held = windowOf(message(1, 1), message(2, 2), message(3, 1), message(4, 1));
    const next = applySeen(held, { userId: 2, display_name: 'Maria Santos', messageId: 3 });
    expect(next?.messages.map((m) => m.message_reads.map((read) => read.user.display_name))).toEqual([
      ['Maria Santos'],
      [],
      ['Maria Santos'],
      [],
    ]);
    expect(applySeen(next, { userId: 2, display_name: 'Maria Santos', messageId: 3 })).toBe(next);
    const twoReaders = applySeen(next, { userId: 3, display_name: 'Carmen Flores', messageId: 4 });
    expect(twoReaders?.messages[0]?.message_reads.map((read) => read.user_id)).toEqual([2, 3]);
  });
});

describe('applyPin', () => {
  it('moves the pin to one message, or removes it', () => {
    const held = windowOf(message(1, 1, { is_pinned: true }), message(2));
    const moved = applyPin(held, 2);
    expect(moved?.messages.map((m) => m.is_pinned)).toEqual([false, true]);
    expect(applyPin(moved, 2)).toBe(moved);
    expect(applyPin(moved, null)?.messages.map((m) => m.is_pinned)).toEqual([false, false]);
  });
});

describe('applyEdit', () => {
  it('changes the text and the edited mark, keeps what the window knows of it, and the quotes follow', () => {
    const read = { id: 2, user_id: 2, user: { id: 2, display_name: 'User 2' } };
    const original = message(1, 1, { content: 'Tuesday', message_reads: [read] });
    const quoting = message(2, 2, { reply_to_message_detail: { id: 1, user: testUser(1), content: 'Tuesday', is_deleted: false } });
    const edited = message(1, 1, { content: 'Thursday', is_edited: true, edited_at: '2026-11-26T05:00:00.000Z', message_reads: [] });
    const after = applyEdit(windowOf(original, quoting), edited);
    expect(after?.messages[0]).toMatchObject({ content: 'Thursday', is_edited: true, edited_at: '2026-11-26T05:00:00.000Z', message_reads: [read] });
    expect(after?.messages[1]?.reply_to_message_detail?.content).toBe('Thursday');
  });

  it('leaves a window without the message as it was', () => {
    const held = windowOf(message(1), message(2));
    expect(applyEdit(held, message(9, 1, { content: 'elsewhere', is_edited: true }))).toBe(held);
  });

  it('reaches a thread’s parent and replies, and leaves other threads alone', () => {
    const thread = { parent: message(1), replies: [message(2, 2, { reply_to_thread_message_id: 1 })] };
    const edited = message(2, 2, { reply_to_thread_message_id: 1, content: 'fixed', is_edited: true });
    expect(applyThreadEdit(thread, edited)?.replies[0]?.content).toBe('fixed');
    expect(applyThreadEdit(thread, message(7, 2, { content: 'other' }))).toBe(thread);
  });
});
