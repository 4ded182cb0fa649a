/**
 * Configuration from the environment, validated once at start. A bad value stops the
 * server with a message that names the variable, what it needs and what it got.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@ichat/shared';
import { isPostgresUrl } from './db/dialect.js';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const readRootVersion = (): string => {
  try {
    const manifest = JSON.parse(readFileSync(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return manifest.version ?? '1.0.0';
  } catch {
    return '1.0.0';
  }
};

const flag = (name: string, fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      if (['1', 'true', 'yes', 'on'].includes(value)) return true;
      if (['0', 'false', 'no', 'off'].includes(value)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be 1 or 0 (got '${value}').` });
      return z.NEVER;
    });

/** A whole number within bounds; `unit` names what it counts in the message. */
const wholeNumber = (name: string, { fallback, min, max, unit }: { fallback: number; min: number; max: number; unit: string }) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const number = Number(value);
      if (!Number.isInteger(number) || number < min || number > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number ${unit}from ${min} to ${max} (got '${value}').` });
        return z.NEVER;
      }
      return number;
    });

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** A VAPID key pair (docs/DECISIONS.md, "Push, edits and notification preferences (issue 19)"): P-256, base64url. */
export interface VapidKeys {
  /** The uncompressed public point: 65 bytes, 87 characters starting with B. */
  publicKey: string;
  /** The private scalar: 32 bytes, 43 characters. */
  privateKey: string;
}

const VAPID_PUBLIC_KEY = /^B[A-Za-z0-9_-]{86}$/;
const VAPID_PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

/** Whether the two keys are well formed and belong together. */
const isVapidPair = ({ publicKey, privateKey }: VapidKeys): boolean => {
  if (!VAPID_PUBLIC_KEY.test(publicKey) || !VAPID_PRIVATE_KEY.test(privateKey)) return false;
  try {
    const curve = createECDH('prime256v1');
    curve.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return curve.getPublicKey('base64url') === publicKey;
  } catch {
    return false;
  }
};

const generateVapidKeys = (): VapidKeys => {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  // The scalar can have leading zero bytes, which Node leaves out: VAPID wants all 32.
  const privateKey = Buffer.alloc(32);
  const scalar = curve.getPrivateKey();
  scalar.copy(privateKey, 32 - scalar.length);
  return { publicKey: curve.getPublicKey('base64url'), privateKey: privateKey.toString('base64url') };
};

const environmentSchema = z
  .object({
    PORT: wholeNumber('PORT', { fallback: 3000, min: 0, max: 65535, unit: '' }),
    METRICS_PORT: optionalText.transform((value, ctx) => {
      if (value === undefined) return undefined;
      const number = Number(value);
      if (!Number.isInteger(number) || number < 1 || number > 65535) {
        ctx.addIssue({ code: 'custom', message: `METRICS_PORT must be a port number from 1 to 65535, or unset for no metrics (got '${value}').` });
        return z.NEVER;
      }
      return number;
    }),
    HOST: optionalText.transform((value) => value ?? '0.0.0.0'),
    DATA_DIR: optionalText.transform((value) => path.resolve(value ?? 'data')),
    DATABASE_URL: optionalText.refine((value) => value === undefined || isPostgresUrl(value), {
      message: 'DATABASE_URL must be a postgres:// or postgresql:// address, or unset for SQLite in DATA_DIR.',
    }),
    REDIS_URL: optionalText.refine((value) => value === undefined || /^rediss?:\/\//i.test(value), {
      message: 'REDIS_URL must be a redis:// or rediss:// address, or unset.',
    }),
    JWT_SECRET: optionalText.refine((value) => value === undefined || value.length >= 32, {
      message: 'JWT_SECRET must be at least 32 characters, or unset to keep a generated one in DATA_DIR.',
    }),
    SEED_DEMO: flag('SEED_DEMO', true),
    DEMO_PASSWORD: optionalText
      .transform((value) => value ?? 'demo1234')
      .refine((value) => value.length >= PASSWORD_MIN_LENGTH, {
        message: `DEMO_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters.`,
      }),
    ADMIN_EMAIL: optionalText.refine((value) => value === undefined || z.email().safeParse(value).success, {
      message: 'ADMIN_EMAIL must be an email address.',
    }),
    ADMIN_PASSWORD: optionalText.refine((value) => value === undefined || value.length >= PASSWORD_MIN_LENGTH, {
      message: `ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    }),
    APP_VERSION: optionalText.transform((value) => value ?? readRootVersion()),
    MOBILE_VERSION: optionalText.transform((value) => value ?? '1.0.0'),
    ANDROID_APP_URL: optionalText.transform((value) => value ?? '/downloads/android/{version}/internal-chat.apk'),
    IOS_APP_URL: optionalText.transform((value) => value ?? '/downloads/ios/'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace or silent.',
      })
      .optional()
      .default('info'),
    TRUST_PROXY: flag('TRUST_PROXY', false),
    SHUTDOWN_GRACE_MS: wholeNumber('SHUTDOWN_GRACE_MS', { fallback: 10_000, min: 0, max: 600_000, unit: 'of milliseconds ' }),
    REMINDER_INTERVAL_MS: wholeNumber('REMINDER_INTERVAL_MS', { fallback: 3_600_000, min: 0, max: 86_400_000, unit: 'of milliseconds ' }),
    RETENTION_INTERVAL_MS: wholeNumber('RETENTION_INTERVAL_MS', { fallback: 3_600_000, min: 0, max: 86_400_000, unit: 'of milliseconds ' }),
    PRESENCE_EVERYONE_LIMIT: wholeNumber('PRESENCE_EVERYONE_LIMIT', { fallback: 1000, min: 0, max: 1_000_000, unit: 'of people ' }),
    WEB_DIST_DIR: optionalText.transform((value) => path.resolve(value ?? path.join(repositoryRoot, 'apps/web/dist'))),
    VAPID_PUBLIC_KEY: optionalText.refine((value) => value === undefined || VAPID_PUBLIC_KEY.test(value), {
      message: 'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters starting with B), or unset to keep a generated pair in DATA_DIR.',
    }),
    VAPID_PRIVATE_KEY: optionalText.refine((value) => value === undefined || VAPID_PRIVATE_KEY.test(value), {
      message: 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters), or unset to keep a generated pair in DATA_DIR.',
    }),
    VAPID_SUBJECT: optionalText
      .transform((value) => value ?? 'mailto:it@localhost')
      .refine((value) => /^mailto:[^@\s]+@[^@\s]+$/.test(value) || /^https:\/\/[^\s]+$/.test(value), {
        message: 'VAPID_SUBJECT must be a mailto: address or an https:// URL where push services can reach the operators.',
      }),
    PUSH_ALLOW_HTTP: flag('PUSH_ALLOW_HTTP', false),
  })
  .refine((env) => (env.ADMIN_EMAIL === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together.',
  })
  .refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together.',
  })
  .refine(
    (env) => env.VAPID_PUBLIC_KEY === undefined || env.VAPID_PRIVATE_KEY === undefined || isVapidPair({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }),
    { message: 'VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.' },
  )
  .refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT !== env.PORT, {
    message: 'METRICS_PORT must differ from PORT: the metrics are never served on the public port.',
  });

