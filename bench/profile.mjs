// `node bench/profile.mjs [rate] [seconds] [name]`: the product under the live benchmark's
// workload at one steady rate, with V8's CPU profiler running for the measured seconds only
// (started and stopped through the inspector, so set-up and warm-up are not in it). The
// profile is kept in bench/profiles/<name>.cpuprofile (open it in Chrome DevTools'
// Performance panel, or speedscope, as a flame graph) and summarised on the console.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { makeGroups } from './lib/chat-fixture.mjs';
import { closeAll, connectMembers, createTracker, runStep } from './lib/live-driver.mjs';
import { writeFlameGraph } from './lib/flame-graph.mjs';
import { summarise } from './lib/profile-summary.mjs';
import { benchDir } from './lib/results.mjs';
import { freePort, freshPostgresDatabase, startServer } from './lib/server.mjs';
import { ms } from './lib/stats.mjs';

const rate = Number(process.argv[2] ?? 400);
const seconds = Number(process.argv[3] ?? 15);
const name = process.argv[4] ?? 'live-send';
/** The server's V8 inspector, spoken to over its WebSocket (Chrome DevTools Protocol). */
const inspector = async (port) => {
  const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 1;
  const waiting = new Map();
  socket.on('message', (data) => {
    const reply = JSON.parse(String(data));
    waiting.get(reply.id)?.(reply.result);
    waiting.delete(reply.id);
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        const id = nextId++;
        waiting.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
};

const inspectorPort = await freePort();
// BENCH_PROFILE_POSTGRES=1: the same on a fresh PostgreSQL database.
const postgres = process.env.BENCH_PROFILE_POSTGRES === '1' ? await freshPostgresDatabase() : undefined;
const server = await startServer({ nodeArgs: [`--inspect=127.0.0.1:${inspectorPort}`], env: postgres ? { DATABASE_URL: postgres.url } : {} });
const devtools = await inspector(inspectorPort);
const tracker = createTracker();
const { members } = await makeGroups(server.base, { people: 200, groupSize: 10, tag: 'p' });
const sockets = await connectMembers(server.base, members, tracker.record);
const senders = members.filter((_, index) => index % 10 < 2).map((member) => ({ ...member, members: 10 }));
// Warm up the JIT, then measure.
await runStep({ base: server.base, tracker, senders, rate: Math.min(rate, 200), seconds: 3, label: 'warm' });
await devtools.send('Profiler.enable');
await devtools.send('Profiler.setSamplingInterval', { interval: 200 });
await devtools.send('Profiler.start');
const cpuBefore = server.cpuSeconds();
const result = await runStep({ base: server.base, tracker, senders, rate, seconds, label: 'profile' });
const cpuMs = ((server.cpuSeconds() - cpuBefore) * 1000) / result.sent;
const { profile } = await devtools.send('Profiler.stop');
devtools.close();
closeAll(sockets);
await server.stop();
await postgres?.drop();

const kept = path.join(benchDir, 'profiles', `${name}.cpuprofile`);
mkdirSync(path.dirname(kept), { recursive: true });
writeFileSync(kept, JSON.stringify(profile));
const flame = kept.replace(/\.cpuprofile$/, '.svg');
writeFlameGraph(kept, flame, `${name}: the product at ${rate} messages/s for ${seconds} s (server CPU ${cpuMs.toFixed(2)} ms/message)`);

console.log(`${rate} messages/s for ${seconds} s: p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms, lost ${result.lost}, server CPU ${cpuMs.toFixed(2)} ms/message`);
console.log(`profile: ${path.relative(process.cwd(), kept)}, flame graph: ${path.relative(process.cwd(), flame)}`);
const summary = summarise(kept, { top: 45 });
console.log(`busy ${(summary.busyShare * 100).toFixed(1)} % of the samples`);
for (const row of summary.functions) console.log(`  ${row.share.padStart(7)}  ${row.name}`);
console.log('by package (self):');
for (const row of summary.packages) console.log(`  ${row.share.padStart(7)}  ${row.name}`);
console.log('by package (inclusive):');
for (const row of summary.inclusive) console.log(`  ${row.share.padStart(7)}  ${row.name}`);
