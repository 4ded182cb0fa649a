/**
 * Changes applied to a held thread ({parent, replies}) and to the parent's reply count in
 * the main list. Each answers the same object when nothing changed, so a repeated live
 * event does not re-render.
 */
import type { Message, ThreadDetail } from '@ichat/shared';
import type { MessageWindow } from '../lib/paging';

const deletedCopy = (message: Message): Message => ({ ...message, is_deleted: true, content: '', message_attachment: [], message_reactions: [] });

/** Like paging's mapMessages, but answers `held` itself when no message changed. */
const changeMessages = (held: MessageWindow | undefined, change: (message: Message) => Message): MessageWindow | undefined => {
  if (!held) return held;
  let hasChanged = false;
  const messages = held.messages.map((message) => {
    const next = change(message);
    if (next !== message) hasChanged = true;
    return next;
  });
  return hasChanged ? { ...held, messages } : held;
};

/** A reply joins the thread once, in id order. */
export const addThreadReply = (thread: ThreadDetail | undefined, reply: Message): ThreadDetail | undefined => {
  if (!thread || reply.reply_to_thread_message_id !== thread.parent.id) return thread;
  if (thread.replies.some((held) => held.id === reply.id)) return thread;
  const replies = [...thread.replies, reply].sort((a, b) => a.id - b.id);
  const counted = thread.parent.thread_replies.some((entry) => entry.id === reply.id);
  const parent = counted
    ? thread.parent
    : { ...thread.parent, thread_replies: [...thread.parent.thread_replies, { id: reply.id, reply_to_thread_message_id: thread.parent.id }] };
  return { parent, replies };
};

/** A deleted message shows as DELETED CHAT, whether it is the parent or a reply. */
export const markThreadMessageDeleted = (thread: ThreadDetail | undefined, messageId: number): ThreadDetail | undefined => {
  if (!thread) return thread;
  if (thread.parent.id === messageId) {
    return thread.parent.is_deleted ? thread : { ...thread, parent: deletedCopy(thread.parent) };
  }
  const target = thread.replies.find((reply) => reply.id === messageId);
  if (!target || target.is_deleted) return thread;
  return {
    parent: { ...thread.parent, thread_replies: thread.parent.thread_replies.filter((entry) => entry.id !== messageId) },
    replies: thread.replies.map((reply) => (reply.id === messageId ? deletedCopy(reply) : reply)),
  };
};

/** The parent in the main list counts a new reply (its 'N replies' link). */
export const countThreadReply = (held: MessageWindow | undefined, parentId: number, replyId: number): MessageWindow | undefined =>
  changeMessages(held, (message) =>
    message.id !== parentId || message.thread_replies.some((entry) => entry.id === replyId)
      ? message
      : { ...message, thread_replies: [...message.thread_replies, { id: replyId, reply_to_thread_message_id: parentId }] },
  );

/** A deleted reply no longer counts. */
export const uncountThreadReply = (held: MessageWindow | undefined, parentId: number, replyId: number): MessageWindow | undefined =>
  changeMessages(held, (message) =>
    message.id !== parentId || !message.thread_replies.some((entry) => entry.id === replyId)
      ? message
      : { ...message, thread_replies: message.thread_replies.filter((entry) => entry.id !== replyId) },
  );
