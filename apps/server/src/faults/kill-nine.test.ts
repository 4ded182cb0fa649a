/**
 * kill -9 of the server during a 500 messages/s send load (issue 20; docs/RELIABILITY.md,
 * "kill -9 under load"). The built server runs as its own process; four people of the demo
 * post into one conversation through the real HTTP send call, each message with a client id.
 * Mid-load the process gets SIGKILL and is started again on the same data; the load goes
 * on meanwhile (sends fail while it is down) and for 2 s after. Then every client sends again, with the same
 * client id, each message that got no acknowledgement. Proven: every acknowledged message is
 * stored, exactly once, under the id its answer gave; no client id is stored twice; every
 * message is stored once the retries are done.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../test-support/build-server.js';
import { sleep } from '../test-support/net.js';
import { conversationNamed, isAcknowledged, latestMessageId, readConversationAfter, retryUnacknowledged, runSendLoad, signIn, type SendRecord } from '../test-support/send-load.js';
import { databaseForProcess, restartServerProcess, startServerProcess, stopServerProcess, type ServerProcess } from '../test-support/server-process.js';
import { reportFigures } from './figures.js';

const RATE = 500;
const KILL_AT_MS = 2_500;
/** The load goes on this long after the restarted server is ready. */
const AFTER_RESTART_MS = 2_000;
const SENDERS = ['juan.delacruz', 'maria.santos', 'carmen.flores', 'admin'];

const servers: ServerProcess[] = [];
let dropDatabase = async () => {};

beforeAll(buildServer, 180_000);
afterAll(async () => {
  for (const server of servers) await stopServerProcess(server, 'SIGKILL');
  if (servers[0]) await rm(servers[0].dataDir, { recursive: true, force: true });
  await dropDatabase();
});

describe('kill -9 during a send load', () => {
  it('loses no acknowledged message and stores none twice after the clients retry with the same client id', async () => {
    const database = await databaseForProcess();
    dropDatabase = database.drop;
    const first = await startServerProcess({ ...database.env, JWT_SECRET: 'kill-nine-test-secret-0123456789abcdef' });
    servers.push(first);
    const tokens = await Promise.all(SENDERS.map((username) => signIn(first.url, username)));
    const conversationId = await conversationNamed(first.url, tokens[0]!, 'Sales Team');
    const before = await latestMessageId(first.url, tokens[0]!, conversationId);

    let killedAt = 0;
    let readyAgainAt = 0;
    const loadStarted = Date.now();
    const loading = runSendLoad({
      url: first.url,
      senders: tokens.map((token) => ({ token, conversationId })),
      rate: RATE,
      prefix: `k9${Date.now().toString(36)}`,
      stop: () => readyAgainAt > 0 && Date.now() - readyAgainAt >= AFTER_RESTART_MS,
    });
    await sleep(KILL_AT_MS);
    first.child.kill('SIGKILL');
    killedAt = Date.now();
    await first.exited;
    const second = await restartServerProcess(first);
    servers.push(second);
    readyAgainAt = Date.now();
    const records = await loading;

    const sentBeforeKill = records.filter((_record, seq) => loadStarted + (seq * 1000) / RATE < killedAt);
    const acknowledgedFirstTime = records.filter((record) => isAcknowledged(record.answers[0]!));
    const acknowledgedBeforeKill = sentBeforeKill.filter((record) => isAcknowledged(record.answers[0]!));
    const cutOff = sentBeforeKill.filter((record) => !isAcknowledged(record.answers[0]!));
    const retries = await retryUnacknowledged(second.url, records);

    const stored = (await readConversationAfter(second.url, tokens[0]!, conversationId, before)).filter((message) => message.client_message_id !== null);
    const byClientId = new Map<string, number[]>();
    for (const message of stored) byClientId.set(message.client_message_id!, [...(byClientId.get(message.client_message_id!) ?? []), message.id]);
    const duplicates = [...byClientId.values()].filter((ids) => ids.length > 1).length;
    const missing = (list: SendRecord[]) =>
      list.filter((record) => {
        const acknowledged = record.answers.find(isAcknowledged);
        const ids = byClientId.get(record.clientId) ?? [];
        return ids.length !== 1 || (acknowledged !== undefined && acknowledged.messageId !== ids[0]);
      });

    reportFigures('kill-nine', {
      database: database.dialect,
      rate: RATE,
      sent: records.length,
      sentBeforeKill: sentBeforeKill.length,
      acknowledgedBeforeKill: acknowledgedBeforeKill.length,
      cutOffByKill: cutOff.length,
      acknowledgedFirstTime: acknowledgedFirstTime.length,
      downMs: readyAgainAt - killedAt,
      retried: retries.retried,
      retriesStoredNow: retries.storedNow,
      retriesStoredAlready: retries.storedAlready,
      retryAttempts: retries.attempts,
      storedMessages: stored.length,
      lostAcknowledged: missing(acknowledgedFirstTime).length,
      duplicates,
    });

    // The kill happened under load: hundreds acknowledged before it, and sends failed after it.
    expect(acknowledgedBeforeKill.length).toBeGreaterThan(RATE / 2);
    expect(records.length - acknowledgedFirstTime.length).toBeGreaterThan(0);
    // Every acknowledged message is there once, under the id its answer gave.
    expect(missing(acknowledgedFirstTime)).toEqual([]);
    // After the retries every message is acknowledged and stored exactly once.
    expect(records.filter((record) => !isAcknowledged(record.answers.at(-1)!))).toEqual([]);
    expect(missing(records)).toEqual([]);
    expect(duplicates).toBe(0);
    expect(stored.length).toBe(records.length);
  }, 120_000);
});
