/**
 * Login throttling: at most LOGIN_FAILURE_LIMIT failures per window, counted separately
 * for the account typed and for the client address. Kept in memory per process, or in
 * Redis when REDIS_URL is set so every process shares the count.
 */
import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '@ichat/shared';
import type { RedisClientType } from 'redis';

export interface LoginLimiter {
  /** True when any of the keys has used up its failures in the current window. */
  isBlocked(keys: string[]): Promise<boolean>;
  recordFailure(keys: string[]): Promise<void>;
  /** A successful login clears the account's count (never the address's). */
  clear(key: string): Promise<void>;
}

export interface LimiterOptions {
  limit?: number;
  windowMs?: number;
  now?: () => number;
}

export const createMemoryLoginLimiter = (options: LimiterOptions = {}): LoginLimiter => {
  const limit = options.limit ?? LOGIN_FAILURE_LIMIT;
  const windowMs = options.windowMs ?? LOGIN_FAILURE_WINDOW_MS;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; endsAt: number }>();

  const current = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };

  // Expired windows are dropped as they are met; this sweep bounds memory under a spray of keys.
  const sweep = () => {
    const time = now();
    for (const [key, entry] of windows) if (entry.endsAt <= time) windows.delete(key);
  };

  return {
    async isBlocked(keys) {
      return keys.some((key) => (current(key)?.count ?? 0) >= limit);
    },
    async recordFailure(keys) {
      if (windows.size > 100_000) sweep();
      for (const key of keys) {
        const entry = current(key);
        if (entry) entry.count += 1;
        else windows.set(key, { count: 1, endsAt: now() + windowMs });
      }
    },
    async clear(key) {
      windows.delete(key);
    },
  };
};

export const createRedisLoginLimiter = (redis: RedisClientType, options: LimiterOptions = {}): LoginLimiter => {
  const limit = options.limit ?? LOGIN_FAILURE_LIMIT;
  const windowMs = options.windowMs ?? LOGIN_FAILURE_WINDOW_MS;
  const redisKey = (key: string) => `login-failures:${key}`;
  return {
    async isBlocked(keys) {
      const counts = await redis.mGet(keys.map(redisKey));
      return counts.some((count) => Number(count ?? 0) >= limit);
    },
    async recordFailure(keys) {
      const multi = redis.multi();
      // NX keeps the window fixed from the first failure instead of sliding on every attempt.
      for (const key of keys) multi.incr(redisKey(key)).pExpire(redisKey(key), windowMs, 'NX');
      await multi.exec();
    },
    async clear(key) {
      await redis.del(redisKey(key));
    },
  };
};
