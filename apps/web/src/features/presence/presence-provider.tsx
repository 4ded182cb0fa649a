/**
 * Who is online (000 §4), kept from the live socket's update_user_list: the first list after
 * each connection is the full picture, later ones hold only the people who changed.
 */
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { listenTo, useLiveConnection, useLiveEvent } from '../live';
import { mergePresence, type PresenceMap } from './presence';

/** null until the first update_user_list arrived. */
const PresenceContext = createContext<PresenceMap | null>(null);

export const usePresence = (): PresenceMap | null => useContext(PresenceContext);

export function PresenceProvider({ children }: { children: ReactNode }) {
  const socket = useLiveConnection()?.socket;
  const [presence, setPresence] = useState<PresenceMap | null>(null);
  const isFullListNext = useRef(false);

  // Set on the socket's own connect event, before the announcement's full list can arrive.
  useEffect(() => {
    if (!socket) return;
    return listenTo(socket, {
      connect: () => {
        isFullListNext.current = true;
      },
    });
  }, [socket]);

  useLiveEvent('update_user_list', (records) => {
    const isFullList = isFullListNext.current;
    isFullListNext.current = false;
    setPresence((held) => mergePresence(held ?? new Map(), records, isFullList));
  });

  return <PresenceContext value={presence}>{children}</PresenceContext>;
}
