/** The one live socket of a signed-in person (000 §7 Live socket, §9 Socket). */
import {
  SOCKET_RECONNECTION,
  SOCKET_TIMEOUT_MS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@ichat/shared';
import { io, type ManagerOptions, type Socket, type SocketOptions, type SocketReservedEvents } from 'socket.io-client';
import { getToken } from '../../lib/session';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const LIVE_SOCKET_OPTIONS = {
  path: '/socket.io',
  // Polling first, then the upgrade to a websocket (000 §7).
  transports: ['polling', 'websocket'],
  timeout: SOCKET_TIMEOUT_MS,
  // Randomised backoff, the same the fault tests reconnect with (packages/shared constants).
  ...SOCKET_RECONNECTION,
  withCredentials: true,
  // A page that closes or reloads says goodbye, so its person goes offline at once; a
  // socket still on polling would otherwise count as online until the ping times out.
  closeOnBeforeunload: true,
  // The provider connects once the person is known.
  autoConnect: false,
} satisfies Partial<ManagerOptions & SocketOptions>;

/**
 * Same origin, so the `token` cookie authenticates the handshake by itself; the token also
 * goes in `auth`, read at every (re)connection so a renewed cookie is used.
 */
export const createLiveSocket = (): LiveSocket =>
  io({
    ...LIVE_SOCKET_OPTIONS,
    auth: (send) => {
      const token = getToken();
      send(token ? { token } : {});
    },
  });

/** The handshake was refused because the token is not (or no longer) valid. */
export const isUnauthorizedConnectError = (error: Error): boolean => error.message === 'unauthorized';

/** Handlers for the server's events and the socket's own (connect, disconnect, connect_error). */
export type LiveHandlers = { [E in keyof (ServerToClientEvents & SocketReservedEvents)]?: (ServerToClientEvents & SocketReservedEvents)[E] };

/** Subscribes every handler; the returned call removes exactly those. */
export const listenTo = (socket: LiveSocket, handlers: LiveHandlers): (() => void) => {
  // The mapped type pairs each event with its handler; the socket's overloads cannot see that.
  const entries = Object.entries(handlers) as [keyof LiveHandlers, (...args: never[]) => void][];
  for (const [event, handler] of entries) socket.on(event, handler as never);
  return () => {
    for (const [event, handler] of entries) socket.off(event, handler as never);
  };
};
