import { useCallback, useRef, useState } from 'react';
import { fetchOlderMessages, useMessagesQuery } from '../api/queries';
import { useChatCache } from '../cache/chat-cache';
import { olderPageLimit } from '../lib/paging';

/**
 * The messages of one conversation: the newest 30 from the query, then 10 older ones each
 * time the top is reached, or as many as a jump to an older message needs (000 §9).
 */
export const useMessageHistory = (conversationId: number) => {
  const cache = useChatCache();
  const query = useMessagesQuery(conversationId);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const inFlight = useRef<Promise<boolean> | null>(null);

  const held = useCallback(() => cache.window(conversationId), [cache, conversationId]);

  /** Loads one older page; false when there is nothing older. Concurrent calls share one request. */
  const loadOlder = useCallback(
    (wanted?: number): Promise<boolean> => {
      if (inFlight.current) return inFlight.current;
      const current = held();
      const oldest = current?.messages[0];
      if (!current || !current.hasMore || !oldest) return Promise.resolve(false);
      setIsLoadingOlder(true);
      const request = fetchOlderMessages(conversationId, oldest.id, olderPageLimit(current.messages.length, wanted))
        .then((page) => {
          cache.olderPageLoaded(conversationId, page);
          return page.messages.length > 0;
        })
        .finally(() => {
          inFlight.current = null;
          setIsLoadingOlder(false);
        });
      inFlight.current = request;
      return request;
    },
    [cache, conversationId, held],
  );

  /** Loads older pages until `count` messages are held (or none are left); answers how many are held. */
  const ensureCount = useCallback(
    async (count: number): Promise<number> => {
      for (;;) {
        const current = held();
        if (!current) return 0;
        if (current.messages.length >= count || !current.hasMore) return current.messages.length;
        const hasLoaded = await loadOlder(count);
        if (!hasLoaded) return held()?.messages.length ?? 0;
      }
    },
    [held, loadOlder],
  );

  return { query, isLoadingOlder, loadOlder, ensureCount };
};
