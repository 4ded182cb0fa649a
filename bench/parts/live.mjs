// Live fan-out: group conversations of 10, two senders in each posting through the real HTTP
// send call, every member receiving over the socket. The rate is ramped; a step holds when
// p99 (send scheduled → message at a member's socket) is under 100 ms and nothing is lost.
// The product is measured against a bare Socket.IO relay and the relay with one SQLite insert
// per message (bench/relay/), all started at once and measured in turn, run after run, so
// every comparison is made in the same sitting.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeGroups } from '../lib/chat-fixture.mjs';
import { closeAll, connectMembers, createTracker, holds, runStep } from '../lib/live-driver.mjs';
import { benchDir, isQuick, machineLine, writeSection } from '../lib/results.mjs';
import { cpuSeconds, freePort, startServer, waitForReady } from '../lib/server.mjs';
import { median, ms } from '../lib/stats.mjs';

const RATES = process.env.BENCH_LIVE_RATES?.split(',').map(Number) ?? (isQuick ? [100, 200] : [250, 500, 1000, 2000, 4000]);
const STEP_SECONDS = isQuick ? 2 : 15;
const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? (isQuick ? 1 : 3));
const GROUP_SIZE = 10;
const PEOPLE = isQuick ? 40 : 200;
const MANY_PEOPLE = isQuick ? 80 : 2000;
const SENDERS_PER_GROUP = 2;

