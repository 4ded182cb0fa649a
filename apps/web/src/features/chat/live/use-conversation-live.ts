/**
 * The live side of one open conversation (000 §4, §7): joins its room (leaving the previous
 * one first), sends seen receipts, collects who is typing, and hands every change that
 * arrives (new, edited and deleted messages, thread replies, seen marks, pins, reactions, activity)
 * to the chat cache; after a reconnect it fetches the messages missed meanwhile.
 */
import { SCROLL_AFTER_MESSAGE_MS, SOCKET_TIMEOUT_MS, TEXT, TYPING_INDICATOR_MS, type Message } from '@ichat/shared';
import { useEffect, useRef, useState } from 'react';
import { useLiveConnection, useLiveEvent, useReconnected, type LiveConnection } from '../../live';
import { fetchNewerMessages } from '../api/queries';
import { useChatCache } from '../cache/chat-cache';
import { newestHeldId } from '../cache/message-window';
import { MESSAGE_LIMIT_MAX } from '../lib/paging';

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
  const cache = useChatCache();
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

  const sendSeen = (message: Message) => {
    if (!socket || !user || message.sender_id === user.id || !isVisible()) return;
    socket.emit('seen_message', { conversationId, messageId: message.id, userId: user.id, display_name: user.display_name });
  };

  const scrollTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(scrollTimer.current), []);
  const scrollSoon = () => {
    window.clearTimeout(scrollTimer.current);
    scrollTimer.current = window.setTimeout(() => onNewMessageRef.current(), SCROLL_AFTER_MESSAGE_MS);
  };

  useLiveEvent('message', (record) => {
    if (record.conversation_id !== conversationId) return;
    switch (record.type) {
      case 'user-chat':
        if (record.action === 'DELETE') {
          cache.messageDeleted(conversationId, record.id, null);
          return;
        }
        if (record.action === 'EDIT') {
          cache.messageEdited(conversationId, record.data);
          return;
        }
        for (const message of cache.messagesArrived(conversationId, [record.data])) {
          sendSeen(message);
          scrollSoon();
        }
        return;
      case 'user-thread-chat':
        if (record.chat_id === null) return;
        if (record.action === 'DELETE') {
          cache.messageDeleted(conversationId, record.id, record.chat_id);
          return;
        }
        if (record.action === 'EDIT') {
          cache.messageEdited(conversationId, record.data);
          return;
        }
        cache.threadReplyArrived(conversationId, record.data);
        // In the open conversation a reply is read as it arrives, like a main-chat message.
        sendSeen(record.data);
        return;
      case 'user-actions-chat':
        cache.activityLogged(conversationId);
        return;
      case 'user-sidebar-chat':
        return;
    }
  });

  useLiveEvent('receive_seen_message', (receipt) => {
    if (receipt.conversationId === conversationId) cache.readCursorMoved(conversationId, receipt);
  });

  useLiveEvent('receive_pin_message', ({ conversation_id, pin_data }) => {
    if (conversation_id === conversationId) cache.pinChanged(conversationId, pin_data);
  });

  // The whole current list of one message's reactions.
  useLiveEvent('messageReaction', (record) => {
    if (record.conversation_id !== conversationId) return;
    cache.reactionsChanged(conversationId, record.data.message_id, record.data.message_reactions);
  });

  useLiveEvent('currently_typing_feedback', ({ room, userId, display_name }) => {
    if (room !== conversationId || userId === user?.id) return;
    setTypers((current) => new Map(current).set(userId, { name: display_name, until: Date.now() + TYPING_INDICATOR_MS }));
  });

  // Reading the open conversation in a tab that was hidden: the newest message is now seen.
  const sendSeenRef = useRef(sendSeen);
  useEffect(() => {
    sendSeenRef.current = sendSeen;
  });
  useEffect(() => {
    const handleVisibility = () => {
      const newest = cache.window(conversationId)?.messages.at(-1);
      if (!newest || !isVisible() || newest.message_reads.some((read) => read.user_id === user?.id)) return;
      sendSeenRef.current(newest);
    };
    document.addEventListener('visibilitychange', handleVisibility);
    return () => document.removeEventListener('visibilitychange', handleVisibility);
  }, [cache, conversationId, user?.id]);

  // After a reconnect the messages missed meanwhile are fetched, page after page.
  useReconnected(() => {
    let isCancelled = false;
    const catchUp = async () => {
      for (;;) {
        const after = newestHeldId(cache.window(conversationId));
        if (after === undefined || isCancelled) return;
        const page = await fetchNewerMessages(conversationId, after, MESSAGE_LIMIT_MAX);
        if (isCancelled) return;
        cache.messagesArrived(conversationId, page.messages);
        if (page.messages.length < MESSAGE_LIMIT_MAX) {
          if (page.messages.length > 0) onNewMessageRef.current();
          return;
        }
      }
    };
    catchUp()
      // The refetch brings the newest page instead.
      .catch(() => cache.reloadMessages(conversationId))
      .finally(() => cache.caughtUp(conversationId));
    return () => {
      isCancelled = true;
    };
  }, conversationId);

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
