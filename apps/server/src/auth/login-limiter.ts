/**
 * Login limits (docs/DECISIONS.md, "Login limits"). Each attempt is counted before the
 * password is checked, in one atomic step, so N concurrent guesses count N and only the
 * first ones allowed are ever checked. Three counts:
 * - pair: one account from one address, the strict limit (a wrong guess from here);
 * - address: one address over every account (a spray of guesses);
 * - account: one account over every address; past its free attempts, each allowed attempt
 *   sets a backoff before the next one that doubles up to a minute. The owner waits at
 *   most that long, and not at all from an address they have signed in from before.
 * A right password takes back what the attempt counted (the pair and account counts go,
 * the address count drops by one) and makes the address familiar for the account.
 * Kept in memory per process, or in Redis (one Lua script per step) when several processes
 * share the limits.
 */
import {
  LOGIN_ACCOUNT_BACKOFF_BASE_MS,
  LOGIN_ACCOUNT_BACKOFF_MAX_MS,
  LOGIN_ACCOUNT_FREE_ATTEMPTS,
  LOGIN_ACCOUNT_WINDOW_MS,
  LOGIN_ADDRESS_LIMIT,
  LOGIN_ADDRESS_WINDOW_MS,
  LOGIN_FAMILIAR_ADDRESS_MS,
  LOGIN_PAIR_LIMIT,
  LOGIN_PAIR_WINDOW_MS,
} from '@ichat/shared';
import type { RedisClientType } from 'redis';

export interface LoginAttempt {
  /** The account tried: `user:<id>` when the login names someone, else the typed login. */
  account: string;
  address: string;
}

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

export interface LoginLimiter {
  /** Counts the attempt; refuses it (with the wait) when a limit is used up. */
  begin(attempt: LoginAttempt): Promise<AttemptVerdict>;
  /** The password was right: take back what the attempt counted. */
  succeeded(attempt: LoginAttempt): Promise<void>;
  /** An administrator lifts every limit on the account (not on any address). */
  unlock(account: string): Promise<void>;
}

export interface LoginLimits {
  pairLimit: number;
  pairWindowMs: number;
  addressLimit: number;
  addressWindowMs: number;
  accountFreeAttempts: number;
  accountWindowMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  familiarAddressMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  pairLimit: LOGIN_PAIR_LIMIT,
  pairWindowMs: LOGIN_PAIR_WINDOW_MS,
  addressLimit: LOGIN_ADDRESS_LIMIT,
  addressWindowMs: LOGIN_ADDRESS_WINDOW_MS,
  accountFreeAttempts: LOGIN_ACCOUNT_FREE_ATTEMPTS,
  accountWindowMs: LOGIN_ACCOUNT_WINDOW_MS,
  backoffBaseMs: LOGIN_ACCOUNT_BACKOFF_BASE_MS,
  backoffMaxMs: LOGIN_ACCOUNT_BACKOFF_MAX_MS,
  familiarAddressMs: LOGIN_FAMILIAR_ADDRESS_MS,
};

/** The wait set after the n-th attempt on an account within its window. */
export const accountBackoffMs = (attempts: number, limits: LoginLimits): number => {
  const excess = attempts - limits.accountFreeAttempts;
  if (excess <= 0) return 0;
  return Math.min(limits.backoffBaseMs * 2 ** Math.min(excess - 1, 30), limits.backoffMaxMs);
};

const MAX_FAMILIAR_ADDRESSES = 50;

export interface MemoryLimiterOptions {
  limits?: Partial<LoginLimits>;
  now?: () => number;
}

export const createMemoryLoginLimiter = (options: MemoryLimiterOptions = {}): LoginLimiter => {
  const limits = { ...DEFAULT_LOGIN_LIMITS, ...options.limits };
  const now = options.now ?? Date.now;
  const counters = new Map<string, { count: number; endsAt: number }>();
  const locks = new Map<string, number>();
  const familiar = new Map<string, Map<string, number>>();

  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.endsAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  const increment = (key: string, windowMs: number) => {
    const entry = live(key);
    if (entry) {
      entry.count += 1;
      return entry;
    }
    const created = { count: 1, endsAt: now() + windowMs };
    counters.set(key, created);
    return created;
  };
  const isFamiliar = (attempt: LoginAttempt) => (familiar.get(attempt.account)?.get(attempt.address) ?? 0) > now();
  // Expired entries are dropped as they are met; this sweep bounds memory under a spray of keys.
  const sweep = () => {
    const time = now();
    for (const [key, entry] of counters) if (entry.endsAt <= time) counters.delete(key);
    for (const [key, until] of locks) if (until <= time) locks.delete(key);
  };
  const keysOf = ({ account, address }: LoginAttempt) => ({
    pair: `pair:${account}\n${address}`,
    address: `address:${address}`,
    account: `account:${account}`,
  });

  return {
    // Synchronous from the first read to the last write: one attempt at a time.
    async begin(attempt) {
      if (counters.size + locks.size > 100_000) sweep();
      const keys = keysOf(attempt);
      const exempt = isFamiliar(attempt);
      const lockedUntil = locks.get(keys.account) ?? 0;
      if (!exempt && lockedUntil > now()) return { allowed: false, retryAfterMs: lockedUntil - now() };
      const pair = increment(keys.pair, limits.pairWindowMs);
      if (pair.count > limits.pairLimit) return { allowed: false, retryAfterMs: pair.endsAt - now() };
      const address = increment(keys.address, limits.addressWindowMs);
      if (address.count > limits.addressLimit) return { allowed: false, retryAfterMs: address.endsAt - now() };
      if (!exempt) {
        const backoff = accountBackoffMs(increment(keys.account, limits.accountWindowMs).count, limits);
        if (backoff > 0) locks.set(keys.account, now() + backoff);
      }
      return { allowed: true };
    },
    async succeeded(attempt) {
      const keys = keysOf(attempt);
      counters.delete(keys.pair);
      counters.delete(keys.account);
      locks.delete(keys.account);
      const address = live(keys.address);
      if (address && address.count > 0) address.count -= 1;
      const addresses = familiar.get(attempt.account) ?? new Map<string, number>();
      addresses.delete(attempt.address);
      addresses.set(attempt.address, now() + limits.familiarAddressMs);
      // Oldest first: Map keeps insertion order.
      while (addresses.size > MAX_FAMILIAR_ADDRESSES) addresses.delete(addresses.keys().next().value as string);
      familiar.set(attempt.account, addresses);
    },
    async unlock(account) {
      locks.delete(`account:${account}`);
      counters.delete(`account:${account}`);
      const pairPrefix = `pair:${account}\n`;
      for (const key of counters.keys()) if (key.startsWith(pairPrefix)) counters.delete(key);
    },
  };
};

