import type { ConversationFilter } from '@ichat/shared';

export const chatKeys = {
  all: ['chat'] as const,
  lists: () => [...chatKeys.all, 'conversations'] as const,
  list: (filter: ConversationFilter, limit: number) => [...chatKeys.lists(), filter, limit] as const,
  /** Every conversation of the caller, for the sidebar's name filter; a list, so it refreshes with the others. */
  everyConversation: () => [...chatKeys.lists(), 'every'] as const,
  unread: () => [...chatKeys.all, 'unread-count'] as const,
  detail: (id: number) => [...chatKeys.all, 'conversation', id] as const,
  messages: (id: number) => [...chatKeys.all, 'messages', id] as const,
  actions: (id: number) => [...chatKeys.all, 'actions', id] as const,
  files: (id: number) => [...chatKeys.all, 'files', id] as const,
  /** Every text one message had (its edit history). */
  versions: (conversationId: number, messageId: number) => [...chatKeys.all, 'versions', conversationId, messageId] as const,
  users: () => [...chatKeys.all, 'users'] as const,
  /** One thread: holds a ThreadDetail ({parent, replies}). */
  thread: (conversationId: number, parentId: number) => [...chatKeys.all, 'thread', conversationId, parentId] as const,
  threads: (conversationId: number) => [...chatKeys.all, 'thread', conversationId] as const,
};
