/**
 * Chat's side of the person's private room (000 §4, §7): the sidebar and the unread counts
 * follow every change to the person's conversations, their own reading in another tab, and
 * whatever changed while the socket was away. Mounted once in the signed-in frame, with the
 * unread alerts (title flash, chime, browser notification).
 */
import { useRef } from 'react';
import { useLiveConnection, useLiveEvent, useReconnected } from '../../live';
import { useChatCache } from '../cache/chat-cache';
import type { Arrival } from './chat-live-rules';
import { UnreadAlerts } from './unread-alerts';

export function ChatLiveSync() {
  const cache = useChatCache();
  const userId = useLiveConnection()?.user.id;
  // The newest message that reached this socket through a conversation room, i.e. on screen.
  const roomMessageId = useRef<number | null>(null);
  // The latest message from someone else: whether its rise of the count chimes follows its level.
  const lastArrival = useRef<Arrival | null>(null);

  useLiveEvent('message', (record) => {
    const isNewInRoom = (record.type === 'user-chat' || record.type === 'user-thread-chat') && record.action === undefined;
    if (isNewInRoom) roomMessageId.current = record.id;
    if (record.type !== 'user-sidebar-chat') return;
    const arrived = record.data.message;
    if (record.action === undefined && arrived && arrived.sender_id !== userId) {
      const conversation = cache.heldConversation(record.data.conversation_id);
      lastArrival.current = {
        content: arrived.content,
        isGroup: conversation?.is_group ?? true,
        level: conversation?.notification_level ?? 'all',
      };
    }
    // A message read as it arrives is not unread: counting it now would chime for it. The
    // seen receipt's own receive_seen_message refreshes the counts right after.
    const isReadOnArrival = record.id === roomMessageId.current && document.visibilityState === 'visible';
    cache.sidebarChanged({ isUnreadToo: !isReadOnArrival });
  });

  // This person read somewhere else (another tab or device).
  useLiveEvent('receive_seen_message', (receipt) => {
    if (receipt.userId === userId) cache.readStateChanged();
  });

  useReconnected(() => cache.readStateChanged());

  return <UnreadAlerts lastArrivalRef={lastArrival} />;
}
