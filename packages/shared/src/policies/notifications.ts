/**
 * What reaches a person, and how (docs/DECISIONS.md, "Push, edits and notification
 * preferences (issue 19)"), written once for the server's pushes and the web's chime, title
 * flash and browser notification:
 * - per conversation, a level: 'all' (the default), 'mentions' or 'nothing';
 * - per person, do not disturb until a moment, and quiet hours in their own time zone;
 * - a push only for what concerns the person (a direct message, a mention, @all, an approval
 *   event), never for a group's ordinary chatter, and only when no tab of theirs is visible.
 * Unread counts and the bell are never touched by any of it: they always count.
 */

export const NOTIFICATION_LEVELS = ['all', 'mentions', 'nothing'] as const;
export type NotificationLevel = (typeof NOTIFICATION_LEVELS)[number];
export const DEFAULT_NOTIFICATION_LEVEL: NotificationLevel = 'all';

/**
 * What happened, seen from the person it may reach: a message in their personal conversation
 * ('direct'), a group message naming them ('mention') or everyone ('all-mention'), any other
 * group message, or an approval event of the bell (a request to decide, a decision on theirs).
 */
export type AlertKind = 'direct' | 'mention' | 'all-mention' | 'group-message' | 'approval';

/** Quiet every day from `from` to `to` ('HH:MM', the span may cross midnight) in `time_zone`. */
export interface QuietHours {
  from: string;
  to: string;
  time_zone: string;
}

export interface QuietFacts {
  /** Epoch ms until which nothing sounds or is pushed; null when not set. */
  dndUntil: number | null;
  quietHours: QuietHours | null;
  /** Epoch ms. */
  now: number;
}

export interface AlertFacts extends QuietFacts {
  kind: AlertKind;
  /** The person's level in the conversation ('all' for an approval, which has none). */
  level: NotificationLevel;
}

export interface PushFacts extends AlertFacts {
  /** A deactivated person is never pushed to. */
  isActive: boolean;
  /** A visible tab of theirs has the conversation open. */
  isLookingAtConversation: boolean;
  /** Any tab of theirs reported itself visible. */
  hasVisibleTab: boolean;
}

/** Quiet hours as stored (both times set, or neither). */
export const quietHoursFrom = (from: string | null, to: string | null, timeZone: string): QuietHours | null =>
  from !== null && to !== null ? { from, to, time_zone: timeZone } : null;

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** 'HH:MM' on a 24-hour clock. */
export const isTimeOfDay = (value: string): boolean => TIME_OF_DAY.test(value);

const formatters = new Map<string, Intl.DateTimeFormat>();

const clockIn = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** An IANA time zone this runtime knows ('Asia/Manila', 'UTC'). */
export const isTimeZone = (value: string): boolean => {
  try {
    clockIn(value);
    return true;
  } catch {
    return false;
  }
};

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The minute of the day (0–1439) that a wall clock in `timeZone` shows at `now`. */
export const minuteOfDayIn = (now: number, timeZone: string): number => {
  const parts = clockIn(timeZone).formatToParts(now);
  const value = (type: 'hour' | 'minute') => Number(parts.find((part) => part.type === type)!.value);
  return value('hour') * 60 + value('minute');
};

/** Whether do not disturb or quiet hours hold at `now`: then nothing sounds, flashes or is pushed. */
export const isQuietAt = ({ dndUntil, quietHours, now }: QuietFacts): boolean => {
  if (dndUntil !== null && now < dndUntil) return true;
  if (quietHours === null) return false;
  const from = minutesOf(quietHours.from);
  const to = minutesOf(quietHours.to);
  if (from === to) return false;
  const minute = minuteOfDayIn(now, quietHours.time_zone);
  // 22:00–07:00 crosses midnight: quiet from 22:00 on, and until 07:00.
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
};

/** What a message is to one of its conversation's members. */
export const messageAlertKind = (message: { isGroup: boolean; mentionsRecipient: boolean; mentionsAll: boolean }): AlertKind => {
  if (!message.isGroup) return 'direct';
  if (message.mentionsRecipient) return 'mention';
  return message.mentionsAll ? 'all-mention' : 'group-message';
};

/**
 * Whether a kind is ever pushed: a group's ordinary chatter never is, whatever the level (as
 * Mattermost's default push setting, "mentions and direct messages"). The server asks this
 * first, so a group message without mentions costs no look-up at all.
 */
export const isPushedKind = (kind: AlertKind): boolean => kind !== 'group-message';

/** The conversation's level lets it through: 'nothing' nothing, 'mentions' what names the person (or is personal). */
const levelAllows = ({ kind, level }: Pick<AlertFacts, 'kind' | 'level'>): boolean => {
  if (kind === 'approval') return true;
  if (level === 'nothing') return false;
  return level === 'all' || kind !== 'group-message';
};

/** Whether an open page chimes, flashes its title and shows a browser notification for it. */
export const shouldAlertInPage = (facts: AlertFacts): boolean => levelAllows(facts) && !isQuietAt(facts);

/**
 * Whether it is pushed to the person's subscribed browsers: an active person, no visible tab
 * (nor one looking at the conversation), a kind that is pushed, a level that lets it through,
 * and neither do not disturb nor quiet hours.
 */
export const shouldPush = (facts: PushFacts): boolean =>
  facts.isActive && !facts.hasVisibleTab && !facts.isLookingAtConversation && isPushedKind(facts.kind) && shouldAlertInPage(facts);