export type Environment = z.output<typeof environmentSchema>;

export interface Config {
  port: number;
  host: string;
  /** The Prometheus metrics port (bound to `host`); undefined: no metrics are kept or served. */
  metricsPort: number | undefined;
  dataDir: string;
  uploadsDir: string;
  sqliteFile: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  seedDemo: boolean;
  demoPassword: string;
  admin: { email: string; password: string } | undefined;
  appVersion: string;
  mobileVersion: string;
  androidAppUrl: string;
  iosAppUrl: string;
  logLevel: Environment['LOG_LEVEL'];
  trustProxy: boolean;
  /** How long a stopping server lets requests in flight finish before cutting them off. */
  shutdownGraceMs: number;
  /** How often overdue approvals are looked for (each approver is reminded once a day); 0: never. */
  reminderIntervalMs: number;
  /** How often messages past the retention setting are deleted (when one is set); 0: never. */
  retentionIntervalMs: number;
  /** Up to this many active staff, everyone sees everyone's presence; past it, the people they share a conversation with. */
  presenceEveryoneLimit: number;
  webDistDir: string;
  webPush: {
    vapid: VapidKeys;
    /** The contact push services see in each request's VAPID claim (mailto: or https:). */
    subject: string;
    /** Subscriptions whose endpoint is plain http (a local stand-in push service in tests); real ones are https. */
    allowHttpEndpoints: boolean;
  };
}

export class ConfigError extends Error {}

/** The SQLite database's file in DATA_DIR, when DATABASE_URL is unset. */
export const SQLITE_FILE_NAME = 'internal-chat.sqlite';

/** Reads the signing secret from DATA_DIR, creating it once when JWT_SECRET is not set. */
const loadOrCreateSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
};

/** Reads the VAPID key pair from DATA_DIR, creating it once when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set. */
const loadOrCreateVapidKeys = (dataDir: string): VapidKeys => {
  const file = path.join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as VapidKeys;
      if (isVapidPair(stored)) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    } catch {
      // Not a key pair: a new one is made below (browsers subscribed under the old one subscribe again).
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.message}`);
    throw new ConfigError(`The configuration is not valid:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    dataDir: e.DATA_DIR,
    uploadsDir: path.join(e.DATA_DIR, 'uploads'),
    sqliteFile: path.join(e.DATA_DIR, SQLITE_FILE_NAME),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(e.DATA_DIR),
    seedDemo: e.SEED_DEMO,
    demoPassword: e.DEMO_PASSWORD,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    appVersion: e.APP_VERSION,
    mobileVersion: e.MOBILE_VERSION,
    androidAppUrl: e.ANDROID_APP_URL,
    iosAppUrl: e.IOS_APP_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    reminderIntervalMs: e.REMINDER_INTERVAL_MS,
    retentionIntervalMs: e.RETENTION_INTERVAL_MS,
    presenceEveryoneLimit: e.PRESENCE_EVERYONE_LIMIT,
    webDistDir: e.WEB_DIST_DIR,
    webPush: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : loadOrCreateVapidKeys(e.DATA_DIR),
      subject: e.VAPID_SUBJECT,
      allowHttpEndpoints: e.PUSH_ALLOW_HTTP,
    },
  };
};
