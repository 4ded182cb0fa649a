/**
 * The thread calls (000 §7): the thread detail, refreshed every 45 s while the page is
 * visible (000 §4), and the thread reply.
 */
import { routes, THREAD_REFRESH_MS, type ThreadDetail } from '@ichat/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { hasSession } from '../../../lib/session';
import { chatKeys } from '../api/keys';
import { messageForm, type MessageDraft } from '../api/mutations';
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

export interface ThreadReplyInput extends MessageDraft {
  conversationId: number;
  parentId: number;
}

export const useThreadReplyMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ conversationId, parentId, ...draft }: ThreadReplyInput) =>
      callApi(routes.chat.replyInThread, {
        params: { conversationId, messageId: parentId },
        body: messageForm(draft, { message: draft.text }, 'attachments'),
      }),
    onSuccess: ({ message }, { conversationId }) => cache.threadReplyArrived(conversationId, message),
  });
};
