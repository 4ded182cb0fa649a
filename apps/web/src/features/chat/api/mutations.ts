import {
  conversationActionResponseSchema,
  conversationPatchResponseSchema,
  createConversationResponseSchema,
  deleteMessageResponseSchema,
  directMessageResponseSchema,
  pinMessageResponseSchema,
  searchResponseSchema,
  sendMessageResponseSchema,
  type ConversationDetail,
  type MentionRef,
} from '@ichat/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { holdsMessage } from '../../live/message-cache';
import { mapMessages, upsertMessage, type MessageWindow } from '../lib/paging';
import { chatKeys } from './keys';

export const jsonForm = (data: unknown, files: readonly { field: string; file: File }[] = []): FormData => {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const { field, file } of files) form.append(field, file, file.name);
  return form;
};

export interface SendMessageInput {
  conversationId: number;
  text: string;
  replyToMessageId: number | null;
  files: File[];
  /** The picked mentions still written in the text (000 §5); none when left out. */
  mentionData?: readonly MentionRef[];
  /** Kept for the draft until it is sent, so a retry after a timeout cannot store it twice. */
  clientMessageId: string;
}

/**
 * Sends one message (000 §7): text, reply target, mentions and files; a message of files alone
 * goes as ' '.
 */
export const useSendMessageMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, text, replyToMessageId, files, mentionData = [], clientMessageId }: SendMessageInput) => {
      const message = text.trim() === '' && files.length > 0 ? ' ' : text;
      // Only id and name: the contract's mention shape, whatever else the caller's entries carry.
      const mentions = mentionData.map(({ id, name }) => ({ id, name }));
      const form = jsonForm(
        { message, reply_to_message_id: replyToMessageId, mention_data: mentions, client_message_id: clientMessageId },
        files.map((file) => ({ field: 'message_attachments', file })),
      );
      return apiRequest(`/api/v1/messages/${conversationId}`, {
        method: 'POST',
        body: form,
        schema: sendMessageResponseSchema,
      });
    },
    onSuccess: ({ message }, { conversationId }) => {
      // The live copy may have arrived first and already carry seen marks: it is kept.
      queryClient.setQueryData<MessageWindow>(chatKeys.messages(conversationId), (held) =>
        holdsMessage(held, message.id) ? held : upsertMessage(held, message),
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.files(conversationId) });
    },
  });
};

export const useDeleteMessageMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, messageId }: { conversationId: number; messageId: number }) =>
      apiRequest(`/api/v1/messages/${conversationId}/${messageId}`, {
        method: 'DELETE',
        schema: deleteMessageResponseSchema,
      }),
    onSuccess: (_response, { conversationId, messageId }) => {
      queryClient.setQueryData<MessageWindow>(chatKeys.messages(conversationId), (held) =>
        mapMessages(held, (message) =>
          message.id === messageId ? { ...message, is_deleted: true, content: '', message_attachment: [] } : message,
        ),
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(conversationId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.files(conversationId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.actions(conversationId) });
    },
  });
};

/** PATCH toggles a message's pin: pinning replaces the previous pin; the pinned one unpins. */
export const useTogglePinMessageMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, messageId }: { conversationId: number; messageId: number }) =>
      apiRequest(`/api/v1/messages/${conversationId}/${messageId}`, { method: 'PATCH', schema: pinMessageResponseSchema }),
    onSuccess: ({ message: pinned }, { conversationId }) => {
      const pinnedId = pinned?.id ?? null;
      queryClient.setQueryData<MessageWindow>(chatKeys.messages(conversationId), (held) =>
        mapMessages(held, (message) =>
          message.is_pinned === (message.id === pinnedId) ? message : { ...message, is_pinned: message.id === pinnedId },
        ),
      );
      queryClient.setQueryData<{ success: true; conversation: ConversationDetail }>(
        chatKeys.detail(conversationId),
        (previous) => (previous ? { ...previous, conversation: { ...previous.conversation, pinned_message: pinned } } : previous),
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(conversationId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.actions(conversationId) });
    },
  });
};

export const useSearchMessagesMutation = () =>
  useMutation({
    mutationFn: ({ conversationId, keyword }: { conversationId: number; keyword: string }) =>
      apiRequest(`/api/v1/messages/search/${conversationId}`, {
        method: 'POST',
        body: { keyword },
        schema: searchResponseSchema,
      }),
  });

export const useConversationPatchMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, action }: { conversationId: number; action: 'pin' | 'leave' }) =>
      apiRequest(`/api/v1/conversations/${conversationId}`, {
        method: 'PATCH',
        body: { action },
        schema: conversationPatchResponseSchema,
      }),
    onSuccess: (_response, { conversationId, action }) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
      if (action === 'leave') {
        queryClient.removeQueries({ queryKey: chatKeys.detail(conversationId) });
        queryClient.removeQueries({ queryKey: chatKeys.messages(conversationId) });
      } else {
        void queryClient.invalidateQueries({ queryKey: chatKeys.detail(conversationId) });
      }
    },
  });
};

export const useCreateConversationMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, memberIds, image }: { name: string; memberIds: number[]; image: File | null }) =>
      apiRequest('/api/v1/conversations', {
        method: 'POST',
        body: jsonForm(
          { name, conversation_member_ids: memberIds, is_group: true },
          image ? [{ field: 'conversation_image', file: image }] : [],
        ),
        schema: createConversationResponseSchema,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.lists() }),
  });
};

export const useUpdateConversationMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, name, image }: { conversationId: number; name: string; image: File | null }) =>
      apiRequest(`/api/v1/conversations/${conversationId}`, {
        method: 'PUT',
        body: jsonForm({ name }, image ? [{ field: 'conversation_image', file: image }] : []),
        schema: conversationActionResponseSchema,
      }),
    onSuccess: (_response, { conversationId }) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.detail(conversationId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.actions(conversationId) });
    },
  });
};

const useMemberChangeInvalidation = () => {
  const queryClient = useQueryClient();
  return (conversationId: number) => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.detail(conversationId) });
    void queryClient.invalidateQueries({ queryKey: chatKeys.actions(conversationId) });
    void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
  };
};

export const useAddMemberMutation = () => {
  const invalidate = useMemberChangeInvalidation();
  return useMutation({
    mutationFn: ({ conversationId, userId }: { conversationId: number; userId: number }) =>
      apiRequest(`/api/v1/conversation-member/${conversationId}`, {
        method: 'PUT',
        body: { user_id: userId },
        schema: conversationActionResponseSchema,
      }),
    onSuccess: (_response, { conversationId }) => invalidate(conversationId),
  });
};

export const useMemberActionMutation = () => {
  const invalidate = useMemberChangeInvalidation();
  return useMutation({
    mutationFn: ({ conversationId, userId, action }: { conversationId: number; userId: number; action: 'mute' | 'remove' }) =>
      apiRequest(`/api/v1/conversation-member/${conversationId}/${userId}`, {
        method: 'PATCH',
        body: { action },
        schema: conversationActionResponseSchema,
      }),
    onSuccess: (_response, { conversationId }) => invalidate(conversationId),
  });
};

export const useDirectMessageMutation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ recipients, message }: { recipients: number[]; message: string }) =>
      apiRequest('/api/v1/direct-message', {
        method: 'POST',
        body: { recipients, message },
        schema: directMessageResponseSchema,
      }),
    onSuccess: ({ conversation_ids }) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
      for (const id of conversation_ids) void queryClient.invalidateQueries({ queryKey: chatKeys.messages(id) });
    },
  });
};

