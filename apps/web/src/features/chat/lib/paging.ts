/**
 * Paging of the two lists (000 §9): the conversation list grows its limit by 5 from 10 (page
 * stays 1); the message list holds the newest 30 and adds 10 older ones per upward scroll.
 */
import {
  CONVERSATION_PAGE_GROWTH,
  CONVERSATION_PAGE_SIZE,
  MESSAGE_PAGE_GROWTH,
  type Message,
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

/** The messages of one conversation held by the page, oldest first. */
export interface MessageWindow {
  messages: Message[];
  /** Whether older messages exist before the first one held. */
  hasMore: boolean;
}

interface MessagePage {
  messages: Message[];
  has_more: boolean;
}

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
export const mergeOlder = (held: MessageWindow, page: MessagePage): MessageWindow => {
  const oldestHeld = held.messages[0]?.id ?? Number.POSITIVE_INFINITY;
  const older = page.messages.filter((message) => message.id < oldestHeld);
  return { messages: [...older, ...held.messages], hasMore: page.has_more };
};

/** A message the person just sent (or a changed one) put in its place by id. */
export const upsertMessage = (held: MessageWindow | undefined, message: Message): MessageWindow => {
  if (!held) return { messages: [message], hasMore: false };
  const index = held.messages.findIndex((existing) => existing.id === message.id);
  if (index >= 0) {
    const messages = held.messages.slice();
    messages[index] = message;
    return { ...held, messages };
  }
  const messages = [...held.messages, message].sort((a, b) => a.id - b.id);
  return { ...held, messages };
};

/** Changes some messages in place, e.g. marking one deleted or moving the pin. */
export const mapMessages = (
  held: MessageWindow | undefined,
  change: (message: Message) => Message,
): MessageWindow | undefined => (held ? { ...held, messages: held.messages.map(change) } : held);

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
