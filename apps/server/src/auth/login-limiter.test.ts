/** The Redis-backed login limiter, shared by every server process (runs when REDIS_URL is set). */
import { randomBytes } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestServer } from '../test-support/test-server.js';
import { createRedisLoginLimiter } from './login-limiter.js';

const redisUrl = process.env['REDIS_URL'];

describe.runIf(redisUrl)('login limiter on Redis', () => {
  let redis: RedisClientType;
  beforeAll(async () => {
    redis = createClient({ url: redisUrl });
    await redis.connect();
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('counts failures per key within the window and clears an account on success', async () => {
    const limiter = createRedisLoginLimiter(redis, { limit: 3, windowMs: 400 });
    const key = `test:${randomBytes(6).toString('hex')}`;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await limiter.isBlocked([key])).toBe(false);
      await limiter.recordFailure([key]);
    }
    expect(await limiter.isBlocked([key])).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await limiter.isBlocked([key])).toBe(false);
    await limiter.recordFailure([key]);
    await limiter.clear(key);
    expect(await redis.exists(`login-failures:${key}`)).toBe(0);
  });

  it('two server processes sharing Redis share one count', async () => {
    const account = `shared-${randomBytes(4).toString('hex')}@demo.local`;
    const first = await startTestServer({ redis, seed: false, env: { TRUST_PROXY: '1' } });
    const second = await startTestServer({ redis, seed: false, env: { TRUST_PROXY: '1' } });
    try {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const target = attempt % 2 === 0 ? first : second;
        const response = await target.request('POST', '/api/v1/accounts/login', {
          json: { username: account, password: DEMO_PASSWORD },
          headers: { 'x-forwarded-for': `10.9.${attempt}.1` },
        });
        expect(response.status).toBe(401);
      }
      const blocked = await first.request('POST', '/api/v1/accounts/login', {
        json: { username: account, password: DEMO_PASSWORD },
        headers: { 'x-forwarded-for': '10.9.99.1' },
      });
      expect(blocked.status).toBe(429);
    } finally {
      await first.close();
      await second.close();
      await redis.del(`login-failures:account:${account}`);
    }
  });
});
