import { routes, type Message, type MessageReaction, type ReactionType } from '@ichat/shared';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { callApi } from '../../../lib/api-client';
import { useChatCache } from '../cache/chat-cache';
import { useReportError } from '../../../lib/use-report-error';
import { toggledReactions } from './reaction-lib';

interface ToggleReactionInput {
  conversationId: number;
  messageId: number;
  type: ReactionType;
}

/**
 * Adds or takes back the viewer's reaction of one type (PUT /api/v1/messages/{c}/{m}). The
 * answer goes into the main-chat window and every held thread of the conversation, since a
 * thread parent shows in both. Returns `toggle(message, type)`; while one toggle of a message
 * is on its way, further ones for that message are ignored, so a double click counts once.
 */
export const useToggleReaction = (viewerId: number | undefined) => {
  const cache = useChatCache();
  const report = useReportError();
  const pendingMessageIds = useRef(new Set<number>());
  const { mutate } = useMutation({
    mutationFn: ({ conversationId, messageId, type }: ToggleReactionInput) =>
      callApi(routes.chat.toggleReaction, { params: { conversationId, messageId }, body: { reaction_type: type } }),
    onSuccess: (result, { conversationId, messageId, type }) =>
      cache.reactionsChanged(conversationId, messageId, (current: readonly MessageReaction[]) =>
        toggledReactions(current, viewerId, type, result),
      ),
    onError: (error) => report('ADD_REMOVE_REACTION_ERROR', error),
    // On the hook, not on mutate(): mutate's own callbacks run only for the latest call.
    onSettled: (_result, _error, { messageId }) => {
      pendingMessageIds.current.delete(messageId);
    },
  });

  return useCallback(
    (message: Message, type: ReactionType) => {
      const pending = pendingMessageIds.current;
      if (pending.has(message.id)) return;
      pending.add(message.id);
      mutate({ conversationId: message.conversation_id, messageId: message.id, type });
    },
    [mutate],
  );
};
