/**
 * The shapes chat holds in its query cache, and every change to them as a pure function:
 * the window of an open conversation's messages (oldest first) and the threads opened in
 * it. chat-cache.ts applies these to the cache; nothing else changes chat's cached data.
 * Each function answers the same object when nothing changed, so a repeated live event, or
 * the HTTP answer and the live event of one change arriving both, re-renders nothing.
 */
import type { Message, MessageReaction, SeenReceipt as ServerSeenReceipt, ThreadDetail } from '@ichat/shared';

/** The messages of one conversation held by the page, oldest first. */
export interface MessageWindow {
  messages: Message[];
  /** Whether older messages exist before the first one held. */
  hasMore: boolean;
}

export interface MessagePage {
  messages: Message[];
  has_more: boolean;
}

/** A new list of reactions, or a change computed from the message's current one (as with React's setState). */
export type ReactionsUpdate =
  | readonly MessageReaction[]
  | ((current: readonly MessageReaction[]) => readonly MessageReaction[]);

/** A reader's cursor moved (receive_seen_message). */
export type SeenReceipt = Pick<ServerSeenReceipt, 'userId' | 'display_name' | 'messageId'>;

/** Changes some messages, answering `held` itself when none changed. */
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

/** A deleted message shows as DELETED CHAT: no text, files or reactions (000 §4). */
const deletedCopy = (message: Message): Message =>
  message.is_deleted ? message : { ...message, is_deleted: true, content: '', message_attachment: [], message_reactions: [] };

// ---------------------------------------------------------------- the window

/**
 * A fresh newest page merged into what is held: the page replaces the messages it covers
 * (new ones, deletions, seen marks), older held messages stay.
 */
export const mergeNewest = (held: MessageWindow | undefined, page: MessagePage): MessageWindow => {
  const oldestNew = page.messages[0]?.id;
  if (!held || oldestNew === undefined) return { messages: page.messages, hasMore: page.has_more };
  const older = held.messages.filter((message) => message.id < oldestNew);
  return { messages: [...older, ...page.messages], hasMore: older.length > 0 ? held.hasMore : page.has_more };
};

/** An older page put in front of what is held. */
export const mergeOlder = (held: MessageWindow | undefined, page: MessagePage): MessageWindow | undefined => {
  if (!held) return held;
  const oldestHeld = held.messages[0]?.id ?? Number.POSITIVE_INFINITY;
  const older = page.messages.filter((message) => message.id < oldestHeld);
  return { messages: [...older, ...held.messages], hasMore: page.has_more };
};

/** Messages appended once each, by id, kept oldest first. */
export const appendMessages = (held: MessageWindow | undefined, incoming: readonly Message[]): MessageWindow | undefined => {
  if (!held) return held;
  const ids = new Set(held.messages.map((message) => message.id));
  const fresh: Message[] = [];
  for (const message of incoming) {
    if (ids.has(message.id)) continue;
    ids.add(message.id);
    fresh.push(message);
  }
  if (fresh.length === 0) return held;
  return { ...held, messages: [...held.messages, ...fresh].sort((a, b) => a.id - b.id) };
};

/**
 * A message the person just sent, from the call's answer. Its live copy may have arrived
 * first and already carry seen marks, so a held copy is kept.
 */
export const addSentMessage = (held: MessageWindow | undefined, message: Message): MessageWindow =>
  appendMessages(held, [message]) ?? { messages: [message], hasMore: false };

/** Whether a message with this id is held. */
export const holdsMessage = (held: MessageWindow | undefined, messageId: number): boolean =>
  held?.messages.some((message) => message.id === messageId) ?? false;

/** The newest message held: where a catch-up after a reconnect starts. */
export const newestHeldId = (held: MessageWindow | undefined): number | undefined => held?.messages.at(-1)?.id;

/** A deleted message shows as DELETED CHAT, and so do replies quoting it. */
export const markDeleted = (held: MessageWindow | undefined, messageId: number): MessageWindow | undefined =>
  changeMessages(held, (message) => {
    if (message.id === messageId) return deletedCopy(message);
    const quoted = message.reply_to_message_detail;
    if (quoted?.id !== messageId || quoted.is_deleted) return message;
    return { ...message, reply_to_message_detail: { ...quoted, is_deleted: true, content: '' } };
  });

