/** What the main screen remembers in local storage (000 §2): the toggle and the open conversation. */
import { CONVERSATION_FILTERS, DEFAULT_CONVERSATION_FILTER, type ConversationFilter } from '@ichat/shared';

const FILTER_KEY = 'conversationFilter';
const SELECTED_KEY = 'selectedConversationId';

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string | null): void => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be full or blocked; remembering is a convenience only.
  }
};

export const parseFilter = (raw: string | null): ConversationFilter =>
  (CONVERSATION_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as ConversationFilter) : DEFAULT_CONVERSATION_FILTER;

export const readStoredFilter = (): ConversationFilter => parseFilter(read(FILTER_KEY));
export const storeFilter = (filter: ConversationFilter): void => write(FILTER_KEY, filter);

export const readSelectedConversationId = (): number | null => {
  const value = Number(read(SELECTED_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
};
export const storeSelectedConversationId = (id: number | null): void => write(SELECTED_KEY, id === null ? null : String(id));
