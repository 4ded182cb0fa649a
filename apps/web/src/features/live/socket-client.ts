/** The one live socket of a signed-in person (000 §7 Live socket, §9 Socket). */
import {
  SOCKET_RANDOMIZATION_FACTOR,
  SOCKET_RECONNECTION_DELAY_MAX_MS,
  SOCKET_RECONNECTION_DELAY_MS,
  SOCKET_TIMEOUT_MS,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@ichat/shared';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { getToken } from '../../lib/session';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export const LIVE_SOCKET_OPTIONS = {
  path: '/socket.io',
  // Polling first, then the upgrade to a websocket (000 §7).
  transports: ['polling', 'websocket'],
  timeout: SOCKET_TIMEOUT_MS,
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
  reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MAX_MS,
  randomizationFactor: SOCKET_RANDOMIZATION_FACTOR,
  withCredentials: true,
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
