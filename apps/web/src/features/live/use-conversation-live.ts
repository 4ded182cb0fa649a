/**
 * The live side of one open conversation (000 §4, §7): joins its room (leaving the previous
 * one first), applies new and deleted messages, thread replies, seen marks, pin changes, reactions and
 * activity to the held queries, sends seen receipts, collects who is typing, and catches up
 * after a reconnect.
 */
import {
  SCROLL_AFTER_MESSAGE_MS,
  SOCKET_TIMEOUT_MS,
  TEXT,
  TYPING_INDICATOR_MS,
  messageSchema,
  type ConversationDetail,
  type Message,
  type ServerToClientEvents,
  type ThreadDetail,
} from '@ichat/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { chatKeys } from '../chat/api/keys';
import { fetchNewerMessages } from '../chat/api/queries';
import { MESSAGE_LIMIT_MAX, type MessageWindow } from '../chat/lib/paging';
import { applyReactions, applyThreadReactions, parseReactionsChanged } from '../chat/reactions/reaction-lib';
import { addThreadReply, countThreadReply, markThreadMessageDeleted, uncountThreadReply } from '../chat/thread/thread-cache';
import { useLiveConnection, type LiveConnection } from './live-context';
import { appendMessages, applyPin, applySeen, markDeleted, newestHeldId } from './message-cache';
import { listenTo } from './socket-client';

interface Typer {
  name: string;
  until: number;
}

const isVisible = () => document.visibilityState === 'visible';

/** A join or leave: its answer is 'OK' or a sentence to show; no answer in time shows 'operation has timed out'. */
const emitRoomChange = (live: LiveConnection, event: 'join' | 'leave', roomId: number) => {
  const { socket, user, showProblem } = live;
  const connectionId = socket.id;
  const withTimeout = socket.timeout(SOCKET_TIMEOUT_MS);
  const answer =
    event === 'join'
      ? withTimeout.emitWithAck('join', { room: roomId, userId: user.id, name: user.display_name })
      : withTimeout.emitWithAck('leave', { roomId, userId: user.id });
  answer.then(
    (response) => {
      if (response !== 'OK') showProblem(response);
    },
    // A connection that dropped meanwhile is no failure to show: the next one joins again.
    () => {
      if (socket.connected && socket.id === connectionId) showProblem(TEXT.socketTimeout);
    },
  );
};

