/**
 * What features use of the live socket (docs/DESIGN.md, "Live events"): the connection to
 * emit on, a subscription to one server event whose payload is checked against the shared
 * contract before a feature sees it, and a signal after each reconnect so a feature can
 * catch up what it missed. This folder knows no feature.
 */
import { serverEventSchemas, type ServerEventName, type ServerEventPayload } from '@ichat/shared';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { StoredUser } from '../../lib/session';
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

/** The live socket, or null when there is no signed-in person (or outside the signed-in frame). */
export const useLiveConnection = (): LiveConnection | null => useContext(LiveConnectionContext);

/** A server payload after its schema check; one that does not match the contract is dropped. */
export const parseServerEvent = <Name extends ServerEventName>(event: Name, payload: unknown): ServerEventPayload<Name> | null => {
  const parsed = serverEventSchemas[event].safeParse(payload);
  if (parsed.success) return parsed.data as ServerEventPayload<Name>;
  console.warn(`A live '${event}' event did not match the contract and was ignored.`, parsed.error.issues[0]);
  return null;
};

/**
 * Calls `handler` with each `event` the socket receives while the calling component is
 * mounted. The handler may change on every render; the subscription stays.
 */
export const useLiveEvent = <Name extends ServerEventName>(event: Name, handler: (payload: ServerEventPayload<Name>) => void) => {
  const socket = useLiveConnection()?.socket;
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  }, [handler]);
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: unknown) => {
      const checked = parseServerEvent(event, payload);
      if (checked !== null) handlerRef.current(checked);
    };
    // Socket.IO's typed `on` cannot pair a generic event name with its listener; the payload is checked above.
    const untyped = socket as unknown as { on(event: string, listener: (payload: unknown) => void): void; off(event: string, listener: (payload: unknown) => void): void };
    untyped.on(event, listener);
    return () => untyped.off(event, listener);
  }, [event, socket]);
};

/**
 * Calls `onReconnect` each time the socket connects again after a drop (not on the first
 * connection): delivery is at most once, so whatever changed meanwhile is read again. The
 * cleanup it returns runs at the next reconnect, on unmount, or when `scope` changes (a
 * catch-up for one conversation stops when another opens).
 */
export const useReconnected = (onReconnect: () => void | (() => void), scope?: unknown) => {
  const epoch = useLiveConnection()?.epoch ?? 0;
  const callbackRef = useRef(onReconnect);
  useEffect(() => {
    callbackRef.current = onReconnect;
  }, [onReconnect]);
  const handledEpoch = useRef(epoch);
  useEffect(() => {
    if (epoch <= handledEpoch.current) return;
    handledEpoch.current = epoch;
    if (epoch <= 1) return;
    return callbackRef.current() ?? undefined;
  }, [epoch, scope]);
};
