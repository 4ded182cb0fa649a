/**
 * Live changes applied to the messages held for an open conversation (the TanStack Query
 * window of chat/lib/paging). Each function answers the same object when nothing changed,
 * so a repeated event does not re-render the list.
 */
import type { Message } from '@ichat/shared';
import type { MessageWindow } from '../chat/lib/paging';

/** Messages appended once each, by id, kept oldest first. */
export const appendMessages = (
  held: MessageWindow | undefined,
  incoming: readonly Message[],
): MessageWindow | undefined => {
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

/** Whether a message with this id is held. */
export const holdsMessage = (held: MessageWindow | undefined, messageId: number): boolean =>
  held?.messages.some((message) => message.id === messageId) ?? false;

/** The newest message held: where a catch-up after a reconnect starts. */
export const newestHeldId = (held: MessageWindow | undefined): number | undefined => held?.messages.at(-1)?.id;

/** A deleted message loses its text and files (shown as DELETED CHAT), and so do replies quoting it. */
export const markDeleted = (held: MessageWindow | undefined, messageId: number): MessageWindow | undefined => {
  if (!held) return held;
  let hasChanged = false;
  const messages = held.messages.map((message) => {
    if (message.id === messageId && !message.is_deleted) {
      hasChanged = true;
      return { ...message, is_deleted: true, content: '', message_attachment: [] };
    }
    const quoted = message.reply_to_message_detail;
    if (quoted?.id === messageId && !quoted.is_deleted) {
      hasChanged = true;
      return { ...message, reply_to_message_detail: { ...quoted, is_deleted: true, content: '' } };
    }
    return message;
  });
  return hasChanged ? { ...held, messages } : held;
};

export interface SeenReceipt {
  userId: number;
  display_name: string;
  messageId: number;
}

/**
 * A reader's cursor moved to `messageId`: like the REST data, the reader has then seen every
 * message up to it except their own, and appears once per message.
 */
export const applySeen = (held: MessageWindow | undefined, receipt: SeenReceipt): MessageWindow | undefined => {
  if (!held) return held;
  let hasChanged = false;
  const messages = held.messages.map((message) => {
    if (message.id > receipt.messageId || message.sender_id === receipt.userId) return message;
    if (message.message_reads.some((read) => read.user_id === receipt.userId)) return message;
    hasChanged = true;
    const read = { id: receipt.userId, user_id: receipt.userId, user: { id: receipt.userId, display_name: receipt.display_name } };
    return { ...message, message_reads: [...message.message_reads, read] };
  });
  return hasChanged ? { ...held, messages } : held;
};

/** The conversation's pin moved: at most one held message carries it. */
export const applyPin = (held: MessageWindow | undefined, pinnedId: number | null): MessageWindow | undefined => {
  if (!held) return held;
  let hasChanged = false;
  const messages = held.messages.map((message) => {
    const isPinned = message.id === pinnedId;
    if (message.is_pinned === isPinned) return message;
    hasChanged = true;
    return { ...message, is_pinned: isPinned };
  });
  return hasChanged ? { ...held, messages } : held;
};