export const useConversationLive = (conversationId: number, onNewMessage: () => void) => {
  const live = useLiveConnection();
  const queryClient = useQueryClient();
  const [typers, setTypers] = useState<ReadonlyMap<number, Typer>>(new Map());
  const onNewMessageRef = useRef(onNewMessage);
  useEffect(() => {
    onNewMessageRef.current = onNewMessage;
  }, [onNewMessage]);

  const socket = live?.socket;
  const user = live?.user;
  const epoch = live?.epoch ?? 0;
  const isConnected = live?.isConnected ?? false;
  const liveRef = useRef(live);
  useEffect(() => {
    liveRef.current = live;
  }, [live]);

  // One room at a time: the cleanup leaves the previous room before the next join.
  useEffect(() => {
    const current = liveRef.current;
    if (!current || !isConnected) return;
    const joinedOn = current.socket.id;
    emitRoomChange(current, 'join', conversationId);
    return () => {
      // A new connection is in no room yet: only the connection that joined leaves.
      if (current.socket.connected && current.socket.id === joinedOn) emitRoomChange(current, 'leave', conversationId);
    };
  }, [conversationId, epoch, isConnected]);

  useEffect(() => {
    if (!socket || !user) return;
    const messagesKey = chatKeys.messages(conversationId);
    const held = () => queryClient.getQueryData<MessageWindow>(messagesKey);
    const sendSeen = (message: Message) => {
      if (message.sender_id === user.id || !isVisible()) return;
      socket.emit('seen_message', {
        conversationId,
        messageId: message.id,
        userId: user.id,
        display_name: user.display_name,
      });
    };
    let scrollTimer: number | undefined;
    const scrollSoon = () => {
      window.clearTimeout(scrollTimer);
      scrollTimer = window.setTimeout(() => onNewMessageRef.current(), SCROLL_AFTER_MESSAGE_MS);
    };
    const refresh = (...keys: (readonly unknown[])[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };

    const handleMessage: ServerToClientEvents['message'] = (record) => {
      if (record.conversation_id !== conversationId) return;
      if (record.type === 'user-thread-chat' && record.chat_id !== null) {
        const parentId = record.chat_id;
        const threadKey = chatKeys.thread(conversationId, parentId);
        if (record.action === 'DELETE') {
          queryClient.setQueryData<ThreadDetail>(threadKey, (thread) => markThreadMessageDeleted(thread, record.id));
          queryClient.setQueryData<MessageWindow>(messagesKey, (window) => uncountThreadReply(window, parentId, record.id));
          refresh(chatKeys.actions(conversationId), chatKeys.files(conversationId));
          return;
        }
        const parsed = messageSchema.safeParse(record.data);
        if (!parsed.success) return;
        const reply = parsed.data;
        queryClient.setQueryData<ThreadDetail>(threadKey, (thread) => addThreadReply(thread, reply));
        queryClient.setQueryData<MessageWindow>(messagesKey, (window) => countThreadReply(window, parentId, reply.id));
        // In the open conversation a reply is read as it arrives, like a main-chat message.
        sendSeen(reply);
        if (reply.message_attachment.length > 0) refresh(chatKeys.files(conversationId));
        return;
      }
      if (record.type === 'user-chat' && record.action === 'DELETE') {
        queryClient.setQueryData<MessageWindow>(messagesKey, (window) => markDeleted(window, record.id));
        queryClient.setQueryData<ThreadDetail>(chatKeys.thread(conversationId, record.id), (thread) =>
          markThreadMessageDeleted(thread, record.id),
        );
        refresh(chatKeys.detail(conversationId), chatKeys.actions(conversationId), chatKeys.files(conversationId));
        return;
      }
      if (record.type === 'user-chat') {
        const parsed = messageSchema.safeParse(record.data);
        if (!parsed.success || held() === undefined) return;
        const message = parsed.data;
        const before = held();
        queryClient.setQueryData<MessageWindow>(messagesKey, (window) => appendMessages(window, [message]));
        if (held() === before) return;
        sendSeen(message);
        scrollSoon();
        if (message.message_attachment.length > 0) refresh(chatKeys.files(conversationId));
        return;
      }
      if (record.type === 'user-actions-chat') {
        refresh(chatKeys.actions(conversationId), chatKeys.detail(conversationId), chatKeys.lists());
      }
    };

    const handleSeen: ServerToClientEvents['receive_seen_message'] = (receipt) => {
      if (receipt.conversationId !== conversationId) return;
      queryClient.setQueryData<MessageWindow>(messagesKey, (window) => applySeen(window, receipt));
    };

    const handlePin: ServerToClientEvents['receive_pin_message'] = ({ conversation_id, pin_data }) => {
      if (conversation_id !== conversationId) return;
      queryClient.setQueryData<MessageWindow>(messagesKey, (window) => applyPin(window, pin_data?.id ?? null));
      queryClient.setQueryData<{ success: true; conversation: ConversationDetail }>(chatKeys.detail(conversationId), (previous) =>
        previous ? { ...previous, conversation: { ...previous.conversation, pinned_message: pin_data } } : previous,
      );
    };

    // The whole current list of one message's reactions. It may be a main-chat message, a
    // thread parent (held in both places) or a thread reply; each apply leaves what does not hold it.
    const handleReaction: ServerToClientEvents['messageReaction'] = (record) => {
      if (record.conversation_id !== conversationId || record.type !== 'user-reactions-chat') return;
      const changed = parseReactionsChanged(record.data);
      if (!changed) return;
      const { message_id, message_reactions } = changed;
      queryClient.setQueryData<MessageWindow>(messagesKey, (window) => applyReactions(window, message_id, message_reactions));
      queryClient.setQueriesData<ThreadDetail>({ queryKey: chatKeys.threads(conversationId) }, (thread) =>
        applyThreadReactions(thread, message_id, message_reactions),
      );
    };

    const handleTyping: ServerToClientEvents['currently_typing_feedback'] = ({ room, userId, display_name }) => {
      if (room !== conversationId || userId === user.id) return;
      setTypers((current) => new Map(current).set(userId, { name: display_name, until: Date.now() + TYPING_INDICATOR_MS }));
    };

    // Reading the open conversation in a tab that was hidden: the newest message is now seen.
    const handleVisibility = () => {
      const newest = held()?.messages.at(-1);
      if (!newest || !isVisible() || newest.message_reads.some((read) => read.user_id === user.id)) return;
      sendSeen(newest);
    };

    const stopListening = listenTo(socket, {
      message: handleMessage,
      receive_seen_message: handleSeen,
      receive_pin_message: handlePin,
      messageReaction: handleReaction,
      currently_typing_feedback: handleTyping,
    });
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      window.clearTimeout(scrollTimer);
      stopListening();
      document.removeEventListener('visibilitychange', handleVisibility);
    };
  }, [conversationId, queryClient, socket, user]);

  // After a reconnect (not the first connection) the messages missed meanwhile are fetched.
  const caughtUpEpoch = useRef(epoch);
  useEffect(() => {
    if (epoch <= caughtUpEpoch.current) return;
    caughtUpEpoch.current = epoch;
    if (epoch <= 1) return;
    const messagesKey = chatKeys.messages(conversationId);
    let isCancelled = false;
    const catchUp = async () => {
      for (;;) {
        const after = newestHeldId(queryClient.getQueryData<MessageWindow>(messagesKey));
        if (after === undefined || isCancelled) return;
        const page = await fetchNewerMessages(conversationId, after, MESSAGE_LIMIT_MAX);
        if (isCancelled) return;
        queryClient.setQueryData<MessageWindow>(messagesKey, (window) => appendMessages(window, page.messages));
        if (page.messages.length < MESSAGE_LIMIT_MAX) {
          if (page.messages.length > 0) onNewMessageRef.current();
          return;
        }
      }
    };
    catchUp()
      .catch(() => {
        // The refetch below still brings the newest page.
        void queryClient.invalidateQueries({ queryKey: messagesKey });
      })
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.detail(conversationId) });
      });
    return () => {
      isCancelled = true;
    };
  }, [conversationId, epoch, queryClient]);

  // A typer disappears TYPING_INDICATOR_MS after their last event.
  useEffect(() => {
    if (typers.size === 0) return;
    const soonest = Math.min(...[...typers.values()].map((typer) => typer.until));
    const timer = window.setTimeout(
      () =>
        setTypers((current) => {
          const now = Date.now();
          return new Map([...current].filter(([, typer]) => typer.until > now));
        }),
      Math.max(0, soonest - Date.now()) + 10,
    );
    return () => window.clearTimeout(timer);
  }, [typers]);

  // Switching conversation forgets who typed in the previous one.
  const [typersFor, setTypersFor] = useState(conversationId);
  if (typersFor !== conversationId) {
    setTypersFor(conversationId);
    setTypers(new Map());
  }

  return { typingNames: [...typers.values()].map((typer) => typer.name) };
};
