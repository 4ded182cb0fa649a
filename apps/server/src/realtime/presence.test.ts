import { randomBytes } from 'node:crypto';
import { createClient, type RedisClientType } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryPresenceStore, createRedisPresenceStore, type PresenceStore } from './presence.js';

describe('presence in one process', () => {
  it('is online from the first socket until the last one closes', async () => {
    const store = createMemoryPresenceStore();
    expect(await store.add(7)).toBe(true);
    expect(await store.add(7)).toBe(false);
    expect(await store.remove(7)).toBe(false);
    expect([...(await store.whoIsOnline([6, 7, 8]))]).toEqual([7]);
    expect(await store.remove(7)).toBe(true);
    expect([...(await store.whoIsOnline([6, 7, 8]))]).toEqual([]);
  });
});

const redisUrl = process.env['REDIS_URL'];

describe.skipIf(!redisUrl)('presence shared through Redis', () => {
  let client: RedisClientType;
  const prefix = `ichat:test:${randomBytes(4).toString('hex')}`;
  const stores: PresenceStore[] = [];
  beforeAll(async () => {
    client = createClient({ url: redisUrl });
    await client.connect();
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await client.quit();
  });

  it('counts a person once across processes, including a process nobody was connected to before', async () => {
    const first = createRedisPresenceStore(client, prefix);
    const second = createRedisPresenceStore(client, prefix);
    stores.push(first, second);
    // The second process has nobody yet; the first looking around must not forget it.
    expect(await first.add(1)).toBe(true);
    expect(await second.add(2)).toBe(true);
    expect([...(await first.whoIsOnline([1, 2, 3]))].sort()).toEqual([1, 2]);
    // Online on both: leaving one is not going offline.
    expect(await second.add(1)).toBe(false);
    expect(await first.remove(1)).toBe(false);
    expect(await second.remove(1)).toBe(true);
    expect([...(await second.whoIsOnline([1, 2, 3]))]).toEqual([2]);
  });

  it('forgets the people of a process whose hash expired (a crash)', async () => {
    const survivor = createRedisPresenceStore(client, prefix);
    const crashed = createRedisPresenceStore(client, prefix);
    stores.push(survivor);
    expect(await crashed.add(9)).toBe(true);
    expect(await survivor.whoIsOnline([9])).toContain(9);
    // A crashed process stops its heartbeat; its hash expires. Simulate the expiry.
    const keys = await client.sMembers(`${prefix}:presence:processes`);
    for (const key of keys) if ((await client.hExists(key, '9'))) await client.del(key);
    expect(await survivor.whoIsOnline([9])).not.toContain(9);
    expect(await survivor.add(9)).toBe(true);
  });
});
