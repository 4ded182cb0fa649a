import type { ConversationSummary } from '@ichat/shared';

/**
 * Where a click on a sidebar item leads (000 §2): the conversation, or, when its latest
 * message is an unread thread reply, the conversation with that thread open at the reply.
 */
export const conversationOpenPath = (conversation: Pick<ConversationSummary, 'id' | 'unread_count' | 'last_message'>): string => {
  const last = conversation.last_message;
  const parentId = last?.reply_to_thread_message_id ?? null;
  if (!last || !last.is_thread_reply || parentId === null || conversation.unread_count === 0) return `/conversations/${conversation.id}`;
  const params = new URLSearchParams({ q: String(last.id), _t: String(parentId), _tr: 'true' });
  return `/conversations/${conversation.id}?${params.toString()}`;
};

/** The conversation address after the position lookup (000 §2 q, _q, _t, _tr). */
export const conversationJumpPath = (
  conversationId: number,
  messageId: number,
  position: { query: string; thread: { thread_reply: boolean; message_id: number | null } },
): string => {
  const params = new URLSearchParams({ q: String(messageId), _q: position.query });
  if (position.thread.thread_reply && position.thread.message_id !== null) {
    params.set('_t', String(position.thread.message_id));
    params.set('_tr', 'true');
  }
  return `/conversations/${conversationId}?${params.toString()}`;
};