/**
 * A message's text was edited (issue 19): the text, its mentions and the edited mark change;
 * what the window keeps of it otherwise (seen-by, reactions, replies) stays. Replies quoting it
 * show the new text.
 */
const withEdit = (message: Message, edited: Message): Message => {
  if (message.id === edited.id) {
    return { ...message, content: edited.content, is_edited: edited.is_edited, edited_at: edited.edited_at };
  }
  const quoted = message.reply_to_message_detail;
  if (quoted?.id !== edited.id || quoted.is_deleted) return message;
  return { ...message, reply_to_message_detail: { ...quoted, content: edited.content } };
};

export const applyEdit = (held: MessageWindow | undefined, edited: Message): MessageWindow | undefined =>
  changeMessages(held, (message) => withEdit(message, edited));

/** The same for a held thread: the edited message may be its parent or a reply. */
export const applyThreadEdit = (thread: ThreadDetail | undefined, edited: Message): ThreadDetail | undefined => {
  if (!thread) return thread;
  const isHeld = thread.parent.id === edited.id || thread.replies.some((reply) => reply.id === edited.id);
  if (!isHeld) return thread;
  return { parent: withEdit(thread.parent, edited), replies: thread.replies.map((reply) => withEdit(reply, edited)) };
};

/**
 * A reader's cursor moved to `messageId`: like the REST data, the reader has then seen every
 * message up to it except their own, and appears once per message.
 */
export const applySeen = (held: MessageWindow | undefined, receipt: SeenReceipt): MessageWindow | undefined =>
  changeMessages(held, (message) => {
    if (message.id > receipt.messageId || message.sender_id === receipt.userId) return message;
    if (message.message_reads.some((read) => read.user_id === receipt.userId)) return message;
    const read = { id: receipt.userId, user_id: receipt.userId, user: { id: receipt.userId, display_name: receipt.display_name } };
    return { ...message, message_reads: [...message.message_reads, read] };
  });

/** The conversation's pin moved: at most one held message carries it. */
export const applyPin = (held: MessageWindow | undefined, pinnedId: number | null): MessageWindow | undefined =>
  changeMessages(held, (message) => {
    const isPinned = message.id === pinnedId;
    return message.is_pinned === isPinned ? message : { ...message, is_pinned: isPinned };
  });

// ---------------------------------------------------------------- reactions

const isSameReaction = (a: MessageReaction, b: MessageReaction): boolean =>
  a.id === b.id && a.type === b.type && a.user_id === b.user_id && a.user.display_name === b.user.display_name;

const isSameList = (a: readonly MessageReaction[], b: readonly MessageReaction[]): boolean =>
  a === b || (a.length === b.length && a.every((reaction, index) => isSameReaction(reaction, b[index]!)));

const withReactions = (message: Message, messageId: number, update: ReactionsUpdate): Message => {
  if (message.id !== messageId) return message;
  const next = typeof update === 'function' ? update(message.message_reactions) : update;
  return isSameList(message.message_reactions, next) ? message : { ...message, message_reactions: [...next] };
};

/** A message's reactions changed in the main-chat window; a message not held is left alone. */
export const applyReactions = (held: MessageWindow | undefined, messageId: number, update: ReactionsUpdate): MessageWindow | undefined =>
  changeMessages(held, (message) => withReactions(message, messageId, update));

/** The same for a held thread: the message may be its parent or one of its replies. */
export const applyThreadReactions = (
  thread: ThreadDetail | undefined,
  messageId: number,
  update: ReactionsUpdate,
): ThreadDetail | undefined => {
  if (!thread) return thread;
  const parent = withReactions(thread.parent, messageId, update);
  let hasChangedReply = false;
  const replies = thread.replies.map((reply) => {
    const changed = withReactions(reply, messageId, update);
    if (changed !== reply) hasChangedReply = true;
    return changed;
  });
  if (parent === thread.parent && !hasChangedReply) return thread;
  return { ...thread, parent, replies: hasChangedReply ? replies : thread.replies };
};

// ---------------------------------------------------------------- threads

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
