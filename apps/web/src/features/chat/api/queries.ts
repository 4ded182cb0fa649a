import { CONVERSATION_LIST_REFRESH_MS, MESSAGE_PAGE_SIZE, routes, UNREAD_COUNT_POLL_MS, type ConversationFilter } from '@ichat/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { hasSession } from '../../../lib/session';
import { createChatCache } from '../cache/chat-cache';
import { mergeNewest, type MessageWindow } from '../cache/message-window';
import { chatKeys } from './keys';

export const useConversationListQuery = (filter: ConversationFilter, limit: number) =>
  useQuery({
    queryKey: chatKeys.list(filter, limit),
    enabled: hasSession(),
    queryFn: ({ signal }) =>
      callApi(routes.chat.conversationPage, { query: { conversation_filter: filter, page: 1, limit }, signal }),
    // Growing the limit keeps the items on screen while the longer page loads.
    placeholderData: keepPreviousData,
    refetchInterval: CONVERSATION_LIST_REFRESH_MS,
  });

/** Every conversation of the caller, read whole while the sidebar filters them by name. */
export const useEveryConversationQuery = (isEnabled: boolean) =>
  useQuery({
    queryKey: chatKeys.everyConversation(),
    enabled: isEnabled && hasSession(),
    queryFn: ({ signal }) => callApi(routes.chat.conversations, { signal }),
  });

export const useUnreadCountQuery = () =>
  useQuery({
    queryKey: chatKeys.unread(),
    enabled: hasSession(),
    queryFn: ({ signal }) =>
      callApi(routes.chat.unreadCount, { signal }),
    select: (response) => response.count,
    refetchInterval: UNREAD_COUNT_POLL_MS,
  });

export const useConversationQuery = (id: number, isEnabled = true) =>
  useQuery({
    queryKey: chatKeys.detail(id),
    enabled: isEnabled && hasSession(),
    queryFn: ({ signal }) =>
      callApi(routes.chat.conversation, { params: { id }, signal }),
    select: (response) => response.conversation,
  });

/**
 * The newest page of a conversation merged into the messages already held, so a refetch
 * (after sending, or the periodic one) never drops the history scrolled into.
 */
export const useMessagesQuery = (conversationId: number) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: chatKeys.messages(conversationId),
    enabled: hasSession(),
    queryFn: async ({ signal }): Promise<MessageWindow> => {
      const page = await callApi(routes.chat.messages, { params: { conversationId }, query: { limit: MESSAGE_PAGE_SIZE }, signal });
      // Reading the newest page marks the conversation read: the badges and the list follow.
      const cache = createChatCache(queryClient);
      cache.readStateChanged();
      return mergeNewest(cache.window(conversationId), page);
    },
    // New messages arrive on the live socket, which catches up after each reconnect.
    staleTime: 0,
  });
};

export const fetchOlderMessages = (conversationId: number, beforeId: number, limit: number) =>
  callApi(routes.chat.messages, { params: { conversationId }, query: { limit, before: beforeId } });

/** The messages after `afterId`, oldest first: the catch-up after a reconnect. */
export const fetchNewerMessages = (conversationId: number, afterId: number, limit: number) =>
  callApi(routes.chat.messages, { params: { conversationId }, query: { limit, after: afterId } });

export const fetchMessagePosition = (conversationId: number, messageId: number) =>
  callApi(routes.chat.messagePosition, { params: { conversationId, messageId } });

export const useActivityLogQuery = (conversationId: number, isEnabled: boolean) =>
  useQuery({
    queryKey: chatKeys.actions(conversationId),
    enabled: isEnabled && hasSession(),
    queryFn: ({ signal }) =>
      callApi(routes.chat.activityLog, { params: { id: conversationId }, signal }),
    select: (response) => response.conversation_actions,
    staleTime: 0,
  });

export const useFilesQuery = (conversationId: number, isEnabled: boolean) =>
  useQuery({
    queryKey: chatKeys.files(conversationId),
    enabled: isEnabled && hasSession(),
    queryFn: ({ signal }) => callApi(routes.chat.files, { params: { conversationId }, signal }),
    select: (response) => response.files,
    staleTime: 0,
  });

export const useUsersQuery = (isEnabled: boolean) =>
  useQuery({
    queryKey: chatKeys.users(),
    enabled: isEnabled && hasSession(),
    queryFn: ({ signal }) => callApi(routes.chat.users, { signal }),
    // Blank names cannot be searched for (000 §5).
    select: (response) => response.users.filter((user) => user.display_name.trim() !== ''),
  });

/** Every text a message had, oldest first (issue 19); read when its history is opened. */
export const useMessageVersionsQuery = (conversationId: number, messageId: number, isEnabled: boolean) =>
  useQuery({
    queryKey: chatKeys.versions(conversationId, messageId),
    enabled: isEnabled && hasSession(),
    queryFn: ({ signal }) => callApi(routes.chat.messageVersions, { params: { conversationId, messageId }, signal }),
    select: (response) => response.versions,
  });
