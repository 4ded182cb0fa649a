/**
 * The live socket on the product's own port (000 §4, §7 Live socket): transport only. It
 * knows sockets, the handshake's token, rooms, presence, fan-out and the Redis adapter; it
 * knows no feature. Features reach it two ways (docs/DESIGN.md, "Live events"):
 * - they emit through LiveChannel (emitToConversation, emitToUsers, …) after their change
 *   has committed, with payloads typed by the shared contract (socket-events.ts);
 * - they handle the client events that concern them (`handle`), and decide who may join a
 *   conversation's room (`authorizeConversationRooms`).
 *
 * A socket acts as its token's user for its whole life; ids written in payloads are never
 * trusted. Every client payload is checked against its schema before a handler sees it.
 * With Redis, the streams adapter makes every room span all processes.
 */
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisClientType } from 'redis';
import { Server, type Socket } from 'socket.io';
import {
  clientEventSchemas,
  conversationRoom,
  PRESENCE_BATCH_MS,
  userRoom,
  type ClientEventName,
  type ClientEventPayload,
  type ClientToServerEvents,
  type OnlineUserRecord,
  type RoomAnswer,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  type SessionEndReason,
} from '@ichat/shared';
import type { Authenticate, AuthUser } from '../auth/auth-user.js';
import { nowMs, toIsoOrNull } from '../db/values.js';
import { noMetrics, type Metrics } from '../metrics/metrics.js';
import type { PresenceStore } from './presence.js';
import type { PresenceRepository } from './presence.repository.js';

interface SocketData {
  user: AuthUser;
  /** Set once socket.io has connected the socket: from then on its 'disconnect' takes the presence count back. */
  isConnected?: boolean;
  /** What the tab last said with `visibility`; undefined until it says. */
  visible?: boolean;
}

/** What server processes tell each other (through the Redis adapter). */
interface InterServerEvents {
  signal: (topic: string, payload: number) => void;
}

type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Who hears an emit: a conversation's room and/or people's private rooms, each socket once. */
export interface Audience {
  conversationId?: number;
  userIds?: readonly number[];
  /** Leaves out one socket, e.g. the typer's own. */
  exceptSocketId?: string;
}

/** How a feature speaks to the sockets, after its change is committed. */
export interface LiveChannel {
  emit<Name extends ServerEventName>(audience: Audience, event: Name, payload: ServerEventPayload<Name>): void;
  /** To every socket that joined the conversation's room (except one, e.g. the typer's own). */
  emitToConversation<Name extends ServerEventName>(
    conversationId: number,
    event: Name,
    payload: ServerEventPayload<Name>,
    options?: { exceptSocketId?: string },
  ): void;
  /** To every socket of these people (their private rooms). */
  emitToUsers<Name extends ServerEventName>(userIds: readonly number[], event: Name, payload: ServerEventPayload<Name>): void;
  /** These people's sockets leave a conversation's room (they were removed or left). */
  leaveConversation(userIds: readonly number[], conversationId: number): void;
  /** Says `logout` to every socket of the person, then disconnects them. */
  endSessions(userId: number, reason: SessionEndReason): void;
}

/**
 * A word to the other server processes of the deployment, e.g. that an answer a feature
 * keeps in memory changed. Carried by the Redis adapter, so it arrives within milliseconds,
 * after the change has committed; with one process there is nobody to tell.
 */
export interface ProcessSignals {
  signalOthers(topic: string, payload: number): void;
  onSignal(topic: string, handler: (payload: number) => void): void;
}

/**
 * Whether people are at a screen, as their tabs said with `visibility` (a socket that never
 * said counts as not visible), asked of every process's sockets: a feature decides from it
 * whether a push is needed.
 */
export interface Attention {
  /** Of these people: who has a visible tab, and who has a visible tab in the conversation's room. */
  lookingAt(userIds: readonly number[], conversationId: number | null): Promise<{ visible: ReadonlySet<number>; viewing: ReadonlySet<number> }>;
}

/** The socket that sent a client event, as a handler may use it. */
export interface EventSource {
  socketId: string;
  isInConversation(conversationId: number): boolean;
}

export type ClientEventHandler<Name extends ClientEventName> = (
  user: AuthUser,
  payload: ClientEventPayload<Name>,
  source: EventSource,
) => Promise<void> | void;

/** Answers 'OK' when the person may join the conversation's room, or the sentence to show. */
export type ConversationRoomPolicy = (user: AuthUser, conversationId: number) => Promise<RoomAnswer>;

