/** Small decisions of chat's live side (typing, unread alerts), kept pure so they are tested without a browser. */
import {
  isQuietAt,
  mentionMarkup,
  MENTION_ALL,
  messageAlertKind,
  quietHoursFrom,
  shouldAlertInPage,
  TEXT,
  type NotificationLevel,
  type NotificationSettings,
} from '@ichat/shared';

/** currently_typing goes out at most once a second while the person types. */
export const TYPING_EMIT_INTERVAL_MS = 1000;

export const shouldEmitTyping = (lastSentAt: number | null, now: number): boolean =>
  lastSentAt === null || now - lastSentAt >= TYPING_EMIT_INTERVAL_MS;

/** '<name> is typing…', or two names, or a count beyond that. */
export const typingText = (names: readonly string[]): string => {
  const [first, second] = names;
  if (first === undefined) return '';
  if (second === undefined) return `${first} is typing…`;
  if (names.length === 2) return `${first} and ${second} are typing…`;
  return `${first} and ${names.length - 1} others are typing…`;
};

/** The total of the two unread badges. */
export const unreadTotal = (count: { personal: number; group: number } | undefined): number =>
  count ? count.personal + count.group : 0;

/** A message that arrived for the person, with what the page knows of its conversation. */
export interface Arrival {
  content: string;
  isGroup: boolean;
  level: NotificationLevel;
}

const quietFacts = (settings: NotificationSettings | undefined, now: number) => ({
  dndUntil: settings?.do_not_disturb_until ? Date.parse(settings.do_not_disturb_until) : null,
  quietHours: settings?.quiet_hours ? quietHoursFrom(settings.quiet_hours.from, settings.quiet_hours.to, settings.quiet_hours.time_zone) : null,
  now,
});

/** Whether do not disturb or quiet hours hold now: the title does not flash, nothing sounds. */
export const isQuietNow = (settings: NotificationSettings | undefined, now: number): boolean => isQuietAt(quietFacts(settings, now));

/**
 * Whether a rise of the unread count chimes and notifies (issue 19): as the shared rule says for
 * the message that caused it (its conversation's level, a mention of the person or @All), outside
 * do not disturb and quiet hours. A rise with no known cause (a catch-up) alerts as 'all' would.
 */
export const shouldAlertFor = (arrival: Arrival | null, viewerName: string | undefined, settings: NotificationSettings | undefined, now: number): boolean => {
  const kind = arrival
    ? messageAlertKind({
        isGroup: arrival.isGroup,
        mentionsRecipient: viewerName !== undefined && arrival.content.includes(mentionMarkup(viewerName)),
        mentionsAll: arrival.content.includes(mentionMarkup(MENTION_ALL.name)),
      })
    : 'group-message';
  return shouldAlertInPage({ kind, level: arrival?.level ?? 'all', ...quietFacts(settings, now) });
};

/** The tab title while `unread` messages wait: the count leads, so a pinned tab still shows it (issue 19). */
export const unreadTitle = (baseTitle: string, unread: number): string => (unread > 0 ? `(${unread}) ${baseTitle}` : baseTitle);

/** The tab title at flash step `step`: '(N) New Messages' and the normal title by turns (000 §4). */
export const flashingTitle = (baseTitle: string, unread: number, step: number): string =>
  unread > 0 && step % 2 === 0 ? TEXT.unreadTitle(unread) : baseTitle;

/**
 * The sound and the browser notification come once per rise of the unread count. The first
 * count seen after the page loads is the baseline, so a reload does not chime.
 */
export const isUnreadRise = (previous: number | undefined, current: number): boolean =>
  previous !== undefined && current > previous;

/** Phones get no browser notification (000 §4): a coarse pointer or a phone-sized screen. */
export const PHONE_MAX_WIDTH_PX = 600;

export const isPhoneDevice = (width: number, isCoarsePointer: boolean): boolean =>
  isCoarsePointer || width < PHONE_MAX_WIDTH_PX;
