import { useCallback, useRef } from 'react';
import { useMeQuery } from '../../profile';
import { useLiveConnection } from '../../live';
import { shouldEmitTyping } from './chat-live-rules';

/** Tells the room the person is typing: currently_typing at most once a second (000 §7). */
export const useTypingNotifier = (conversationId: number) => {
  const live = useLiveConnection();
  const me = useMeQuery();
  const lastSentAt = useRef<number | null>(null);
  const photo = me.data?.profile_photo ?? null;

  return useCallback(() => {
    if (!live?.isConnected) return;
    const now = Date.now();
    if (!shouldEmitTyping(lastSentAt.current, now)) return;
    lastSentAt.current = now;
    live.socket.volatile.emit('currently_typing', {
      room: conversationId,
      userId: live.user.id,
      display_name: live.user.display_name,
      profile_photo: photo,
    });
  }, [conversationId, live, photo]);
};