// KEYS: lock, pair, address, account, familiar. ARGV: address, then the limits.
const BEGIN_SCRIPT = `
local exempt = redis.call('ZSCORE', KEYS[5], ARGV[1])
exempt = exempt and tonumber(exempt) > tonumber(ARGV[10])
if not exempt then
  local locked = redis.call('PTTL', KEYS[1])
  if locked > 0 then return locked end
end
local function count(key, window)
  local n = redis.call('INCR', key)
  if n == 1 then redis.call('PEXPIRE', key, window) end
  return n
end
if count(KEYS[2], ARGV[3]) > tonumber(ARGV[2]) then return math.max(redis.call('PTTL', KEYS[2]), 1) end
if count(KEYS[3], ARGV[5]) > tonumber(ARGV[4]) then return math.max(redis.call('PTTL', KEYS[3]), 1) end
if not exempt then
  local excess = count(KEYS[4], ARGV[7]) - tonumber(ARGV[6])
  if excess > 0 then
    local wait = math.min(tonumber(ARGV[8]) * 2 ^ math.min(excess - 1, 30), tonumber(ARGV[9]))
    redis.call('SET', KEYS[1], '1', 'PX', math.floor(wait))
  end
end
return 0
`;

// KEYS: lock, pair, address, account, familiar. ARGV: address, familiar until, now, keep.
const SUCCEEDED_SCRIPT = `
redis.call('DEL', KEYS[1], KEYS[2], KEYS[4])
if tonumber(redis.call('GET', KEYS[3]) or '0') > 0 then redis.call('DECR', KEYS[3]) end
redis.call('ZADD', KEYS[5], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[5], '-inf', ARGV[3])
local extra = redis.call('ZCARD', KEYS[5]) - tonumber(ARGV[4])
if extra > 0 then redis.call('ZREMRANGEBYRANK', KEYS[5], 0, extra - 1) end
redis.call('PEXPIREAT', KEYS[5], ARGV[2])
return 0
`;

/** Escapes a value for a Redis MATCH pattern. */
const globEscape = (value: string) => value.replace(/[*?[\]\\]/g, (character) => `\\${character}`);

export interface RedisLimiterOptions {
  /** Names this deployment's keys; processes of one deployment share it. */
  prefix: string;
  limits?: Partial<LoginLimits>;
}

export const createRedisLoginLimiter = (redis: RedisClientType, options: RedisLimiterOptions): LoginLimiter => {
  const limits = { ...DEFAULT_LOGIN_LIMITS, ...options.limits };
  const { prefix } = options;
  const keysOf = ({ account, address }: LoginAttempt) => [
    `${prefix}:lock:${account}`,
    `${prefix}:pair:${account}:${address}`,
    `${prefix}:address:${address}`,
    `${prefix}:account:${account}`,
    `${prefix}:familiar:${account}`,
  ];
  return {
    async begin(attempt) {
      const wait = await redis.eval(BEGIN_SCRIPT, {
        keys: keysOf(attempt),
        arguments: [
          attempt.address,
          limits.pairLimit,
          limits.pairWindowMs,
          limits.addressLimit,
          limits.addressWindowMs,
          limits.accountFreeAttempts,
          limits.accountWindowMs,
          limits.backoffBaseMs,
          limits.backoffMaxMs,
          Date.now(),
        ].map(String),
      });
      return Number(wait) > 0 ? { allowed: false, retryAfterMs: Number(wait) } : { allowed: true };
    },
    async succeeded(attempt) {
      const time = Date.now();
      await redis.eval(SUCCEEDED_SCRIPT, {
        keys: keysOf(attempt),
        arguments: [attempt.address, String(time + limits.familiarAddressMs), String(time), String(MAX_FAMILIAR_ADDRESSES)],
      });
    },
    async unlock(account) {
      const pairs: string[] = [];
      for await (const batch of redis.scanIterator({ MATCH: `${globEscape(`${prefix}:pair:${account}:`)}*`, COUNT: 500 })) {
        pairs.push(...[batch].flat());
      }
      await redis.del([`${prefix}:lock:${account}`, `${prefix}:account:${account}`, ...pairs]);
    },
  };
};
