import type { Message, ThreadDetail } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import type { MessageWindow } from './message-window';
import { testMessage } from '../lib/test-messages';
import { addThreadReply, countThreadReply, markThreadMessageDeleted, uncountThreadReply } from './message-window';

const message = (id: number, parentId: number | null = null): Message =>
  testMessage(id, {
    reply_to_thread_message_id: parentId,
    message_attachment: [{ id: 1, attachment: 'a.txt', original_name: 'a.txt', file_type: 'text/plain', size: 1, createdAt: '2026-11-23T01:00:00.000Z' }],
  });

const thread = (): ThreadDetail => ({ parent: message(10), replies: [message(12, 10)] });

describe('addThreadReply', () => {
  it('appends a reply of this thread once, in id order, and counts it on the parent', () => {
    const held = thread();
    const next = addThreadReply(held, message(11, 10))!;
    expect(next.replies.map((reply) => reply.id)).toEqual([11, 12]);
    expect(next.parent.thread_replies).toEqual([{ id: 11, reply_to_thread_message_id: 10 }]);
    expect(addThreadReply(next, message(11, 10))).toBe(next);
  });

  it('ignores replies of another thread and an absent thread', () => {
    const held = thread();
    expect(addThreadReply(held, message(13, 99))).toBe(held);
    expect(addThreadReply(undefined, message(13, 10))).toBeUndefined();
  });
});

describe('markThreadMessageDeleted', () => {
  it('blanks the parent or a reply, and uncounts a deleted reply', () => {
    const held = addThreadReply(thread(), message(12, 10))!;
    const parentGone = markThreadMessageDeleted(held, 10)!;
    expect(parentGone.parent).toMatchObject({ is_deleted: true, content: '', message_attachment: [] });
    const withCount = { ...held, parent: { ...held.parent, thread_replies: [{ id: 12, reply_to_thread_message_id: 10 }] } };
    const replyGone = markThreadMessageDeleted(withCount, 12)!;
    expect(replyGone.replies[0]).toMatchObject({ id: 12, is_deleted: true, content: '' });
    expect(replyGone.parent.thread_replies).toEqual([]);
    expect(markThreadMessageDeleted(replyGone, 12)).toBe(replyGone);
    expect(markThreadMessageDeleted(replyGone, 404)).toBe(replyGone);
  });
});

describe('the parent’s reply count in the main list', () => {
  it('counts a reply once and uncounts it, leaving other messages alone', () => {
    const held: MessageWindow = { messages: [message(9), message(10)], hasMore: false };
    const counted = countThreadReply(held, 10, 12)!;
    expect(counted.messages[1]!.thread_replies).toEqual([{ id: 12, reply_to_thread_message_id: 10 }]);
    expect(counted.messages[0]).toBe(held.messages[0]);
    expect(countThreadReply(counted, 10, 12)).toBe(counted);
    expect(uncountThreadReply(counted, 10, 12)!.messages[1]!.thread_replies).toEqual([]);
    expect(uncountThreadReply(held, 10, 12)).toBe(held);
  });
});
