/**
 * A stand-in push service for tests (no real one is reachable here): a local HTTP server that
 * takes Web Push requests as FCM, Mozilla's or Apple's would, and checks them as they do.
 * - The VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT signed
 *   with ES256 by the server's key (verified with jose), its `aud` the endpoint's origin, its
 *   `exp` within 24 hours.
 * - The body (RFC 8291 on RFC 8188 aes128gcm): decrypted with the subscription's private key and
 *   auth secret, which `subscription()` makes as a browser would (a P-256 key pair, 16 random bytes).
 * It records what arrived, and answers 201, or 404 / 410 / 500 when told to.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, importJWK, jwtVerify } from 'jose';

export interface ArrivedPush {
  /** Which subscription it was for (the last part of the endpoint's path). */
  id: string;
  /** The decrypted body, parsed as JSON. */
  payload: Record<string, unknown>;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  claims: { aud?: unknown; exp?: unknown; sub?: unknown };
}

export interface StandInSubscription {
  id: string;
  /** What a browser's PushSubscription.toJSON() gives. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

interface Keys {
  browser: ECDH;
  auth: Buffer;
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record holding the whole message. */
const decrypt = (body: Buffer, keys: Keys): Buffer => {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const browserPublicKey = keys.browser.getPublicKey();
  const sharedSecret = keys.browser.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browserPublicKey, serverPublicKey]);
  const inputKey = hkdf(keys.auth, sharedSecret, keyInfo, 32);
  const contentKey = hkdf(salt, inputKey, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, inputKey, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the record does not end with the last-record delimiter');
  return padded.subarray(0, end);
};

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export const startPushService = async (options: { vapidPublicKey: string }) => {
  const subscriptions = new Map<string, Keys>();
  const statuses = new Map<string, number>();
  const arrived: ArrivedPush[] = [];
  const problems: string[] = [];
  const listeners = new Set<() => void>();
  const [x, y] = [Buffer.from(options.vapidPublicKey, 'base64url').subarray(1, 33), Buffer.from(options.vapidPublicKey, 'base64url').subarray(33, 65)];
  const vapidKey = await importJWK({ kty: 'EC', crv: 'P-256', x: x.toString('base64url'), y: y.toString('base64url') }, 'ES256');
  let origin = '';

  /** Why a request is not one a push service takes, or null. */
  const check = async (request: IncomingMessage): Promise<string | null> => {
    const authorization = request.headers['authorization'] ?? '';
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
    if (!match) return `Authorization is not a VAPID header: ${authorization}`;
    const [, token, key] = match;
    if (key !== options.vapidPublicKey) return 'the VAPID key is not the server’s';
    try {
      await jwtVerify(token!, vapidKey, { audience: origin, algorithms: ['ES256'] });
    } catch (error) {
      return `the VAPID JWT does not verify: ${(error as Error).message}`;
    }
    const { exp, sub } = decodeJwt(token!);
    if (typeof exp !== 'number' || exp * 1000 > Date.now() + 24 * 3_600_000) return 'the VAPID JWT expires more than 24 hours ahead';
    if (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub)) return 'the VAPID JWT has no mailto: or https: subject';
    if (request.headers['content-encoding'] !== 'aes128gcm') return `Content-Encoding is ${request.headers['content-encoding']}`;
    if (!request.headers['ttl']) return 'no TTL header';
    return null;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const id = decodeURIComponent(request.url?.split('/').pop() ?? '');
      const body = await readBody(request);
      const keys = subscriptions.get(id);
      const problem = request.method !== 'POST' || !keys ? `no subscription at ${request.method} ${request.url}` : await check(request);
      if (problem) {
        problems.push(problem);
        response.writeHead(400).end(problem);
        return;
      }
      const status = statuses.get(id) ?? 201;
      if (status === 201) {
        const token = /t=([^,\s]+)/.exec(request.headers['authorization']!)![1]!;
        arrived.push({
          id,
          payload: JSON.parse(decrypt(body, keys!).toString('utf8')) as Record<string, unknown>,
          ttl: request.headers['ttl'] as string | undefined,
          urgency: request.headers['urgency'] as string | undefined,
          topic: request.headers['topic'] as string | undefined,
          claims: decodeJwt(token),
        });
        for (const listener of listeners) listener();
      }
      response.writeHead(status).end();
    })().catch((error: unknown) => {
      problems.push(String(error));
      response.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    arrived,
    /** Requests that a real push service would have refused (a test expects none). */
    problems,

    /** A new browser subscription, with its keys made here. */
    subscription(): StandInSubscription {
      const id = randomBytes(8).toString('hex');
      const browser = createECDH('prime256v1');
      browser.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { browser, auth });
      return { id, json: { endpoint: `${origin}/push/${id}`, keys: { p256dh: browser.getPublicKey('base64url'), auth: auth.toString('base64url') } } };
    },

    /** What this endpoint answers from now on: 201 (taken), 404 or 410 (gone), 500 (failing). */
    answer(id: string, status: number) {
      statuses.set(id, status);
    },

    /** The pushes that arrived for one subscription. */
    for: (id: string) => arrived.filter((push) => push.id === id),

    /** The next push for a subscription that `accept` takes, or a rejection after `ms`. */
    next(id: string, accept: (push: ArrivedPush) => boolean = () => true, ms = 5_000) {
      const seen = arrived.length;
      return new Promise<ArrivedPush>((resolve, reject) => {
        const look = () => {
          const found = arrived.slice(seen).find((push) => push.id === id && accept(push));
          if (!found) return;
          clearTimeout(timer);
          listeners.delete(look);
          resolve(found);
        };
        const timer = setTimeout(() => {
          listeners.delete(look);
          reject(new Error(`no push for ${id} within ${ms} ms`));
        }, ms);
        listeners.add(look);
      });
    },

    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type StandInPushService = Awaited<ReturnType<typeof startPushService>>;
