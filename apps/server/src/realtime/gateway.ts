/**
 * The Socket.IO gateway on the product's own port (000 §4, §7 Live socket).
 *
 * - A connection is accepted only with a valid token (handshake `auth.token`, or the
 *   `token` cookie); the socket acts as that user for its whole life. Ids written in event
 *   payloads (userId, user_id, display_name) are never trusted.
 * - Each socket joins its user's private room (sidebar, unread and session events) and,
 *   on `join`, the room of a conversation its user is a member of.
 * - Stored changes reach the rooms only through LiveEvents published by the services after
 *   commit (deliver below). The client's relay events are dropped.
 * - With Redis, the streams adapter makes every room span all processes.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClientType } from 'redis';
import { Server, type Socket } from 'socket.io';
import {
  conversationRoom,
  PRESENCE_BATCH_MS,
  userRoom,
  type ClientToServerEvents,
  type LiveMessageRecord,
  type OnlineUserRecord,
  type ReactionsChanged,
  type ServerToClientEvents,
} from '@ichat/shared';
import { toIsoOrNull, nowMs } from '../db/values.js';
import type { AccountsService, AuthUser } from '../features/accounts/accounts.service.js';
import type { LiveEvent, LiveEvents } from './live-events.js';
import type { PresenceStore } from './presence.js';
import type { PresenceRepository } from './presence.repository.js';

export interface SocketData {
  user: AuthUser;
}

export type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** What the gateway asks of the chat feature; the rules stay in its services. */
export interface LiveChatAccess {
  isMember(conversationId: number, userId: number): Promise<boolean>;
  /** Moves the caller's read cursor (forward only); the service publishes the change. */
  markSeen(caller: AuthUser, conversationId: number, messageId: number): Promise<void>;
  /** Publishes the conversation's stored pin again, for a member. */
  announcePin(caller: AuthUser, conversationId: number): Promise<void>;
}

export interface RealtimeGateway {
  io: LiveServer;
  close(): Promise<void>;
}

export const NOT_A_MEMBER = 'You are not a member of this conversation.';
export const BAD_ROOM = 'That conversation does not exist.';

const asId = (value: unknown): number | null => {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};
const payloadOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

