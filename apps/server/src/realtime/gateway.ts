/**
 * The Socket.IO gateway on the product's own port. A connection is accepted only with a
 * valid token (handshake `auth.token`, or the `token` cookie), and the socket acts as that
 * user for its whole life; ids written in event payloads are never trusted. Each socket
 * joins its user's private room, which carries session, sidebar and notification events.
 */
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server } from 'socket.io';
import { userRoom, type ClientToServerEvents, type ServerToClientEvents } from '@ichat/shared';
import type { AccountsService, AuthUser } from '../features/accounts/accounts.service.js';
import type { LiveEvent, LiveEvents } from './live-events.js';

export interface SocketData {
  user: AuthUser;
}

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export interface RealtimeGateway {
  io: LiveServer;
  close(): Promise<void>;
}

export const createRealtimeGateway = ({
  server,
  accounts,
  events,
  logger,
  parseCookie,
}: {
  server: HttpServer;
  /** The HTTP side's cookie parser (@fastify/cookie), so both sides read `token` alike. */
  parseCookie: (header: string) => Record<string, string | undefined>;
  accounts: AccountsService;
  events: LiveEvents;
  logger: FastifyBaseLogger;
}): RealtimeGateway => {
  const io: LiveServer = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    // Same origin only: the web client is served from this port.
    cors: undefined,
    maxHttpBufferSize: 1_000_000,
  });

  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const { cookie } = socket.handshake.headers;
    const token = typeof auth?.token === 'string' ? auth.token : cookie ? parseCookie(cookie)['token'] : undefined;
    if (!token) {
      next(new Error('unauthorized'));
      return;
    }
    accounts.authenticate(token).then(
      (user) => {
        if (!user) {
          next(new Error('unauthorized'));
          return;
        }
        socket.data.user = user;
        next();
      },
      (error: unknown) => {
        logger.error({ err: error }, 'socket authentication failed');
        next(new Error('unavailable'));
      },
    );
  });

  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.user.id));
  });

  const deliver = (event: LiveEvent) => {
    switch (event.type) {
      case 'session-ended':
        io.to(userRoom(event.userId)).emit('logout', { reason: event.reason });
        io.in(userRoom(event.userId)).disconnectSockets(true);
        break;
    }
  };
  const unsubscribe = events.subscribe(deliver);

  return {
    io,
    async close() {
      unsubscribe();
      io.disconnectSockets(true);
      // Closes every engine connection but leaves the HTTP server to Fastify's own close.
      io.engine.close();
    },
  };
};
