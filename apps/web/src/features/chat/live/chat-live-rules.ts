/** Small decisions of chat's live side (typing, unread alerts), kept pure so they are tested without a browser. */
import { TEXT } from '@ichat/shared';

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