/**
 * Whose presence a person sees, and so who hears when that person comes and goes (the
 * relation is symmetric). A feature answers it (docs/DESIGN.md, "Presence"): everyone sees
 * everyone in a small company; in a large one, chat says the people one shares a
 * conversation with.
 */
export interface PresenceAudience {
  /** Whether everyone sees everyone, as things stand. */
  isEveryone(): Promise<boolean>;
  /** Otherwise: whom this person sees. */
  of(userId: number): Promise<readonly number[]>;
}

export interface RealtimeServer extends LiveChannel, ProcessSignals, Attention {
  handle<Name extends ClientEventName>(event: Name, handler: ClientEventHandler<Name>): void;
  authorizeConversationRooms(policy: ConversationRoomPolicy): void;
  showPresenceTo(audience: PresenceAudience): void;
  close(): Promise<void>;
}

export const BAD_ROOM = 'That conversation does not exist.';
const FAILED = 'Something went wrong. Please try again.';

export const createRealtimeServer = ({
  server,
  authenticate,
  presence,
  presenceRepo,
  redis,
  streamName,
  logger,
  parseCookie,
  metrics = noMetrics,
}: {
  server: HttpServer;
  authenticate: Authenticate;
  presence: PresenceStore;
  presenceRepo: PresenceRepository;
  redis?: RedisClientType | undefined;
  streamName: string;
  logger: FastifyBaseLogger;
  /** The HTTP side's cookie parser (@fastify/cookie), so both sides read `token` alike. */
  parseCookie: (header: string) => Record<string, string | undefined>;
  /** Counts each emit (not each socket it reaches); the sockets are counted when scraped. */
  metrics?: Pick<Metrics, 'liveEventSent' | 'countSocketsWith'> | undefined;
}): RealtimeServer => {
  const io: LiveServer = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    // Same origin only: the web client is served from this port.
    cors: undefined,
    maxHttpBufferSize: 1_000_000,
    ...(redis ? { adapter: createAdapter(redis, { streamName }) } : {}),
  });
  metrics.countSocketsWith(() => io.of('/').sockets.size);

  const handlers = new Map<ClientEventName, ClientEventHandler<ClientEventName>>();
  const signalHandlers = new Map<string, (payload: number) => void>();
  io.on('signal', (topic, payload) => signalHandlers.get(topic)?.(payload));
  let roomPolicy: ConversationRoomPolicy = () => Promise.resolve(BAD_ROOM);
  let presenceAudience: PresenceAudience = { isEveryone: () => Promise.resolve(true), of: () => Promise.resolve([]) };
  /** The person and everyone who sees them. */
  const audienceOf = async (userId: number) => [...new Set([userId, ...(await presenceAudience.of(userId))])];

  /** Presence changes waiting for the next batch; the latest state of each person wins. */
  const pendingPresence = new Map<number, OnlineUserRecord>();

  /** One socket of this person is gone; when it was their last anywhere, they went offline now. */
  const leave = (userId: number) =>
    presence
      .remove(userId)
      .then(async (wentOffline) => {
        if (!wentOffline) return;
        const time = nowMs();
        await presenceRepo.recordLastOnline(userId, time);
        pendingPresence.set(userId, { user_id: userId, is_online: false, last_online: toIsoOrNull(time) });
      })
      .catch((error: unknown) => logger.error({ err: error }, 'presence remove failed'));

  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown } | undefined;
    const { cookie } = socket.handshake.headers;
    const token = typeof auth?.token === 'string' ? auth.token : cookie ? parseCookie(cookie)['token'] : undefined;
    if (!token) {
      next(new Error('unauthorized'));
      return;
    }
    authenticate(token).then(
      async (user) => {
        if (!user) {
          next(new Error('unauthorized'));
          return;
        }
        // The page shows the password change first; the socket waits for the new token.
        if (user.mustChangePassword) {
          next(new Error('password-change-required'));
          return;
        }
        socket.data.user = user;
        // Counted before the client hears 'connect', so a list asked for right after
        // (on any process) already has this person online.
        if (await presence.add(user.id)) pendingPresence.set(user.id, { user_id: user.id, is_online: true, last_online: null });
        // socket.io drops a socket whose client went away during the handshake (a page
        // reloaded meanwhile) without a 'disconnect': its count is taken back here, or its
        // person would stay online for ever.
        const leaveIfNeverConnected = () => {
          if (!socket.data.isConnected) void leave(user.id);
        };
        if (socket.conn.readyState !== 'open') {
          leaveIfNeverConnected();
          next(new Error('gone'));
          return;
        }
        socket.conn.once('close', leaveIfNeverConnected);
        next();
      },
      (error: unknown) => {
        logger.error({ err: error }, 'socket authentication failed');
        next(new Error('unavailable'));
      },
    );
  });

  // ------------------------------------------------------------------ presence batches
  /**
   * Each batch goes to the people who see someone in it: one broadcast when everyone sees
   * everyone; otherwise each recipient gets one update_user_list with just the changes they
   * may see, so the traffic grows with the changes and their audiences, never with everyone
   * online times everyone online.
   */
  const flushPresence = async () => {
    if (pendingPresence.size === 0) return;
    const changes = [...pendingPresence.values()];
    pendingPresence.clear();
    if (await presenceAudience.isEveryone()) {
      metrics.liveEventSent('update_user_list');
      io.emit('update_user_list', changes);
      return;
    }
    const byRecipient = new Map<number, OnlineUserRecord[]>();
    for (const change of changes) {
      for (const recipient of await audienceOf(change.user_id)) {
        const records = byRecipient.get(recipient);
        if (records) records.push(change);
        else byRecipient.set(recipient, [change]);
      }
    }
    const online = await presence.whoIsOnline([...byRecipient.keys()]);
    for (const [recipient, records] of byRecipient) {
      if (!online.has(recipient)) continue;
      metrics.liveEventSent('update_user_list');
      io.to(userRoom(recipient)).emit('update_user_list', records);
    }
  };
  const presenceTimer = setInterval(() => {
    flushPresence().catch((error: unknown) => logger.error({ err: error }, 'presence batch failed'));
  }, PRESENCE_BATCH_MS);
  presenceTimer.unref();

  /** What a person sees on announcing themself: everyone they see, online or with their last time. */
  const presenceSnapshot = async (userId: number): Promise<OnlineUserRecord[]> => {
    const people = (await presenceAudience.isEveryone()) ? await presenceRepo.listActive() : await presenceRepo.lastOnlineOf(await audienceOf(userId));
    const online = await presence.whoIsOnline(people.map((person) => person.id));
    return people.map((person) => ({
      user_id: person.id,
      is_online: online.has(person.id),
      last_online: toIsoOrNull(person.last_online_at),
    }));
  };

  const answer = (ack: unknown, text: RoomAnswer) => {
    if (typeof ack === 'function') (ack as (response: string) => void)(text);
  };

  /**
   * Reads a client event: a payload that does not match its schema is dropped (or answered
   * with BAD_ROOM where the event has an answer); a failing handler is logged and answered,
   * never an unhandled rejection.
   */
  const listen = <Name extends ClientEventName>(
    socket: LiveSocket,
    event: Name,
    run: (payload: ClientEventPayload<Name>, ack: unknown) => Promise<void> | void,
  ) => {
    // Socket.IO's typed `on` cannot narrow a generic event name; the payload is checked below.
    (socket.on as (event: string, listener: (...args: unknown[]) => void) => void)(event, (...args) => {
      // The acknowledgement is the last argument socket.io hands over: after the payload, or
      // alone when a client sent none (then there is no payload, and it is still answered).
      const ack = typeof args.at(-1) === 'function' ? args.at(-1) : undefined;
      const payload = args[0] === ack ? undefined : args[0];
      const parsed = clientEventSchemas[event].safeParse(payload);
      if (!parsed.success) {
        answer(ack, BAD_ROOM);
        return;
      }
      Promise.resolve()
        .then(() => run(parsed.data as ClientEventPayload<Name>, ack))
        .catch((error: unknown) => {
          logger.error({ err: error, event }, 'socket event failed');
          answer(ack, FAILED);
        });
    });
  };

  let isClosing = false;

  io.on('connection', (socket: LiveSocket) => {
    const { user } = socket.data;
    socket.data.isConnected = true;
    void socket.join(userRoom(user.id));
    const source: EventSource = {
      socketId: socket.id,
      isInConversation: (conversationId) => socket.rooms.has(conversationRoom(conversationId)),
    };

    socket.on('disconnect', () => {
      // On shutdown every socket drops at once; the people are not leaving, this process is.
      if (isClosing) return;
      void leave(user.id);
    });

    listen(socket, 'user_online', async (_payload, ack) => {
      answer(ack, 'OK');
      const snapshot = await presenceSnapshot(user.id);
      metrics.liveEventSent('update_user_list');
      socket.emit('update_user_list', snapshot);
    });

    listen(socket, 'user_online_ping_pong', () => {
      metrics.liveEventSent('ping_pong_response');
      socket.emit('ping_pong_response', { userId: user.id, message: 'pong' });
    });

    listen(socket, 'join', async ({ room }, ack) => {
      const verdict = await roomPolicy(user, room);
      if (verdict === 'OK') await socket.join(conversationRoom(room));
      answer(ack, verdict);
    });

    listen(socket, 'leave', async ({ roomId }, ack) => {
      await socket.leave(conversationRoom(roomId));
      answer(ack, 'OK');
    });

    listen(socket, 'visibility', ({ visible }, ack) => {
      socket.data.visible = visible;
      answer(ack, 'OK');
    });

    for (const event of ['seen_message', 'pin_message', 'currently_typing'] as const) {
      listen(socket, event, (payload) => handlers.get(event)?.(user, payload, source));
    }

    // The server broadcasts every stored change itself; relayed copies from clients would
    // let one person speak as another, so they are dropped.
    for (const relay of ['sendMessage', 'sidebar_sendMessage', 'sendMsgReaction'] as const) {
      socket.on(relay, () => logger.debug({ event: relay, userId: user.id }, 'relay event dropped'));
    }

    socket.on('logout', () => {
      socket.disconnect(true);
    });
  });

  const emit: LiveChannel['emit'] = ({ conversationId, userIds = [], exceptSocketId }, event, payload) => {
    const rooms = [...(conversationId === undefined ? [] : [conversationRoom(conversationId)]), ...userIds.map(userRoom)];
    if (rooms.length === 0) return;
    const target = exceptSocketId ? io.to(rooms).except(exceptSocketId) : io.to(rooms);
    metrics.liveEventSent(event);
    // Socket.IO's emit is typed per event name; LiveChannel's signature already ties the payload to it.
    (target.emit as (event: string, payload: unknown) => boolean)(event, payload);
  };

  return {
    emit,
    emitToConversation: (conversationId, event, payload, options) =>
      emit({ conversationId, ...(options?.exceptSocketId ? { exceptSocketId: options.exceptSocketId } : {}) }, event, payload),
    emitToUsers: (userIds, event, payload) => emit({ userIds }, event, payload),
    leaveConversation(userIds, conversationId) {
      for (const userId of userIds) io.in(userRoom(userId)).socketsLeave(conversationRoom(conversationId));
    },
    endSessions(userId, reason) {
      metrics.liveEventSent('logout');
      io.to(userRoom(userId)).emit('logout', { reason });
      io.in(userRoom(userId)).disconnectSockets(true);
    },
    async lookingAt(userIds, conversationId) {
      const visible = new Set<number>();
      const viewing = new Set<number>();
      if (userIds.length === 0) return { visible, viewing };
      // Every process answers for its own sockets (through the Redis adapter when there is one).
      for (const socket of await io.in(userIds.map(userRoom)).fetchSockets()) {
        if (socket.data.visible !== true) continue;
        visible.add(socket.data.user.id);
        if (conversationId !== null && socket.rooms.has(conversationRoom(conversationId))) viewing.add(socket.data.user.id);
      }
      return { visible, viewing };
    },
    signalOthers(topic, payload) {
      if (redis) io.serverSideEmit('signal', topic, payload);
    },
    onSignal(topic, handler) {
      signalHandlers.set(topic, handler);
    },
    handle(event, handler) {
      handlers.set(event, handler as ClientEventHandler<ClientEventName>);
    },
    authorizeConversationRooms(policy) {
      roomPolicy = policy;
    },
    showPresenceTo(audience) {
      presenceAudience = audience;
    },
    async close() {
      isClosing = true;
      clearInterval(presenceTimer);
      // Every engine connection closes (the HTTP server is left to Fastify's own close),
      // without socket.io's DISCONNECT packet first: a client the server disconnects does
      // not reconnect by itself, one whose connection drops does, with its randomised
      // backoff (SOCKET_RECONNECTION in the shared constants), to another process or to this
      // one when it is back (docs/RELIABILITY.md, "A restart with 2 000 clients connected").
      io.engine.close();
      await presence.close();
    },
  };
};
