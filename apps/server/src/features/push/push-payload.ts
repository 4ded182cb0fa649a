/**
 * What a push says (pushPayloadSchema in packages/shared): who, a preview or only that
 * something came, the page to open (the web's own addresses: 000 §2 for a message, 001 for a
 * request's detail) and a tag per conversation or request, so the newest replaces the older.
 */
import { mentionsAsNames, truncate, type Message, type NotificationType, type PushPayload } from '@ichat/shared';

/** About two lines on a phone's lock screen. */
export const PUSH_PREVIEW_LENGTH = 120;
export const NO_PREVIEW_MESSAGE = 'New message';
export const NO_PREVIEW_REQUEST = 'New request';
export const NO_PREVIEW_DECISION = 'Update on your request';

/** The approval events of the bell that are pushed: a request to decide, a decision on one's own. */
export const PUSHED_REQUEST_TYPES = ['new form request', 'approve form request', 'approved form request', 'denied form request'] as const;
export type PushedRequestType = (typeof PUSHED_REQUEST_TYPES)[number];
export const isPushedRequestType = (type: NotificationType): type is PushedRequestType => (PUSHED_REQUEST_TYPES as readonly string[]).includes(type);

/** A message's words in one line, mentions as @name; files alone say so. */
export const messagePreview = (message: Pick<Message, 'content' | 'message_attachment'>): string => {
  const text = mentionsAsNames(message.content).replace(/\s+/g, ' ').trim();
  if (text) return truncate(text, PUSH_PREVIEW_LENGTH);
  const files = message.message_attachment.length;
  return files === 1 ? 'Sent an attachment' : `Sent ${files} attachments`;
};

/** The conversation at the message, its thread open for a thread reply (000 §2: q, _t, _tr). */
export const messageUrl = (message: Pick<Message, 'id' | 'conversation_id' | 'reply_to_thread_message_id'>): string => {
  const params = new URLSearchParams({ q: String(message.id) });
  if (message.reply_to_thread_message_id !== null) {
    params.set('_t', String(message.reply_to_thread_message_id));
    params.set('_tr', 'true');
  }
  return `/conversations/${message.conversation_id}?${params.toString()}`;
};

export const messagePayload = (message: Message, conversation: { name: string | null; is_group: boolean }, previews: boolean): PushPayload => ({
  title: conversation.is_group ? `${message.user.display_name} in ${conversation.name ?? 'a group'}` : message.user.display_name,
  body: previews ? messagePreview(message) : NO_PREVIEW_MESSAGE,
  url: messageUrl(message),
  tag: `conversation-${message.conversation_id}`,
});

const REQUEST_LINES: Record<PushedRequestType, (reference: string) => string> = {
  'new form request': (reference) => `${reference} is waiting for your approval.`,
  'approve form request': (reference) => `Approved your request ${reference}.`,
  'approved form request': (reference) => `Your request ${reference} was approved.`,
  'denied form request': (reference) => `Your request ${reference} was rejected.`,
};

export const requestPayload = (
  event: { type: PushedRequestType; isReminder: boolean; requestId: number; referenceId: string; formType: string; senderName: string | null },
  previews: boolean,
): PushPayload => {
  const toDecide = event.type === 'new form request';
  const line = REQUEST_LINES[event.type](event.referenceId);
  const params = new URLSearchParams({ p: 'view-request-detail', t: event.formType, r: String(event.requestId) });
  return {
    title: event.senderName ?? 'Requests',
    body: previews ? (event.isReminder ? `Reminder: ${line}` : line) : toDecide ? NO_PREVIEW_REQUEST : NO_PREVIEW_DECISION,
    url: `/requests?${params.toString()}`,
    tag: `request-${event.requestId}`,
  };
};