const startRelay = async (withInsert) => {
  const port = await freePort();
  const dir = withInsert ? mkdtempSync(path.join(os.tmpdir(), 'ichat-relay-')) : undefined;
  const child = spawn(process.execPath, [path.join(benchDir, 'relay/relay-server.mjs'), String(port), ...(dir ? ['--insert', dir] : [])], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForReady(base);
  return {
    base,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** The relay's rooms: the same groups, with no accounts behind them. */
const relayMembers = (people) =>
  Array.from({ length: people }, (_, index) => ({ room: Math.floor(index / GROUP_SIZE) + 1, headers: {} }));

const sendersOf = (members) =>
  members.filter((_, index) => index % GROUP_SIZE < SENDERS_PER_GROUP).map((member) => ({ ...member, members: GROUP_SIZE }));

const allTargets = [
  { name: 'relay', label: 'Bare Socket.IO relay', start: () => startRelay(false), people: PEOPLE },
  { name: 'relay-insert', label: 'Relay + one SQLite insert', start: () => startRelay(true), people: PEOPLE },
  { name: 'product', label: `The product, ${PEOPLE} people in ${PEOPLE / GROUP_SIZE} groups`, product: true, people: PEOPLE },
  { name: 'product-many', label: `The product, ${MANY_PEOPLE} people in ${MANY_PEOPLE / GROUP_SIZE} groups`, product: true, people: MANY_PEOPLE },
];
// BENCH_BEFORE_ROOT=/path/to/an/earlier/checkout (built) adds that version of the product,
// measured in the same sitting: the before and after of a change.
const beforeRoot = process.env.BENCH_BEFORE_ROOT;
if (beforeRoot) {
  allTargets.push({ name: 'product-before', label: `The product before (${path.basename(beforeRoot)}), ${PEOPLE} people`, product: true, people: PEOPLE, checkout: beforeRoot });
}

// BENCH_LIVE_TARGETS=product,relay-insert measures some only (while working on one side);
// the section is written only when all four were measured.
const only = process.env.BENCH_LIVE_TARGETS?.split(',');
const targets = only ? allTargets.filter((target) => only.includes(target.name) || target.name === 'product-before') : allTargets;

const tracker = createTracker();
const started = [];
try {
  for (const target of targets) {
    const setupStarted = Date.now();
    const server = target.product ? await startServer(target.checkout ? { checkout: target.checkout } : {}) : await target.start();
    started.push(server);
    const members = target.product ? (await makeGroups(server.base, { people: target.people, groupSize: GROUP_SIZE, tag: target.name })).members : relayMembers(target.people);
    target.server = server;
    target.sockets = await connectMembers(server.base, members, tracker.record);
    target.senders = sendersOf(members);
    target.runs = [];
    console.log(`${target.label}: ${members.length} sockets connected and joined (${((Date.now() - setupStarted) / 1000).toFixed(1)} s set-up)`);
  }

  for (let run = 1; run <= RUNS; run += 1) {
    for (const target of targets) {
      const steps = [];
      for (const rate of RATES) {
        const cpuBefore = cpuSeconds(target.server.pid);
        const result = await runStep({ base: target.server.base, tracker, senders: target.senders, rate, seconds: STEP_SECONDS, label: `${target.name}-${run}` });
        result.cpuMsPerMessage = ((cpuSeconds(target.server.pid) - cpuBefore) * 1000) / result.sent;
        result.holds = holds(result);
        steps.push(result);
        console.log(
          `run ${run} ${target.name} ${rate}/s: p50 ${ms(result.p50)} p99 ${ms(result.p99)} ms, lost ${result.lost}, http failures ${result.httpFailures}, ` +
            `offered ${result.offeredRate.toFixed(0)}/s, server CPU ${result.cpuMsPerMessage.toFixed(2)} ms/message${result.holds ? '' : '  ✗'}`,
        );
        if (!result.holds) break;
        // Let the server settle (WAL checkpoint, GC) before the next step.
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      const best = steps.filter((step) => step.holds).at(-1);
      target.runs.push({ steps, best: best?.rate ?? 0 });
    }
  }
} finally {
  for (const target of targets) closeAll(target.sockets ?? []);
  await Promise.all(started.map((server) => server.stop()));
}

if (only) process.exit(0);

const bestOf = (target) => median(target.runs.map((run) => run.best));
const cpuAt = (target, rate) => median(target.runs.flatMap((run) => run.steps.filter((step) => step.rate === rate).map((step) => step.cpuMsPerMessage)));
const [relay, relayInsert, product, productMany, productBefore] = targets;
const ratio = bestOf(product) / bestOf(relayInsert);

const rows = targets.flatMap((target) =>
  RATES.map((rate) => {
    const atRate = target.runs.map((run) => run.steps.find((step) => step.rate === rate)).filter(Boolean);
    if (atRate.length === 0) return null;
    return `| ${target.label} | ${rate} | ${atRate.length} | ${ms(median(atRate.map((s) => s.p50)))} | ${ms(median(atRate.map((s) => s.p99)))} | ${atRate.map((s) => s.lost).join(' / ')} | ${atRate.map((s) => s.httpFailures).join(' / ')} | ${median(atRate.map((s) => s.cpuMsPerMessage)).toFixed(2)} | ${atRate.filter((s) => s.holds).length} of ${atRate.length} |`;
  }).filter(Boolean),
);

writeSection(
  'live',
  [
    '## Live fan-out',
    '',
    `Measured ${machineLine()}; SQLite; one server process.`,
    `Workload: ${PEOPLE} people in groups of ${GROUP_SIZE}, ${SENDERS_PER_GROUP} senders in each group posting through \`POST /api/v1/messages/{id}\``,
    '(multipart, as the apps send it), every member\'s socket (websocket) joined to its group\'s room. The rate is',
    `ramped over ${RATES.join(', ')} messages/s, ${STEP_SECONDS} s a step; a step holds when p99 from a message's scheduled`,
    'send time to its arrival at each member is under 100 ms, nothing is lost and every send is answered 2xx.',
    `${RUNS} runs; the four servers run side by side and are measured in turn within each run (same sitting).`,
    '',
    '| Server | Highest rate held (median of runs) | Runs |',
    '|---|---|---|',
    ...targets.map((target) => `| ${target.label} | ${bestOf(target)} messages/s | ${target.runs.map((run) => run.best).join(', ')} |`),
    '',
    `Product ÷ relay with insert: **${ratio.toFixed(2)}** (target ≥ 0.5). Product: **${bestOf(product)} messages/s** (target ≥ 2 000);`,
    `with ${MANY_PEOPLE} people connected: ${bestOf(productMany)} messages/s.`,
    `Server CPU per message at ${RATES[1]} messages/s (median): relay ${cpuAt(relay, RATES[1]).toFixed(2)} ms, relay + insert ${cpuAt(relayInsert, RATES[1]).toFixed(2)} ms,`,
    `product ${cpuAt(product, RATES[1]).toFixed(2)} ms${productBefore ? `; the product before: ${cpuAt(productBefore, RATES[1]).toFixed(2)} ms, holding ${bestOf(productBefore)} messages/s` : ''}.`,
    '',
    '| Server | Rate /s | Runs | p50 ms | p99 ms | Lost (each run) | HTTP failures | Server CPU ms/message | Held |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n'),
);
