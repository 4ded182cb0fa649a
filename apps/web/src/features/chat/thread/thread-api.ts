/**
 * The thread calls (000 §7): the thread detail, refreshed every 45 s while the page is
 * visible (000 §4), and the thread reply.
 */
import {
  routes,
  THREAD_REFRESH_MS,
  type MentionRef,
  type ThreadDetail,
} from '@ichat/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { hasSession } from '../../../lib/session';
import { chatKeys } from '../api/keys';
import { jsonForm } from '../api/mutations';
import { useChatCache } from '../cache/chat-cache';

export const fetchThread = async (conversationId: number, parentId: number, signal?: AbortSignal): Promise<ThreadDetail> =>
  (await callApi(routes.chat.thread, { params: { conversationId, messageId: parentId }, ...(signal ? { signal } : {}) })).thread_detail;

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
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ conversationId, parentId, text, files, mentionData = [], clientMessageId }: ThreadReplyInput) =>
      callApi(routes.chat.replyInThread, {
        params: { conversationId, messageId: parentId },
        body: jsonForm(
          { message: text, mention_data: mentionData.map(({ id, name }) => ({ id, name })), client_message_id: clientMessageId },
          files.map((file) => ({ field: 'attachments', file })),
        ),
      }),
    onSuccess: ({ message }, { conversationId }) => cache.threadReplyArrived(conversationId, message),
  });
};
