import { createContext, useContext } from 'react';
import type { StoredUser } from '../../lib/session';
import type { PresenceMap } from './presence';
import type { LiveSocket } from './socket-client';

export interface LiveConnection {
  socket: LiveSocket;
  user: StoredUser;
  /** Counts connections: 1 after the first, more after each reconnect. */
  epoch: number;
  isConnected: boolean;
  /** Shows a sentence the server answered instead of 'OK' (join, leave). */
  showProblem: (text: string) => void;
}

export const LiveConnectionContext = createContext<LiveConnection | null>(null);
/** null until the first update_user_list arrived. */
export const PresenceContext = createContext<PresenceMap | null>(null);

/** The live socket, or null when there is no signed-in person (or outside the signed-in frame). */
export const useLiveConnection = (): LiveConnection | null => useContext(LiveConnectionContext);
export const usePresence = (): PresenceMap | null => useContext(PresenceContext);
