import { createECDH } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ichat-config-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      redisUrl: undefined,
      seedDemo: true,
      demoPassword: 'demo1234',
      admin: undefined,
      mobileVersion: '1.0.0',
      trustProxy: false,
      shutdownGraceMs: 10_000,
      metricsPort: undefined,
    });
    expect(config.sqliteFile).toBe(path.join(dataDir, 'internal-chat.sqlite'));
    expect(config.appVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('generates the signing secret once, keeps it in DATA_DIR readable by the owner only, and reuses it', async () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    const file = path.join(dataDir, 'jwt-secret');
    expect((await readFile(file, 'utf8')).trim()).toBe(first.jwtSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });

  it('generates the VAPID key pair once, keeps it in DATA_DIR readable by the owner only, and reuses it', async () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.webPush).toMatchObject({ subject: 'mailto:it@localhost', allowHttpEndpoints: false });
    const { publicKey, privateKey } = first.webPush.vapid;
    expect(publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The two belong together.
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    expect(curve.getPublicKey('base64url')).toBe(publicKey);
    expect(loadConfig({ DATA_DIR: dataDir }).webPush.vapid).toEqual(first.webPush.vapid);
    const file = path.join(dataDir, 'vapid.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(first.webPush.vapid);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // A file that holds no pair is replaced by a new one.
    await writeFile(file, '{"publicKey": "x"}');
    expect(loadConfig({ DATA_DIR: dataDir }).webPush.vapid.publicKey).not.toBe(publicKey);
  });

  it('takes a VAPID pair, subject and http endpoints from the environment', () => {
    const curve = createECDH('prime256v1');
    curve.generateKeys();
    const scalar = curve.getPrivateKey();
    const vapid = { publicKey: curve.getPublicKey('base64url'), privateKey: Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]).toString('base64url') };
    const config = loadConfig({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'https://chat.company.test/contact',
      PUSH_ALLOW_HTTP: '1',
    });
    expect(config.webPush).toEqual({ vapid, subject: 'https://chat.company.test/contact', allowHttpEndpoints: true });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      METRICS_PORT: '9464',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/chat',
      REDIS_URL: 'redis://cache:6379',
      SEED_DEMO: '0',
      DEMO_PASSWORD: 'another-one',
      ADMIN_EMAIL: 'boss@company.test',
      ADMIN_PASSWORD: 'boss-password',
      APP_VERSION: '9.9.9',
      MOBILE_VERSION: '2.0.1',
      ANDROID_APP_URL: 'https://dl/{version}/a.apk',
      IOS_APP_URL: 'https://apps.example/ios',
      TRUST_PROXY: 'true',
      SHUTDOWN_GRACE_MS: '2500',
    });
    expect(config).toMatchObject({
      port: 8080,
      metricsPort: 9464,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/chat',
      redisUrl: 'redis://cache:6379',
      seedDemo: false,
      demoPassword: 'another-one',
      admin: { email: 'boss@company.test', password: 'boss-password' },
      appVersion: '9.9.9',
      mobileVersion: '2.0.1',
      androidAppUrl: 'https://dl/{version}/a.apk',
      iosAppUrl: 'https://apps.example/ios',
      trustProxy: true,
      shutdownGraceMs: 2500,
    });
  });

  const oneVariableWrong: Array<[Record<string, string>, string]> = [
    [{ PORT: 'abc' }, `PORT must be a whole number from 0 to 65535 (got 'abc').`],
    [{ PORT: '70000' }, `PORT must be a whole number from 0 to 65535 (got '70000').`],
    [{ METRICS_PORT: '0' }, `METRICS_PORT must be a port number from 1 to 65535, or unset for no metrics (got '0').`],
    [{ METRICS_PORT: 'metrics' }, `METRICS_PORT must be a port number from 1 to 65535, or unset for no metrics (got 'metrics').`],
    [{ DATABASE_URL: 'mysql://x' }, `DATABASE_URL must be a postgres:// or postgresql:// address`],
    [{ REDIS_URL: 'localhost:6379' }, `REDIS_URL must be a redis:// or rediss:// address`],
    [{ JWT_SECRET: 'short' }, `JWT_SECRET must be at least 32 characters`],
    [{ SEED_DEMO: 'maybe' }, `SEED_DEMO must be 1 or 0 (got 'maybe').`],
    [{ DEMO_PASSWORD: 'abc' }, `DEMO_PASSWORD must be at least 8 characters.`],
    [{ ADMIN_EMAIL: 'boss@company.test' }, `ADMIN_EMAIL and ADMIN_PASSWORD must be set together.`],
    [{ LOG_LEVEL: 'loud' }, `LOG_LEVEL must be one of`],
    [{ SHUTDOWN_GRACE_MS: '10s' }, `SHUTDOWN_GRACE_MS must be a whole number of milliseconds from 0 to 600000 (got '10s').`],
    [{ VAPID_SUBJECT: 'it@company.test' }, `VAPID_SUBJECT must be a mailto: address or an https:// URL`],
    [{ PUSH_ALLOW_HTTP: 'sometimes' }, `PUSH_ALLOW_HTTP must be 1 or 0 (got 'sometimes').`],
  ];
  // Variables that are set in pairs, each read against the other.
  const pairsWrong: Array<[Record<string, string>, string]> = [
    [{ VAPID_PUBLIC_KEY: `B${'k'.repeat(86)}` }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together.'],
    [{ PORT: '9464', METRICS_PORT: '9464' }, 'METRICS_PORT must differ from PORT: the metrics are never served on the public port.'],
    [{ ADMIN_EMAIL: 'not-email', ADMIN_PASSWORD: 'long-enough' }, 'ADMIN_EMAIL must be an email address.'],
    [{ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'k'.repeat(43) }, 'VAPID_PUBLIC_KEY must be a P-256 public key in base64url'],
    [{ VAPID_PUBLIC_KEY: `B${'k'.repeat(86)}`, VAPID_PRIVATE_KEY: 'short' }, 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url'],
    [{ VAPID_PUBLIC_KEY: `B${'k'.repeat(86)}`, VAPID_PRIVATE_KEY: 'k'.repeat(43) }, 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.'],
  ];

  it.each([...oneVariableWrong, ...pairsWrong])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'k'.repeat(32), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'k'.repeat(32), ...env })).toThrow(message);
  });
});
