/**
 * Paging of the two lists (000 §9): the conversation list grows its limit by 5 from 10 (page
 * stays 1); the message list holds the newest 30 and adds 10 older ones per upward scroll.
 */
import {
  CONVERSATION_PAGE_GROWTH,
  CONVERSATION_PAGE_SIZE,
  MESSAGE_PAGE_GROWTH,
} from '@ichat/shared';

/** The server's largest page (pageQuery's default maximum). */
export const CONVERSATION_LIMIT_MAX = 100;
/** The largest message page the server answers (messagePageQuerySchema). */
export const MESSAGE_LIMIT_MAX = 200;

export const nextConversationLimit = (limit: number, loaded: number, total: number): number => {
  if (loaded < limit || loaded >= total) return limit;
  return Math.min(limit + CONVERSATION_PAGE_GROWTH, CONVERSATION_LIMIT_MAX);
};

export const initialConversationLimit = (): number => CONVERSATION_PAGE_SIZE;

/** How many older messages to ask for next so at least `wanted` messages are held. */
export const olderPageLimit = (held: number, wanted?: number): number => {
  if (wanted === undefined || wanted - held <= MESSAGE_PAGE_GROWTH) return MESSAGE_PAGE_GROWTH;
  return Math.min(wanted - held, MESSAGE_LIMIT_MAX);
};

/** The list position (0 = oldest held) of the message the server counts `index` from the newest. */
export const dataIndexFromNewest = (held: number, index: number): number => held - 1 - index;

/** How many messages precede `anchorId` (ids increase with time): Virtuoso's prepend offset. */
export const countBefore = (messages: readonly { id: number }[], anchorId: number | null): number => {
  if (anchorId === null) return 0;
  let low = 0;
  let high = messages.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((messages[middle]?.id ?? 0) < anchorId) low = middle + 1;
    else high = middle;
  }
  return low;
};
