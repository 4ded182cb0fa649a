import {
  CONVERSATION_LIST_REFRESH_MS,
  conversationActionsResponseSchema,
  conversationDetailResponseSchema,
  conversationPageResponseSchema,
  filesResponseSchema,
  MESSAGE_PAGE_SIZE,
  messagePositionResponseSchema,
  messagesResponseSchema,
  UNREAD_COUNT_POLL_MS,
  unreadCountResponseSchema,
  usersResponseSchema,
  type ConversationFilter,
} from '@ichat/shared';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { hasSession } from '../../../lib/session';
import { mergeNewest, type MessageWindow } from '../lib/paging';
import { chatKeys } from './keys';

export const useConversationListQuery = (filter: ConversationFilter, limit: number) =>
  useQuery({
    queryKey: chatKeys.list(filter, limit),
    enabled: hasSession(),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v3/conversations?conversation_filter=${filter}&page=1&limit=${limit}`, {
        schema: conversationPageResponseSchema,
        signal,
      }),
    // Growing the limit keeps the items on screen while the longer page loads.
    placeholderData: keepPreviousData,
    refetchInterval: CONVERSATION_LIST_REFRESH_MS,
  });

export const useUnreadCountQuery = () =>
  useQuery({
    queryKey: chatKeys.unread(),
    enabled: hasSession(),
    queryFn: ({ signal }) =>
      apiRequest('/api/v2/conversations/unread-count', { schema: unreadCountResponseSchema, signal }),
    select: (response) => response.count,
    refetchInterval: UNREAD_COUNT_POLL_MS,
  });

export const useConversationQuery = (id: number) =>
  useQuery({
    queryKey: chatKeys.detail(id),
    enabled: hasSession(),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v2/conversations/${id}`, { schema: conversationDetailResponseSchema, signal }),
    select: (response) => response.conversation,
  });

/** Opening a conversation marks it read: the badges and the list follow. */
const refreshReadState = (queryClient: QueryClient) => {
  void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
  void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
};

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
      const page = await apiRequest(`/api/v1/messages/${conversationId}?limit=${MESSAGE_PAGE_SIZE}`, {
        schema: messagesResponseSchema,
        signal,
      });
      refreshReadState(queryClient);
      return mergeNewest(queryClient.getQueryData<MessageWindow>(chatKeys.messages(conversationId)), page);
    },
    // New messages arrive on the live socket, which catches up after each reconnect.
    staleTime: 0,
  });
};

export const fetchOlderMessages = (conversationId: number, beforeId: number, limit: number) =>
  apiRequest(`/api/v1/messages/${conversationId}?limit=${limit}&before=${beforeId}`, {
    schema: messagesResponseSchema,
  });

/** The messages after `afterId`, oldest first: the catch-up after a reconnect. */
export const fetchNewerMessages = (conversationId: number, afterId: number, limit: number) =>
  apiRequest(`/api/v1/messages/${conversationId}?limit=${limit}&after=${afterId}`, {
    schema: messagesResponseSchema,
  });

export const fetchMessagePosition = (conversationId: number, messageId: number) =>
  apiRequest(`/api/v1/messages/${conversationId}/${messageId}`, { schema: messagePositionResponseSchema });

export const useActivityLogQuery = (conversationId: number, isEnabled: boolean) =>
  useQuery({
    queryKey: chatKeys.actions(conversationId),
    enabled: isEnabled && hasSession(),
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/conversations/actions/${conversationId}`, {
        schema: conversationActionsResponseSchema,
        signal,
      }),
    select: (response) => response.conversation_actions,
    staleTime: 0,
  });

export const useFilesQuery = (conversationId: number, isEnabled: boolean) =>
  useQuery({
    queryKey: chatKeys.files(conversationId),
    enabled: isEnabled && hasSession(),
    queryFn: ({ signal }) => apiRequest(`/api/v1/files/${conversationId}`, { schema: filesResponseSchema, signal }),
    select: (response) => response.files,
    staleTime: 0,
  });

export const useUsersQuery = (isEnabled: boolean) =>
  useQuery({
    queryKey: chatKeys.users(),
    enabled: isEnabled && hasSession(),
    queryFn: ({ signal }) => apiRequest('/api/v1/users', { schema: usersResponseSchema, signal }),
    // Blank names cannot be searched for (000 §5).
    select: (response) => response.users.filter((user) => user.display_name.trim() !== ''),
  });