export const createRealtimeGateway = ({
  server,
  accounts,
  events,
  chat,
  presence,
  presenceRepo,
  redis,
  streamName = 'ichat:socket.io',
  logger,
  parseCookie,
}: {
  server: HttpServer;
  /** The HTTP side's cookie parser (@fastify/cookie), so both sides read `token` alike. */
  parseCookie: (header: string) => Record<string, string | undefined>;
  accounts: AccountsService;
  events: LiveEvents;
  chat: LiveChatAccess;
  presence: PresenceStore;
  presenceRepo: PresenceRepository;
  redis?: RedisClientType | undefined;
  streamName?: string;
  logger: FastifyBaseLogger;
}): RealtimeGateway => {
  const io: LiveServer = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    // Same origin only: the web client is served from this port.
    cors: undefined,
    maxHttpBufferSize: 1_000_000,
    ...(redis ? { adapter: createAdapter(redis, { streamName }) } : {}),
  });

  /** Presence changes waiting for the next batch; the latest state of each person wins. */
  const pendingPresence = new Map<number, OnlineUserRecord>();

  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const { cookie } = socket.handshake.headers;
    const token = typeof auth?.token === 'string' ? auth.token : cookie ? parseCookie(cookie)['token'] : undefined;
    if (!token) {
      next(new Error('unauthorized'));
      return;
    }
    accounts.authenticate(token).then(
      async (user) => {
        if (!user) {
          next(new Error('unauthorized'));
          return;
        }
        socket.data.user = user;
        // Counted before the client hears 'connect', so a list asked for right after
        // (on any process) already has this person online.
        if (await presence.add(user.id)) pendingPresence.set(user.id, { user_id: user.id, is_online: true, last_online: null });
        next();
      },
      (error: unknown) => {
        logger.error({ err: error }, 'socket authentication failed');
        next(new Error('unavailable'));
      },
    );
  });

  // ------------------------------------------------------------------ presence batches
  const flushPresence = () => {
    if (pendingPresence.size === 0) return;
    const changes = [...pendingPresence.values()];
    pendingPresence.clear();
    io.emit('update_user_list', changes);
  };
  const presenceTimer = setInterval(flushPresence, PRESENCE_BATCH_MS);
  presenceTimer.unref();

  const presenceSnapshot = async (): Promise<OnlineUserRecord[]> => {
    const [people, online] = await Promise.all([presenceRepo.listActive(), presence.onlineUserIds()]);
    return people.map((person) => ({
      user_id: person.id,
      is_online: online.has(person.id),
      last_online: toIsoOrNull(person.last_online_at),
    }));
  };

  /** Runs a handler, so a failure is logged and answered, never an unhandled rejection. */
  const guarded =
    <Args extends unknown[]>(name: string, handler: (...args: Args) => Promise<void>) =>
    (...args: Args) => {
      handler(...args).catch((error: unknown) => {
        logger.error({ err: error, event: name }, 'socket event failed');
        const ack = args.at(-1);
        if (typeof ack === 'function') (ack as (answer: string) => void)('Something went wrong. Please try again.');
      });
    };

  const answer = (ack: unknown, text: string) => {
    if (typeof ack === 'function') (ack as (response: string) => void)(text);
  };

  let isClosing = false;

  io.on('connection', (socket: LiveSocket) => {
    const { user } = socket.data;
    void socket.join(userRoom(user.id));

    socket.on('disconnect', () => {
      // On shutdown every socket drops at once; the people are not leaving, this process is.
      if (isClosing) return;
      void presence
        .remove(user.id)
        .then(async (wentOffline) => {
          if (!wentOffline) return;
          const time = nowMs();
          await presenceRepo.recordLastOnline(user.id, time);
          pendingPresence.set(user.id, { user_id: user.id, is_online: false, last_online: toIsoOrNull(time) });
        })
        .catch((error: unknown) => logger.error({ err: error }, 'presence remove failed'));
    });

    socket.on(
      'user_online',
      guarded('user_online', async (_payload: unknown, ack?: unknown) => {
        answer(ack, 'OK');
        socket.emit('update_user_list', await presenceSnapshot());
      }),
    );

    socket.on('user_online_ping_pong', () => {
      socket.emit('ping_pong_response', { userId: user.id, message: 'pong' });
    });

    socket.on(
      'join',
      guarded('join', async (payload: unknown, ack?: unknown) => {
        const conversationId = asId(payloadOf(payload)['room']);
        if (conversationId === null) return answer(ack, BAD_ROOM);
        if (!(await chat.isMember(conversationId, user.id))) return answer(ack, NOT_A_MEMBER);
        await socket.join(conversationRoom(conversationId));
        answer(ack, 'OK');
      }),
    );

    socket.on(
      'leave',
      guarded('leave', async (payload: unknown, ack?: unknown) => {
        const conversationId = asId(payloadOf(payload)['roomId']);
        if (conversationId === null) return answer(ack, BAD_ROOM);
        await socket.leave(conversationRoom(conversationId));
        answer(ack, 'OK');
      }),
    );

    socket.on(
      'seen_message',
      guarded('seen_message', async (payload: unknown) => {
        const body = payloadOf(payload);
        const conversationId = asId(body['conversationId']);
        const messageId = asId(body['messageId']);
        if (conversationId === null || messageId === null) return;
        await chat.markSeen(user, conversationId, messageId);
      }),
    );

    socket.on(
      'pin_message',
      guarded('pin_message', async (payload: unknown) => {
        const conversationId = asId(payloadOf(payload)['conversation_id']);
        if (conversationId === null) return;
        await chat.announcePin(user, conversationId);
      }),
    );

    socket.on('currently_typing', (payload: unknown) => {
      const conversationId = asId(payloadOf(payload)['room']);
      // Only into a room this socket joined, which required membership.
      if (conversationId === null || !socket.rooms.has(conversationRoom(conversationId))) return;
      socket.to(conversationRoom(conversationId)).emit('currently_typing_feedback', {
        room: conversationId,
        userId: user.id,
        display_name: user.displayName,
        profile_photo: user.profilePhoto,
      });
    });

    // The server broadcasts every stored change itself (deliver below); relayed copies
    // from clients would let one person speak as another, so they are dropped.
    for (const relay of ['sendMessage', 'sidebar_sendMessage', 'sendMsgReaction'] as const) {
      socket.on(relay, () => logger.debug({ event: relay, userId: user.id }, 'relay event dropped'));
    }

    socket.on('logout', () => {
      socket.disconnect(true);
    });
  });

  // ------------------------------------------------------------------ stored changes
  const deliver = (event: LiveEvent) => {
    switch (event.type) {
      case 'session-ended':
        io.to(userRoom(event.userId)).emit('logout', { reason: event.reason });
        io.in(userRoom(event.userId)).disconnectSockets(true);
        return;
      case 'message-created': {
        const { message } = event;
        const threadParentId = message.reply_to_thread_message_id;
        const record: LiveMessageRecord = {
          id: message.id,
          conversation_id: event.conversationId,
          sender_id: message.sender_id,
          chat_id: threadParentId,
          type: threadParentId === null ? 'user-chat' : 'user-thread-chat',
          data: message,
        };
        io.to(conversationRoom(event.conversationId)).emit('message', record);
        io.to(event.memberIds.map(userRoom)).emit('message', {
          ...record,
          type: 'user-sidebar-chat',
          data: { conversation_id: event.conversationId, message },
        });
        return;
      }
      case 'message-deleted': {
        const record: LiveMessageRecord = {
          id: event.messageId,
          conversation_id: event.conversationId,
          sender_id: event.senderId,
          chat_id: event.threadParentId,
          action: 'DELETE',
          type: event.threadParentId === null ? 'user-chat' : 'user-thread-chat',
          data: event.action,
        };
        io.to(conversationRoom(event.conversationId)).emit('message', record);
        io.to(event.memberIds.map(userRoom)).emit('message', {
          ...record,
          type: 'user-sidebar-chat',
          data: { conversation_id: event.conversationId },
        });
        return;
      }
      case 'conversation-action': {
        const record: LiveMessageRecord = {
          id: event.action.id,
          conversation_id: event.conversationId,
          sender_id: event.action.user.id,
          chat_id: null,
          type: 'user-actions-chat',
          data: event.action,
        };
        for (const removed of event.removedUserIds) {
          io.in(userRoom(removed)).socketsLeave(conversationRoom(event.conversationId));
        }
        io.to(conversationRoom(event.conversationId)).emit('message', record);
        io.to(event.memberIds.map(userRoom)).emit('message', {
          ...record,
          type: 'user-sidebar-chat',
          data: { conversation_id: event.conversationId },
        });
        return;
      }
      case 'conversation-changed':
        io.to(event.memberIds.map(userRoom)).emit('message', {
          id: event.conversationId,
          conversation_id: event.conversationId,
          sender_id: 0,
          chat_id: null,
          type: 'user-sidebar-chat',
          data: { conversation_id: event.conversationId },
        });
        return;
      case 'pin-changed':
        io.to(conversationRoom(event.conversationId)).emit('receive_pin_message', {
          conversation_id: event.conversationId,
          user_id: event.userId,
          pin_data: event.pinned,
        });
        return;
      case 'reactions-changed': {
        const data: ReactionsChanged = { message_id: event.messageId, message_reactions: event.reactions };
        io.to(conversationRoom(event.conversationId)).emit('messageReaction', {
          id: event.messageId,
          conversation_id: event.conversationId,
          sender_id: event.actorId,
          chat_id: event.threadParentId,
          type: 'user-reactions-chat',
          data,
        });
        return;
      }
      case 'notification':
        io.to(event.userIds.map(userRoom)).emit('notification', { notification_type: event.notificationType });
        return;
      case 'read-cursor': {
        const seen = {
          conversationId: event.conversationId,
          messageId: event.messageId,
          userId: event.userId,
          display_name: event.displayName,
        };
        io.to([conversationRoom(event.conversationId), userRoom(event.userId)]).emit('receive_seen_message', seen);
        return;
      }
    }
  };
  const unsubscribe = events.subscribe(deliver);

  return {
    io,
    async close() {
      isClosing = true;
      unsubscribe();
      clearInterval(presenceTimer);
      io.disconnectSockets(true);
      // Closes every engine connection but leaves the HTTP server to Fastify's own close.
      io.engine.close();
      await presence.close();
    },
  };
};
