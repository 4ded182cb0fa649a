/** The Redis login limiter, shared by every server process (runs when REDIS_URL is set). */
import { randomBytes } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressLimitScenario, loginLimitScenarios } from '../test-support/login-limit-scenarios.js';
import { sleep } from '../test-support/net.js';
import { DEMO_PASSWORD, startTestServer } from '../test-support/test-server.js';
import { loginLimiterContract } from './login-limiter.contract.js';
import { createRedisLoginLimiter } from './login-limiter.js';

const redisUrl = process.env['REDIS_URL'];

describe.runIf(redisUrl)('login limiter on Redis', () => {
  let redis: RedisClientType;
  const prefixes: string[] = [];
  const newPrefix = () => {
    const prefix = `ichat:test:${randomBytes(4).toString('hex')}`;
    prefixes.push(prefix);
    return prefix;
  };
  beforeAll(async () => {
    redis = createClient({ url: redisUrl });
    await redis.connect();
  });
  afterAll(async () => {
    for (const prefix of prefixes) {
      for await (const keys of redis.scanIterator({ MATCH: `${prefix}:*`, COUNT: 500 })) {
        const batch = [keys].flat();
        if (batch.length > 0) await redis.del(batch);
      }
    }
    await redis.quit();
  });

  describe('the limiter', () => {
    loginLimiterContract(async (limits) => ({
      limiter: createRedisLoginLimiter(redis, { prefix: `${newPrefix()}:login`, limits }),
      advance: sleep,
    }));
  });

  describe('over HTTP, limits kept in Redis', () => {
    loginLimitScenarios((options) => startTestServer({ ...options, redis, redisKeyPrefix: newPrefix() }));
    addressLimitScenario((options) => startTestServer({ ...options, redis, redisKeyPrefix: newPrefix() }));
  });

  it('two server processes sharing Redis share one count', async () => {
    const redisKeyPrefix = newPrefix();
    const first = await startTestServer({ redis, redisKeyPrefix, env: { TRUST_PROXY: '1' } });
    const second = await startTestServer({ redis, redisKeyPrefix, env: { TRUST_PROXY: '1' } });
    try {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const target = attempt % 2 === 0 ? first : second;
        const response = await target.request('POST', '/api/v1/accounts/login', {
          json: { username: 'maria.santos', password: `wrong-${attempt}` },
          headers: { 'x-forwarded-for': '10.9.0.1' },
        });
        expect(response.status).toBe(401);
      }
      const held = await first.request('POST', '/api/v1/accounts/login', {
        json: { username: 'maria.santos', password: DEMO_PASSWORD },
        headers: { 'x-forwarded-for': '10.9.0.1' },
      });
      expect(held.status).toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
