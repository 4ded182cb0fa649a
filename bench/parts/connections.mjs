// Connections: 10 000 staff, each with one authenticated socket on one server process, each
// announcing itself online as the page does (user_online, answered with their presence
// list). Measured: the time until all are connected and announced, the server's resident
// memory, and the presence traffic at 2 500, 5 000, 7 500 and 10 000 people online while 1 %
// of them reconnect, to show it grows linearly with the people online, not with its square.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import { addStaffInGroups, mintToken } from '../lib/bulk-staff.mjs';
import { isQuick, machineLine, writeSection } from '../lib/results.mjs';
import { startServer } from '../lib/server.mjs';
import { median } from '../lib/stats.mjs';

const PEOPLE = isQuick ? 400 : 10_000;
const GROUP_SIZE = 10;
const CONCURRENCY = 200;
const LEVELS = (isQuick ? [0.5, 1] : [0.25, 0.5, 0.75, 1]).map((share) => Math.round(PEOPLE * share));
const ROUNDS = isQuick ? 1 : 3;
const CHURN_SHARE = 0.01;
// Past one presence batch (PRESENCE_BATCH_MS, 2 s) and its delivery.
const PRESENCE_SETTLE_MS = 3_000;
const MiB = 2 ** 20;

const secret = randomBytes(32).toString('hex');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ichat-connections-'));
// The quick run is small: a low limit gives it the large company's presence all the same.
const env = { JWT_SECRET: secret, ...(isQuick ? { PRESENCE_EVERYONE_LIMIT: '100' } : {}) };

// The server migrates and seeds the demo, then stops while the staff are written in.
await (await startServer({ dataDir, env })).stop();
const ids = addStaffInGroups(path.join(dataDir, 'internal-chat.sqlite'), { people: PEOPLE, groupSize: GROUP_SIZE, tag: 'c' });
const tokens = await Promise.all(ids.map((id) => mintToken(secret, id)));
const server = await startServer({ dataDir, env });
const rssAtStart = server.rssBytes();

/** Presence traffic the clients receive: packets and the records and JSON bytes in them. */
const traffic = { packets: 0, records: 0, bytes: 0 };
const sockets = new Array(PEOPLE);

const connect = async (index) => {
  const socket = io(server.base, { path: '/socket.io', transports: ['websocket'], auth: { token: tokens[index] }, reconnection: false, forceNew: true });
  socket.on('update_user_list', (records) => {
    traffic.packets += 1;
    traffic.records += records.length;
    traffic.bytes += JSON.stringify(records).length;
  });
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  if ((await socket.timeout(30_000).emitWithAck('user_online', {})) !== 'OK') throw new Error('user_online refused');
  sockets[index] = socket;
};

const connectRange = async (from, to) => {
  let next = from;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < to) await connect(next++);
    }),
  );
};

const settle = (ms = PRESENCE_SETTLE_MS) => new Promise((resolve) => setTimeout(resolve, ms));

let peakRss = rssAtStart;
const rssWatch = setInterval(() => {
  peakRss = Math.max(peakRss, server.rssBytes());
}, 250);

try {
  // 1. Everyone connects, CONCURRENCY handshakes in flight.
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  await connectRange(0, PEOPLE);
  const connectSeconds = (performance.now() - started) / 1000;
  const connectCpu = server.cpuSeconds() - cpuBefore;
  await settle();
  const rssConnected = server.rssBytes();
  const snapshotTraffic = { ...traffic };

  // 2. Presence traffic at each level of people online, while 1 % of them reconnect.
  const levels = [];
  for (const online of [...LEVELS].reverse()) {
    for (let index = online; index < PEOPLE; index += 1) {
      sockets[index]?.disconnect();
      sockets[index] = undefined;
    }
    await settle();
    const churn = Math.max(1, Math.round(online * CHURN_SHARE));
    const samples = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const before = { ...traffic };
      const chosen = Array.from({ length: churn }, (_, k) => (k * 7919 + round * 104_729) % online);
      for (const index of new Set(chosen)) {
        sockets[index].disconnect();
        await connect(index);
      }
      await settle();
      samples.push({ packets: traffic.packets - before.packets, records: traffic.records - before.records, bytes: traffic.bytes - before.bytes });
    }
    levels.push({
      online,
      churn,
      packets: median(samples.map((s) => s.packets)),
      records: median(samples.map((s) => s.records)),
      bytes: median(samples.map((s) => s.bytes)),
    });
    console.log(`${online} online, ${churn} reconnect: ${levels.at(-1).packets} packets, ${levels.at(-1).records} records, ${levels.at(-1).bytes} bytes of presence`);
  }
  levels.reverse();

  clearInterval(rssWatch);
  const base = levels[0];
  const rows = levels.map(
    (level) =>
      `| ${level.online} | ${level.churn} | ${level.packets} | ${level.records} | ${(level.bytes / 1024).toFixed(1)} KiB | ${(level.records / level.churn).toFixed(1)} | ×${(level.bytes / base.bytes).toFixed(2)} for ×${(level.online / base.online).toFixed(0)} online |`,
  );
  writeSection(
    'connections',
    [
      '## Connections and presence',
      '',
      `Measured ${machineLine()}; SQLite; one server process.`,
      `${PEOPLE} staff in groups of ${GROUP_SIZE}, one socket each (websocket, a signed session token), each announcing`,
      `itself with user_online as the page does; ${CONCURRENCY} handshakes in flight. Past PRESENCE_EVERYONE_LIMIT (1 000)`,
      'each person sees the presence of the people they share a conversation with (docs/DECISIONS.md).',
      '',
      '| Figure | Measured | Target |',
      '|---|---|---|',
      `| All ${PEOPLE} connected and announced | ${connectSeconds.toFixed(1)} s (${(PEOPLE / connectSeconds).toFixed(0)}/s; server CPU ${connectCpu.toFixed(1)} s) | within 60 s |`,
      `| Server resident memory, all connected | ${(rssConnected / MiB).toFixed(0)} MiB (peak ${(peakRss / MiB).toFixed(0)} MiB; ${(rssAtStart / MiB).toFixed(0)} MiB before) | at most 1 024 MiB |`,
      `| Presence answered while connecting | ${snapshotTraffic.packets} lists, ${snapshotTraffic.records} records, ${(snapshotTraffic.bytes / MiB).toFixed(1)} MiB | |`,
      '',
      `Presence traffic while ${CHURN_SHARE * 100} % of the people online reconnect (median of ${ROUNDS} rounds; every list and change`,
      'the clients received in the round, including each reconnecting client\'s own list):',
      '',
      '| Online | Reconnecting | Packets | Records | Bytes | Records per reconnect | Growth |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
} finally {
  clearInterval(rssWatch);
  for (const socket of sockets) socket?.disconnect();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
