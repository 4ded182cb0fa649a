/**
 * What every login limiter must do, run against the memory one (a fake clock, in the unit
 * tests) and the Redis one (real time, short windows, when REDIS_URL is set).
 */
import { expect, it } from 'vitest';
import type { LoginLimiter, LoginLimits } from './login-limiter.js';

export interface LimiterUnderTest {
  limiter: LoginLimiter;
  /** Lets time pass: moves a fake clock, or sleeps. */
  advance(ms: number): Promise<void>;
}

const TIGHT: Partial<LoginLimits> = {
  pairLimit: 3,
  pairWindowMs: 600,
  addressLimit: 5,
  addressWindowMs: 600,
  accountFreeAttempts: 4,
  accountWindowMs: 5_000,
  backoffBaseMs: 100,
  backoffMaxMs: 400,
};

export const loginLimiterContract = (make: (limits: Partial<LoginLimits>) => Promise<LimiterUnderTest>) => {
  const unique = () => Math.random().toString(36).slice(2, 10);
  const allowed = async (limiter: LoginLimiter, account: string, address: string) =>
    (await limiter.begin({ account, address })).allowed;

  it('refuses an account from one address past its limit until the window ends', async () => {
    const { limiter, advance } = await make(TIGHT);
    const account = `user:${unique()}`;
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await allowed(limiter, account, '10.0.0.1')).toBe(true);
    const refused = await limiter.begin({ account, address: '10.0.0.1' });
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterMs).toBeGreaterThan(0);
    if (!refused.allowed) expect(refused.retryAfterMs).toBeLessThanOrEqual(600);
    expect(await allowed(limiter, account, '10.0.0.2')).toBe(true);
    await advance(650);
    expect(await allowed(limiter, account, '10.0.0.1')).toBe(true);
  });

  it('counts concurrent attempts one by one: no more than the limit get through', async () => {
    const { limiter } = await make({ ...TIGHT, pairLimit: 10, addressLimit: 1000, accountFreeAttempts: 1000 });
    const account = `user:${unique()}`;
    const verdicts = await Promise.all(Array.from({ length: 60 }, () => limiter.begin({ account, address: '10.0.0.3' })));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(10);
  });

  it('refuses an address spraying guesses over many accounts', async () => {
    const { limiter } = await make(TIGHT);
    const address = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await allowed(limiter, `login:${unique()}`, address)).toBe(true);
    expect(await allowed(limiter, `login:${unique()}`, address)).toBe(false);
  });

  it('slows one account tried from many addresses with a doubling backoff, capped', async () => {
    const { limiter, advance } = await make(TIGHT);
    const account = `user:${unique()}`;
    let address = 0;
    const fromNewAddress = () => limiter.begin({ account, address: `10.2.0.${(address += 1)}` });
    for (let attempt = 0; attempt < 4; attempt += 1) expect((await fromNewAddress()).allowed).toBe(true);
    // The fifth is allowed and sets 100 ms before the next, then 200, then 400, then 400.
    for (const wait of [100, 200, 400, 400]) {
      expect((await fromNewAddress()).allowed).toBe(true);
      const refused = await fromNewAddress();
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) expect(refused.retryAfterMs).toBeLessThanOrEqual(wait);
      if (!refused.allowed) expect(refused.retryAfterMs).toBeGreaterThan(wait / 2);
      await advance(wait + 30);
    }
  });

  it('a right password takes back the counts and lifts the backoff', async () => {
    const { limiter } = await make(TIGHT);
    const account = `user:${unique()}`;
    const address = `10.3.0.${Math.floor(Math.random() * 250)}`;
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await allowed(limiter, account, address)).toBe(true);
    await limiter.succeeded({ account, address });
    for (let attempt = 0; attempt < 2; attempt += 1) expect(await allowed(limiter, account, address)).toBe(true);
    // The address had 5 attempts, one taken back: one more fits before its limit.
    expect(await allowed(limiter, `login:${unique()}`, address)).toBe(true);
    expect(await allowed(limiter, `login:${unique()}`, address)).toBe(false);
  });

  it('the owner signs in from a familiar address while others are held back', async () => {
    const { limiter } = await make(TIGHT);
    const account = `user:${unique()}`;
    expect(await allowed(limiter, account, '10.4.0.1')).toBe(true);
    await limiter.succeeded({ account, address: '10.4.0.1' });
    for (let attempt = 0; attempt < 5; attempt += 1) await limiter.begin({ account, address: `10.4.1.${attempt}` });
    expect(await allowed(limiter, account, '10.4.1.99')).toBe(false);
    expect(await allowed(limiter, account, '10.4.0.1')).toBe(true);
  });

  it('an administrator unlocks the account for every address', async () => {
    const { limiter } = await make(TIGHT);
    const account = `user:${unique()}*[x]`;
    for (let attempt = 0; attempt < 4; attempt += 1) await limiter.begin({ account, address: '10.5.0.1' });
    for (let attempt = 0; attempt < 2; attempt += 1) await limiter.begin({ account, address: `10.5.1.${attempt}` });
    expect(await allowed(limiter, account, '10.5.0.1')).toBe(false);
    expect(await allowed(limiter, account, '10.5.2.1')).toBe(false);
    await limiter.unlock(account);
    expect(await allowed(limiter, account, '10.5.0.1')).toBe(true);
    expect(await allowed(limiter, account, '10.5.2.1')).toBe(true);
  });
};
