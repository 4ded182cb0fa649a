/** Small decisions of the live socket, kept pure so they are tested without a browser. */
import { TEXT } from '@ichat/shared';

/**
 * The connection check (000 §4: "a check every 5 s reloads the page if the socket is not
 * connected"). One check that finds the socket down only asks it to connect again; a reload
 * comes at the second consecutive one, and never while the browser is offline or the tab
 * is hidden, so an ordinary reconnect (1–5 s) never reloads the page.
 */
export const RELOAD_AFTER_FAILED_CHECKS = 2;

export type CheckAction = 'none' | 'reconnect' | 'reload';

export interface ConnectionFacts {
  isConnected: boolean;
  isOnline: boolean;
  isVisible: boolean;
}

export const nextConnectionCheck = (
  failedChecks: number,
  facts: ConnectionFacts,
): { failedChecks: number; action: CheckAction } => {
  if (facts.isConnected || !facts.isOnline) return { failedChecks: 0, action: 'none' };
  const failed = failedChecks + 1;
  if (failed >= RELOAD_AFTER_FAILED_CHECKS && facts.isVisible) return { failedChecks: failed, action: 'reload' };
  return { failedChecks: failed, action: 'reconnect' };
};

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
