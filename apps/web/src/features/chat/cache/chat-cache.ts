/**
 * The one place chat's cached data changes (docs/ARCHITECTURE.md): an answer to the page's
 * own call and a live event about the same change both land here, as the same operation,
 * so they agree and a change is written once. The pure transforms are in message-window.ts.
 */
import type { ConversationDetail, ConversationSummary, Message, NotificationLevel, ThreadDetail } from '@ichat/shared';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { chatKeys } from '../api/keys';
import {
  addSentMessage,
  addThreadReply,
  appendMessages,
  applyEdit,
  applyPin,
  applyReactions,
  applySeen,
  applyThreadEdit,
  applyThreadReactions,
  countThreadReply,
  markDeleted,
  markThreadMessageDeleted,
  mergeOlder,
  uncountThreadReply,
  type MessagePage,
  type MessageWindow,
  type ReactionsUpdate,
  type SeenReceipt,
} from './message-window';

type DetailResponse = { success: true; conversation: ConversationDetail };

export const createChatCache = (queryClient: QueryClient) => {
  const changeWindow = (conversationId: number, change: (held: MessageWindow | undefined) => MessageWindow | undefined) =>
    queryClient.setQueryData<MessageWindow>(chatKeys.messages(conversationId), change);
  const changeThread = (conversationId: number, parentId: number, change: (held: ThreadDetail | undefined) => ThreadDetail | undefined) =>
    queryClient.setQueryData<ThreadDetail>(chatKeys.thread(conversationId, parentId), change);
  const changeEveryThread = (conversationId: number, change: (held: ThreadDetail | undefined) => ThreadDetail | undefined) =>
    queryClient.setQueriesData<ThreadDetail>({ queryKey: chatKeys.threads(conversationId) }, change);
  const window = (conversationId: number) => queryClient.getQueryData<MessageWindow>(chatKeys.messages(conversationId));
  const refresh = (...keys: (readonly unknown[])[]) => {
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };

  return {
    /** What is held of a conversation's messages. */
    window,

    /** A conversation as held by its detail or any sidebar list; undefined when none holds it. */
    heldConversation(conversationId: number): Pick<ConversationSummary, 'is_group' | 'notification_level'> | undefined {
      const detail = queryClient.getQueryData<DetailResponse>(chatKeys.detail(conversationId));
      if (detail) return detail.conversation;
      for (const [, list] of queryClient.getQueriesData<{ conversations?: ConversationSummary[] }>({ queryKey: chatKeys.lists() })) {
        const found = list?.conversations?.find((conversation) => conversation.id === conversationId);
        if (found) return found;
      }
      return undefined;
    },

    /**
     * New top-level messages (a live event, a catch-up page): appended once each. Answers
     * the ones that were new, so only they are marked seen or scrolled to.
     */
    messagesArrived(conversationId: number, messages: readonly Message[]): Message[] {
      const before = window(conversationId);
      if (!before) return [];
      changeWindow(conversationId, (held) => appendMessages(held, messages));
      const heldIds = new Set(before.messages.map((message) => message.id));
      const fresh = messages.filter((message) => !heldIds.has(message.id));
      if (fresh.some((message) => message.message_attachment.length > 0)) refresh(chatKeys.files(conversationId));
      return fresh;
    },

    /** The answer to the person's own send. */
    messageSent(conversationId: number, message: Message) {
      changeWindow(conversationId, (held) => addSentMessage(held, message));
      refresh(chatKeys.lists(), chatKeys.files(conversationId));
    },

    /** An older page, from scrolling up. */
    olderPageLoaded(conversationId: number, page: MessagePage) {
      changeWindow(conversationId, (held) => mergeOlder(held, page));
    },

    /** A thread reply, the person's own or another's: its thread, and the parent's reply count. */
    threadReplyArrived(conversationId: number, reply: Message) {
      const parentId = reply.reply_to_thread_message_id;
      if (parentId === null) return;
      changeThread(conversationId, parentId, (held) => addThreadReply(held, reply));
      changeWindow(conversationId, (held) => countThreadReply(held, parentId, reply.id));
      refresh(chatKeys.lists());
      if (reply.message_attachment.length > 0) refresh(chatKeys.files(conversationId));
    },

    /** A message was deleted: DELETED CHAT wherever it is held, and a thread reply stops counting. */
    messageDeleted(conversationId: number, messageId: number, threadParentId: number | null) {
      if (threadParentId === null) {
        changeWindow(conversationId, (held) => markDeleted(held, messageId));
        changeThread(conversationId, messageId, (held) => markThreadMessageDeleted(held, messageId));
        refresh(chatKeys.detail(conversationId), chatKeys.lists());
      } else {
        changeThread(conversationId, threadParentId, (held) => markThreadMessageDeleted(held, messageId));
        changeWindow(conversationId, (held) => uncountThreadReply(held, threadParentId, messageId));
      }
      refresh(chatKeys.actions(conversationId), chatKeys.files(conversationId));
    },

    /**
     * A message's text was edited, by the person (the edit's answer) or anyone (the EDIT live
     * record): wherever it is held, in the main list or a thread; its history is read again.
     */
    messageEdited(conversationId: number, edited: Message) {
      changeWindow(conversationId, (held) => applyEdit(held, edited));
      changeEveryThread(conversationId, (thread) => applyThreadEdit(thread, edited));
      refresh(chatKeys.versions(conversationId, edited.id));
      if (edited.id === window(conversationId)?.messages.at(-1)?.id) refresh(chatKeys.lists());
    },

    /** The person changed what they hear of a conversation: shown at once, and the lists follow. */
    notificationLevelChanged(conversationId: number, level: NotificationLevel) {
      queryClient.setQueryData<DetailResponse>(chatKeys.detail(conversationId), (previous) =>
        previous ? { ...previous, conversation: { ...previous.conversation, notification_level: level } } : previous,
      );
      refresh(chatKeys.lists());
    },

    /** A message's reactions: it may be in the main list, a thread parent (held in both) or a reply. */
    reactionsChanged(conversationId: number, messageId: number, update: ReactionsUpdate) {
      changeWindow(conversationId, (held) => applyReactions(held, messageId, update));
      changeEveryThread(conversationId, (thread) => applyThreadReactions(thread, messageId, update));
    },

    /** The conversation's pin moved (or went). */
    pinChanged(conversationId: number, pinned: Message | null) {
      changeWindow(conversationId, (held) => applyPin(held, pinned?.id ?? null));
      queryClient.setQueryData<DetailResponse>(chatKeys.detail(conversationId), (previous) =>
        previous ? { ...previous, conversation: { ...previous.conversation, pinned_message: pinned } } : previous,
      );
      refresh(chatKeys.actions(conversationId));
    },

    /** A reader's cursor moved: seen-by marks on the messages up to it. */
    readCursorMoved(conversationId: number, receipt: SeenReceipt) {
      changeWindow(conversationId, (held) => applySeen(held, receipt));
    },

    /** Reading changed the person's unread counts (here or in another tab). */
    readStateChanged() {
      refresh(chatKeys.unread(), chatKeys.lists());
    },

    /** A conversation's sidebar entry changed (new message, delete, membership), or its unread count may have. */
    sidebarChanged({ isUnreadToo }: { isUnreadToo: boolean }) {
      refresh(chatKeys.lists(), ...(isUnreadToo ? [chatKeys.unread()] : []));
    },

    /** An activity entry: rename, add, mute, remove, leave, pin. */
    activityLogged(conversationId: number) {
      refresh(chatKeys.actions(conversationId), chatKeys.detail(conversationId), chatKeys.lists());
    },

    /** The person pinned or unpinned the conversation in their sidebar. */
    conversationPinToggled(conversationId: number) {
      refresh(chatKeys.lists(), chatKeys.unread(), chatKeys.detail(conversationId));
    },

    /** The person left: what was held of it goes. */
    conversationLeft(conversationId: number) {
      queryClient.removeQueries({ queryKey: chatKeys.detail(conversationId) });
      queryClient.removeQueries({ queryKey: chatKeys.messages(conversationId) });
      refresh(chatKeys.lists(), chatKeys.unread());
    },

    /** Messages were sent to these conversations from elsewhere (a direct message to several). */
    conversationsReceived(conversationIds: readonly number[]) {
      refresh(chatKeys.lists(), chatKeys.unread(), ...conversationIds.map((id) => chatKeys.messages(id)));
    },

    /** The open conversation caught up after a reconnect: its pin and members are read again too. */
    caughtUp(conversationId: number) {
      refresh(chatKeys.detail(conversationId));
    },

    /** A catch-up failed: the newest page is fetched again instead. */
    reloadMessages(conversationId: number) {
      refresh(chatKeys.messages(conversationId));
    },
  };
};

export type ChatCache = ReturnType<typeof createChatCache>;

export const useChatCache = (): ChatCache => {
  const queryClient = useQueryClient();
  return useMemo(() => createChatCache(queryClient), [queryClient]);
};
