import { describe, expect, it, vi } from 'vitest';
import { loginLimiterContract } from './login-limiter.contract.js';
import { accountBackoffMs, createMemoryLoginLimiter, DEFAULT_LOGIN_LIMITS } from './login-limiter.js';
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

  it('remembers a checked token only until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const { token } = await tokens.issue({ userId: 9, version: 1, remember: false }, 5_000);
      expect(await tokens.read(token)).toEqual({ userId: 9, version: 1, remember: false });
      // Checked again from memory: still the same claims while it lasts…
      expect(await tokens.read(token)).toEqual({ userId: 9, version: 1, remember: false });
      // …and refused once its expiry has passed, though it was remembered as good.
      vi.setSystemTime(Date.now() + 6_000);
      expect(await tokens.read(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('memory login limiter', () => {
  loginLimiterContract(async (limits) => {
    let now = 1_000_000;
    return {
      limiter: createMemoryLoginLimiter({ limits, now: () => now }),
      advance: async (ms) => {
        now += ms;
      },
    };
  });
});

describe('account backoff', () => {
  it('is free for the first attempts, then doubles from the base up to the cap', () => {
    const limits = { ...DEFAULT_LOGIN_LIMITS, accountFreeAttempts: 10, backoffBaseMs: 1000, backoffMaxMs: 60_000 };
    expect([9, 10, 11, 12, 13, 16, 17, 100, 10_000].map((attempts) => accountBackoffMs(attempts, limits))).toEqual([
      0, 0, 1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});
