/** Chat's calls that change something; each answer goes into the cache through chat-cache.ts. */
import { routes, type MentionRef, type NotificationLevel } from '@ichat/shared';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { useChatCache } from '../cache/chat-cache';

const jsonForm = (data: unknown, files: readonly { field: string; file: File }[] = []): FormData => {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  for (const { field, file } of files) form.append(field, file, file.name);
  return form;
};

/** What the composer hands over for a new message or a thread reply (000 §7). */
export interface MessageDraft {
  text: string;
  files: File[];
  /** The picked mentions still written in the text (000 §5); none when left out. */
  mentionData?: readonly MentionRef[];
  /** Kept for the draft until it is sent, so a retry after a timeout cannot store it twice. */
  clientMessageId: string;
}

/**
 * The multipart body of a new message or a thread reply: `fields` and the draft's mentions and
 * id as the JSON part, the draft's files under `fileField`.
 */
export const messageForm = (
  { files, mentionData = [], clientMessageId }: MessageDraft,
  fields: { message: string; reply_to_message_id?: number | null },
  fileField: 'message_attachments' | 'attachments',
): FormData =>
  jsonForm(
    // Only id and name: the contract's mention shape, whatever else the caller's entries carry.
    { ...fields, mention_data: mentionData.map(({ id, name }) => ({ id, name })), client_message_id: clientMessageId },
    files.map((file) => ({ field: fileField, file })),
  );

export interface SendMessageInput extends MessageDraft {
  conversationId: number;
  replyToMessageId: number | null;
}

/** Sends one message (000 §7): text, reply target, mentions and files. */
export const useSendMessageMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ conversationId, replyToMessageId, ...draft }: SendMessageInput) => {
      // A message of files alone goes as ' '.
      const message = draft.text.trim() === '' && draft.files.length > 0 ? ' ' : draft.text;
      const form = messageForm(draft, { message, reply_to_message_id: replyToMessageId }, 'message_attachments');
      return callApi(routes.chat.sendMessage, { params: { conversationId }, body: form });
    },
    onSuccess: ({ message }, { conversationId }) => cache.messageSent(conversationId, message),
  });
};

export const useDeleteMessageMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ conversationId, messageId }: { conversationId: number; messageId: number; threadParentId: number | null }) =>
      callApi(routes.chat.deleteMessage, { params: { conversationId, messageId } }),
    onSuccess: (_response, { conversationId, messageId, threadParentId }) =>
      cache.messageDeleted(conversationId, messageId, threadParentId),
  });
};

export interface EditMessageInput {
  conversationId: number;
  messageId: number;
  text: string;
  mentionData: readonly MentionRef[];
}

/** Changes the text of one's own message (issue 19); the answer is the whole message as it now is. */
export const useEditMessageMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ conversationId, messageId, text, mentionData }: EditMessageInput) =>
      callApi(routes.chat.editMessage, {
        params: { conversationId, messageId },
        body: { message: text, mention_data: mentionData.map(({ id, name }) => ({ id, name })) },
      }),
    onSuccess: ({ message }, { conversationId }) => cache.messageEdited(conversationId, message),
  });
};

/** What the person hears of a conversation: all messages, mentions only, or nothing (issue 19). */
export const useNotificationLevelMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ conversationId, level }: { conversationId: number; level: NotificationLevel }) =>
      callApi(routes.chat.setNotificationLevel, { params: { id: conversationId }, body: { level } }),
    onSuccess: ({ notification_level }, { conversationId }) => cache.notificationLevelChanged(conversationId, notification_level),
  });
};

/** PATCH toggles a message's pin: pinning replaces the previous pin; the pinned one unpins. */
export const useTogglePinMessageMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ conversationId, messageId }: { conversationId: number; messageId: number }) =>
      callApi(routes.chat.togglePin, { params: { conversationId, messageId } }),
    onSuccess: ({ message: pinned }, { conversationId }) => cache.pinChanged(conversationId, pinned),
  });
};

export const useSearchMessagesMutation = () =>
  useMutation({
    mutationFn: ({ conversationId, keyword }: { conversationId: number; keyword: string }) =>
      callApi(routes.chat.searchConversation, { params: { conversationId }, body: { keyword } }),
  });

export const useConversationPatchMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ conversationId, action }: { conversationId: number; action: 'pin' | 'leave' }) =>
      callApi(routes.chat.patchConversation, { params: { id: conversationId }, body: { action } }),
    onSuccess: (_response, { conversationId, action }) =>
      action === 'leave' ? cache.conversationLeft(conversationId) : cache.conversationPinToggled(conversationId),
  });
};

export const useCreateConversationMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ name, memberIds, image }: { name: string; memberIds: number[]; image: File | null }) =>
      callApi(routes.chat.createConversation, {
        body: jsonForm(
          { name, conversation_member_ids: memberIds, is_group: true },
          image ? [{ field: 'conversation_image', file: image }] : [],
        ),
      }),
    onSuccess: () => cache.sidebarChanged({ isUnreadToo: false }),
  });
};

export const useUpdateConversationMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ conversationId, name, image }: { conversationId: number; name: string; image: File | null }) =>
      callApi(routes.chat.updateConversation, {
        params: { id: conversationId },
        body: jsonForm({ name }, image ? [{ field: 'conversation_image', file: image }] : []),
      }),
    onSuccess: (_response, { conversationId }) => cache.activityLogged(conversationId),
  });
};

export const useAddMemberMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ conversationId, userId }: { conversationId: number; userId: number }) =>
      callApi(routes.chat.addMember, { params: { conversationId }, body: { user_id: userId } }),
    onSuccess: (_response, { conversationId }) => cache.activityLogged(conversationId),
  });
};

export const useMemberActionMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ conversationId, userId, action }: { conversationId: number; userId: number; action: 'mute' | 'remove' }) =>
      callApi(routes.chat.updateMember, { params: { conversationId, userId }, body: { action } }),
    onSuccess: (_response, { conversationId }) => cache.activityLogged(conversationId),
  });
};

export const useDirectMessageMutation = () => {
  const cache = useChatCache();
  return useMutation({
    mutationFn: ({ recipients, message }: { recipients: number[]; message: string }) =>
      callApi(routes.chat.directMessage, { body: { recipients, message } }),
    onSuccess: ({ conversation_ids }) => cache.conversationsReceived(conversation_ids),
  });
};
