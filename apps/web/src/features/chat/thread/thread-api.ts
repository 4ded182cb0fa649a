/**
 * The thread calls (000 §7): the thread detail, refreshed every 45 s while the page is
 * visible (000 §4), and the thread reply.
 */
import {
  sendMessageResponseSchema,
  THREAD_REFRESH_MS,
  threadDetailResponseSchema,
  type MentionRef,
  type ThreadDetail,
} from '@ichat/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { hasSession } from '../../../lib/session';
import { chatKeys } from '../api/keys';
import { jsonForm } from '../api/mutations';
import type { MessageWindow } from '../lib/paging';
import { addThreadReply, countThreadReply } from './thread-cache';

export const fetchThread = async (conversationId: number, parentId: number, signal?: AbortSignal): Promise<ThreadDetail> =>
  (await apiRequest(`/api/v1/messages/thread/${conversationId}/${parentId}`, { schema: threadDetailResponseSchema, ...(signal ? { signal } : {}) }))
    .thread_detail;

export const useThreadQuery = (conversationId: number, parentId: number | null) =>
  useQuery({
    queryKey: chatKeys.thread(conversationId, parentId ?? 0),
    enabled: parentId !== null && hasSession(),
    queryFn: ({ signal }) => fetchThread(conversationId, parentId!, signal),
    // TanStack Query skips interval refetches while the tab is hidden.
    refetchInterval: THREAD_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

export interface ThreadReplyInput {
  conversationId: number;
  parentId: number;
  text: string;
  files: File[];
  mentionData?: readonly MentionRef[];
  clientMessageId: string;
}

export const useThreadReplyMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, parentId, text, files, mentionData = [], clientMessageId }: ThreadReplyInput) =>
      apiRequest(`/api/v1/messages/${conversationId}/${parentId}`, {
        method: 'POST',
        body: jsonForm(
          { message: text, mention_data: mentionData.map(({ id, name }) => ({ id, name })), client_message_id: clientMessageId },
          files.map((file) => ({ field: 'attachments', file })),
        ),
        schema: sendMessageResponseSchema,
      }),
    onSuccess: ({ message }, { conversationId, parentId }) => {
      queryClient.setQueryData<ThreadDetail>(chatKeys.thread(conversationId, parentId), (held) => addThreadReply(held, message));
      queryClient.setQueryData<MessageWindow>(chatKeys.messages(conversationId), (held) => countThreadReply(held, parentId, message.id));
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      if (message.message_attachment.length > 0) void queryClient.invalidateQueries({ queryKey: chatKeys.files(conversationId) });
    },
  });
};
