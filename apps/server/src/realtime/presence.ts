/**
 * Who is online (000 §4 Presence). A person is online while at least one of their sockets
 * is connected, on any process. Each process counts its own sockets; with Redis the counts
 * live in one hash per process that expires unless the process keeps it alive, so a
 * crashed process cannot leave people online for ever.
 *
 * Changes are not broadcast one by one: they are gathered and sent every PRESENCE_BATCH_MS,
 * each to the people who can see that person (socket-server.ts), so the cost grows with the
 * changes and their audiences, not with the square of the people online.
 */
import { randomUUID } from 'node:crypto';
import type { RedisClientType } from 'redis';

export interface PresenceStore {
  /** One more socket of this person here; true when they were offline everywhere. */
  add(userId: number): Promise<boolean>;
  /** One socket fewer here; true when they now have no socket anywhere. */
  remove(userId: number): Promise<boolean>;
  /** Which of these people are online anywhere. */
  whoIsOnline(userIds: readonly number[]): Promise<Set<number>>;
  close(): Promise<void>;
}

export const createMemoryPresenceStore = (): PresenceStore => {
  const counts = new Map<number, number>();
  return {
    add(userId) {
      const count = (counts.get(userId) ?? 0) + 1;
      counts.set(userId, count);
      return Promise.resolve(count === 1);
    },
    remove(userId) {
      const count = (counts.get(userId) ?? 0) - 1;
      if (count > 0) counts.set(userId, count);
      else counts.delete(userId);
      return Promise.resolve(count <= 0);
    },
    whoIsOnline: (userIds) => Promise.resolve(new Set(userIds.filter((id) => counts.has(id)))),
    close: () => Promise.resolve(),
  };
};

const PROCESS_KEY_TTL_SECONDS = 60;
const HEARTBEAT_MS = 20_000;
/** Keeps a process's hash in existence while nobody is connected to it: a missing hash means a dead process. */
const ALIVE_FIELD = 'alive';

export const createRedisPresenceStore = (redis: RedisClientType, prefix: string): PresenceStore => {
  const processesKey = `${prefix}:presence:processes`;
  const ownKey = `${prefix}:presence:${randomUUID()}`;

  const keepAlive = async () => {
    await redis.hSet(ownKey, ALIVE_FIELD, '1');
    await redis.expire(ownKey, PROCESS_KEY_TTL_SECONDS);
    await redis.sAdd(processesKey, ownKey);
  };
  const heartbeat = setInterval(() => void keepAlive().catch(() => {}), HEARTBEAT_MS);
  heartbeat.unref();
  const ready = keepAlive();

  /** The hashes of the processes still alive; forgets the ones that expired (crashed processes). */
  const liveKeys = async (): Promise<string[]> => {
    const keys = await redis.sMembers(processesKey);
    const alive: string[] = [];
    for (const key of keys) {
      if (key === ownKey || (await redis.exists(key)) === 1) alive.push(key);
      else await redis.sRem(processesKey, key);
    }
    if (!alive.includes(ownKey)) alive.push(ownKey);
    return alive;
  };

  const onlineElsewhere = async (userId: number): Promise<boolean> => {
    for (const key of await liveKeys()) {
      if (key !== ownKey && (await redis.hExists(key, String(userId)))) return true;
    }
    return false;
  };

  return {
    async add(userId) {
      await ready;
      const count = await redis.hIncrBy(ownKey, String(userId), 1);
      return count === 1 && !(await onlineElsewhere(userId));
    },
    async remove(userId) {
      const count = await redis.hIncrBy(ownKey, String(userId), -1);
      if (count > 0) return false;
      await redis.hDel(ownKey, String(userId));
      return !(await onlineElsewhere(userId));
    },
    async whoIsOnline(userIds) {
      const online = new Set<number>();
      if (userIds.length === 0) return online;
      const fields = userIds.map(String);
      for (const key of await liveKeys()) {
        const counts = await redis.hmGet(key, fields);
        counts.forEach((count, index) => {
          if (count !== null && Number(count) > 0) online.add(userIds[index]!);
        });
      }
      return online;
    },
    async close() {
      clearInterval(heartbeat);
      await redis.del(ownKey);
      await redis.sRem(processesKey, ownKey);
    },
  };
};
