/**
 * Pure rules of the notification menu (000 §2 'Notification menu'): what a notification
 * says and where a click on it leads.
 */
import { FORM_REQUEST_NOTIFICATION_TYPES, NOTIFICATION_PREVIEW_LENGTH, truncate, type Notification } from '@ichat/shared';
import { plainText } from '../chat';

export const FORM_REQUEST_TYPES = FORM_REQUEST_NOTIFICATION_TYPES;
const CHAT_POSITION_TYPES = ['reaction', 'mention', 'thread mention', 'unmute'] as const;

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

export const isFormRequestType = (type: string): boolean => isOneOf(FORM_REQUEST_TYPES, type);

/** The fields the click rules read; the notification type stays a plain string so an unknown one is handled. */
export type ClickableNotification = Pick<
  Notification,
  'conversation_id' | 'message_id' | 'request_notification_form_request_id' | 'request_type'
> & { notification_type: string };

/**
 * Where a click leads:
 * - `navigate`: go straight there ('mute' → the conversation; form requests → the detail);
 * - `position`: look the message up first, then open the conversation at it;
 * - `none`: not clickable ('removed', or data missing);
 * - `unsupported`: an unknown type, which shows TEXT.unsupportedNotification.
 */
export type NotificationTarget =
  | { kind: 'navigate'; to: string; markRead: boolean }
  | { kind: 'position'; conversationId: number; messageId: number }
  | { kind: 'none' }
  | { kind: 'unsupported' };

export const notificationTarget = (notification: ClickableNotification): NotificationTarget => {
  const type = notification.notification_type;
  if (type === 'removed') return { kind: 'none' };
  if (type === 'mute') {
    return notification.conversation_id === null
      ? { kind: 'none' }
      : { kind: 'navigate', to: `/conversations/${notification.conversation_id}`, markRead: true };
  }
  if (isOneOf(FORM_REQUEST_TYPES, type)) {
    const requestId = notification.request_notification_form_request_id;
    if (requestId === null) return { kind: 'none' };
    const params = new URLSearchParams({
      p: 'view-request-detail',
      t: notification.request_type ?? 'epr',
      r: String(requestId),
    });
    return { kind: 'navigate', to: `/requests?${params.toString()}`, markRead: true };
  }
  if (isOneOf(CHAT_POSITION_TYPES, type)) {
    if (notification.conversation_id === null) return { kind: 'none' };
    // An unmute points at no message: it opens the conversation, as a mute does.
    if (notification.message_id === null) {
      return { kind: 'navigate', to: `/conversations/${notification.conversation_id}`, markRead: true };
    }
    return { kind: 'position', conversationId: notification.conversation_id, messageId: notification.message_id };
  }
  return { kind: 'unsupported' };
};

/** The readable line under a form-request notification. */
export const FORM_REQUEST_LINES: Record<(typeof FORM_REQUEST_TYPES)[number], string> = {
  'new form request': 'New form request',
  'approve form request': 'Approved your form request',
  'approved form request': 'Form request approved',
  'denied form request': 'Form request rejected',
  'withdrawn form request': 'Withdrew their form request',
};

/** A daily reminder of a request still waiting for the reader's vote (docs/DECISIONS.md). */
export const REMINDER_LINE = 'Reminder: a form request is waiting for your approval';

const CHAT_LINES: Record<string, string> = {
  reaction: 'reacted to your message',
  mention: 'mentioned you',
  'thread mention': 'mentioned you in a thread',
  mute: 'muted you',
  unmute: 'unmuted you',
  removed: 'removed you from the conversation',
};

/** What one menu entry shows: who, what happened, the 15-character preview and where. */
export const notificationSummary = (notification: Notification) => {
  const type = notification.notification_type;
  const isRequest = isOneOf(FORM_REQUEST_TYPES, type);
  const action = notification.is_reminder ? REMINDER_LINE : isRequest ? FORM_REQUEST_LINES[type] : (CHAT_LINES[type] ?? type);
  const content = notification.message_details?.content ?? '';
  return {
    sender: notification.notification_sender_details?.display_name ?? 'Someone',
    action,
    preview: content ? truncate(plainText(content).replace(/\s+/g, ' ').trim(), NOTIFICATION_PREVIEW_LENGTH) : '',
    place: notification.conversation_details?.name ?? '',
    image: notification.conversation_details?.image ?? '',
    isRequest,
  };
};

/** The largest count the bell's badge writes out; above it the badge reads '99+'. */
export const BELL_BADGE_MAX = 99;

/**
 * The bell's accessible name, e.g. 'Notifications, 2 unread'. It says the number the badge
 * shows ('99+' above the cap), so the name holds the button's visible text (WCAG 2.5.3).
 */
export const bellLabel = (unread: number): string => {
  if (unread <= 0) return 'Notifications';
  const shown = unread > BELL_BADGE_MAX ? `${BELL_BADGE_MAX}+` : String(unread);
  return `Notifications, ${shown} unread`;
};
