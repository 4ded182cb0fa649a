import { describe, expect, it } from 'vitest';
import { createMemoryLoginLimiter } from './login-limiter.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { createTokenService } from './tokens.js';

describe('passwords', () => {
  it('hashes with a fresh salt and verifies only the right password', async () => {
    const first = await hashPassword('demo1234');
    const second = await hashPassword('demo1234');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('demo1234');
    expect(await verifyPassword('demo1234', first)).toBe(true);
    expect(await verifyPassword('demo12345', first)).toBe(false);
    expect(await verifyPassword('demo1234', 'plain-text')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});

describe('tokens', () => {
  const tokens = createTokenService('a'.repeat(40));

  it('round-trips the claims and refuses tampering, other secrets and expiry', async () => {
    const { token, expiresAt } = await tokens.issue({ userId: 7, version: 3, remember: true }, 60_000);
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(await tokens.read(token)).toEqual({ userId: 7, version: 3, remember: true });

    const [header, payload, signature] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '1', ver: 3, iss: 'internal-chat', exp: 9_999_999_999 })).toString('base64url');
    expect(await tokens.read(`${header}.${forgedPayload}.${signature}`)).toBeNull();
    expect(await tokens.read(`${header}.${payload}.`)).toBeNull();
    expect(await createTokenService('b'.repeat(40)).read(token)).toBeNull();
    expect(await tokens.read('')).toBeNull();
    expect(await tokens.read('x'.repeat(5000))).toBeNull();

    const expired = await tokens.issue({ userId: 7, version: 3, remember: false }, -10_000);
    expect(await tokens.read(expired.token)).toBeNull();
  });
});

describe('memory login limiter', () => {
  it('blocks a key after the limit within the window, then forgets it', async () => {
    let now = 0;
    const limiter = createMemoryLoginLimiter({ limit: 10, windowMs: 60_000, now: () => now });
    for (let attempt = 0; attempt < 9; attempt += 1) await limiter.recordFailure(['account:a', 'address:1']);
    expect(await limiter.isBlocked(['account:a'])).toBe(false);
    await limiter.recordFailure(['account:a', 'address:1']);
    expect(await limiter.isBlocked(['account:a'])).toBe(true);
    expect(await limiter.isBlocked(['account:b', 'address:1'])).toBe(true);
    expect(await limiter.isBlocked(['account:b', 'address:2'])).toBe(false);

    now = 59_999;
    expect(await limiter.isBlocked(['account:a'])).toBe(true);
    now = 60_000;
    expect(await limiter.isBlocked(['account:a'])).toBe(false);
  });

  it('clears one key on success and leaves the others', async () => {
    const limiter = createMemoryLoginLimiter({ limit: 1 });
    await limiter.recordFailure(['account:a', 'address:1']);
    await limiter.clear('account:a');
    expect(await limiter.isBlocked(['account:a'])).toBe(false);
    expect(await limiter.isBlocked(['address:1'])).toBe(true);
  });
});
