// `npm run soak [-- --minutes N] [--rate R] [--no-write]`: the long run of issue 20 (docs/
// RELIABILITY.md, "Soak"). The built server as its own process on SQLite; 200 people in
// groups of 10, every member's socket joined to its group's room, two senders in each group
// posting through the real HTTP send call at R messages/s, open loop, for N minutes (default
// 30), in windows of a minute (shorter for short runs). Without --rate, R is half the maximum
// sustained rate measured first in the same sitting: a ramp of 10 s steps (100, 200, … 1 500
// messages/s) up to the last step whose p99 stays under 100 ms with nothing lost (the live
// benchmark's rule; it held ~1 000/s on a quiet 2-core machine, far less while the machine
// is shared), so the soak runs at half of what this machine holds now. After every window: the window's p99
// from a message's scheduled send to its arrival at each member, what was lost, the failed
// sends, the server's resident memory, its open file descriptors (/proc/<pid>/fd) and the
// database's size (file and WAL) against the bytes of text sent.
//
// Holds when: p99 at the end is within 20 % of its start (the first and last fifth of the
// windows, the first window being warm-up), resident memory does not grow (end within 10 %
// + 16 MiB of the start), descriptors do not grow (end within 10 of the start), the database
// grows by no more per message in the second half than in the first (within 25 %), nothing
// is lost and every send is answered 2xx. Writes the figures into docs/RELIABILITY.md's soak
// section (unless --no-write) and exits 1 when something does not hold.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeGroups } from '../bench/lib/chat-fixture.mjs';
import { closeAll, connectMembers, createTracker, holds, runStep } from '../bench/lib/live-driver.mjs';
import { machineLine } from '../bench/lib/results.mjs';
import { startServer } from '../bench/lib/server.mjs';
import { median } from '../bench/lib/stats.mjs';
import { ensureServerBuilt, log, root } from './lib.mjs';

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const MINUTES = option('minutes', 30);
/** Without --rate: half the highest rate a ramp holds at the start (RAMP). */
const GIVEN_RATE = option('rate', undefined);
const WRITE = !process.argv.includes('--no-write');
const WINDOW_SECONDS = Math.min(60, Math.max(10, Math.round((MINUTES * 60) / 10)));
const WINDOWS = Math.max(3, Math.round((MINUTES * 60) / WINDOW_SECONDS));
const PEOPLE = 200;
const GROUP_SIZE = 10;
const SENDERS_PER_GROUP = 2;
/** The ramp, after 20 s of warm-up at its first rate: RAMP_SECONDS a step; a step holds with p99 under 100 ms, nothing lost, every send 2xx (the live benchmark's rule). */
const RAMP = [100, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500];
const RAMP_SECONDS = 10;
const MiB = 2 ** 20;

if (!(MINUTES > 0) || (GIVEN_RATE !== undefined && !(GIVEN_RATE > 0))) {
  console.error('usage: npm run soak [-- --minutes N] [--rate R] [--no-write]');
  process.exit(2);
}

ensureServerBuilt();
const server = await startServer({ env: { LOG_LEVEL: 'warn' } });
// Stopped early (Ctrl-C): the server process goes too, with its data directory.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    server.stop().finally(() => process.exit(130));
  });
}
const databaseFile = path.join(server.dataDir, 'internal-chat.sqlite');
const sizeOf = (file) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
const sample = () => ({
  rss: server.rssBytes(),
  fds: readdirSync(`/proc/${server.pid}/fd`).length,
  database: sizeOf(databaseFile),
  wal: sizeOf(`${databaseFile}-wal`),
});

const tracker = createTracker();
const ramp = { held: 0 };
let RATE = GIVEN_RATE;
let sockets = [];
const windows = [];
const started = Date.now();
try {
  const { members } = await makeGroups(server.base, { people: PEOPLE, groupSize: GROUP_SIZE, tag: 'soak' });
  sockets = await connectMembers(server.base, members, tracker.record);
  const senders = members.filter((_, index) => index % GROUP_SIZE < SENDERS_PER_GROUP).map((member) => ({ ...member, members: GROUP_SIZE }));
  if (GIVEN_RATE === undefined) {
    // Not judged: the server's and the driver's code warm up, the sign-ups' work settles.
    await runStep({ base: server.base, tracker, senders, rate: RAMP[0], seconds: 20, label: 'warm-up', drainMs: 10_000 });
    for (const rate of RAMP) {
      const step = await runStep({ base: server.base, tracker, senders, rate, seconds: RAMP_SECONDS, label: `ramp-${rate}` });
      log(`ramp ${rate}/s: p99 ${step.p99.toFixed(1)} ms, lost ${step.lost}, failed sends ${step.httpFailures}${holds(step) ? '' : '  ✗'}`);
      if (!holds(step)) break;
      ramp.held = rate;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    // Whatever the last step left queued drains before the soak.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
  RATE = GIVEN_RATE ?? Math.max(50, Math.floor(ramp.held / 2));
  log(`soak: ${PEOPLE} people connected; ${RATE} messages/s for ${MINUTES} min in ${WINDOWS} windows of ${WINDOW_SECONDS} s`);
  for (let index = 0; index < WINDOWS; index += 1) {
    // The text of each message is `L <label> <rate> <seq>`: its bytes are what the window wrote.
    const label = `soak-${index}`;
    const result = await runStep({ base: server.base, tracker, senders, rate: RATE, seconds: WINDOW_SECONDS, label, drainMs: 5_000 });
    const textBytes = Array.from({ length: result.sent }, (_, seq) => `L ${label} ${RATE} ${seq}`.length).reduce((sum, bytes) => sum + bytes, 0);
    const window = { index, minute: (Date.now() - started) / 60_000, ...result, textBytes, ...sample() };
    windows.push(window);
    log(
      `window ${index + 1}/${WINDOWS}: p99 ${window.p99.toFixed(1)} ms, lost ${window.lost}, failed sends ${window.httpFailures}, offered ${window.offeredRate.toFixed(0)}/s, ` +
        `RSS ${(window.rss / MiB).toFixed(0)} MiB, fds ${window.fds}, database ${((window.database + window.wal) / MiB).toFixed(1)} MiB (WAL ${(window.wal / MiB).toFixed(1)})`,
    );
  }
} finally {
  closeAll(sockets);
  await server.stop();
}

// ------------------------------------------------------------------------------ verdict
const measured = windows.slice(1);
const fifth = Math.max(1, Math.round(measured.length / 5));
const head = measured.slice(0, fifth);
const tail = measured.slice(-fifth);
const p99Start = median(head.map((window) => window.p99));
const p99End = median(tail.map((window) => window.p99));
const rssStart = median(head.map((window) => window.rss));
const rssEnd = median(tail.map((window) => window.rss));
const fdsStart = Math.max(...head.map((window) => window.fds));
const fdsEnd = Math.max(...tail.map((window) => window.fds));
/** Database bytes (file + WAL) per message over windows from..to, from the end of the window before. */
const growthPerMessage = (from, to) => {
  const before = windows[from - 1];
  const last = windows[to];
  const messages = windows.slice(from, to + 1).reduce((sum, window) => sum + window.sent, 0);
  return (last.database + last.wal - before.database - before.wal) / messages;
};
// After the warm-up window (the WAL reaches its working size there).
const half = 1 + Math.floor((windows.length - 1) / 2);
const perMessageFirstHalf = growthPerMessage(1, half - 1);
const perMessageSecondHalf = growthPerMessage(half, windows.length - 1);
const sent = windows.reduce((sum, window) => sum + window.sent, 0);
const textBytes = windows.reduce((sum, window) => sum + window.textBytes, 0);
const lost = windows.reduce((sum, window) => sum + window.lost, 0);
const failures = windows.reduce((sum, window) => sum + window.httpFailures, 0);
const last = windows.at(-1);
const databaseGrowth = last.database + last.wal - windows[0].database - windows[0].wal;

const checks = [
  ['p99 at the end within 20 % of its start', p99End <= p99Start * 1.2, `${p99Start.toFixed(1)} ms → ${p99End.toFixed(1)} ms (${((p99End / p99Start - 1) * 100).toFixed(0)} %)`],
  ['resident memory does not grow', rssEnd <= rssStart * 1.1 + 16 * MiB, `${(rssStart / MiB).toFixed(0)} MiB → ${(rssEnd / MiB).toFixed(0)} MiB`],
  ['open descriptors do not grow', fdsEnd <= fdsStart + 10, `${fdsStart} → ${fdsEnd}`],
  [
    'database grows only with the data written',
    perMessageSecondHalf <= perMessageFirstHalf * 1.25,
    `${perMessageFirstHalf.toFixed(0)} B a message in the first half, ${perMessageSecondHalf.toFixed(0)} B in the second; ${(databaseGrowth / MiB).toFixed(1)} MiB after the warm-up for ${sent - windows[0].sent} messages of ${((textBytes - windows[0].textBytes) / MiB).toFixed(1)} MiB of text`,
  ],
  ['nothing lost, every send answered 2xx', lost === 0 && failures === 0, `lost ${lost}, failed sends ${failures}`],
];
const holdsAll = checks.every(([, holds]) => holds);
const verdict = holdsAll ? 'all hold' : `NOT HELD: ${checks.filter(([, holds]) => !holds).map(([name]) => name).join('; ')}`;

const mib = (bytes) => (bytes / MiB).toFixed(1);
const section = [
  `Run ${machineLine()}: \`npm run soak${MINUTES === 30 && GIVEN_RATE === undefined ? '' : ` --${MINUTES === 30 ? '' : ` --minutes ${MINUTES}`}${GIVEN_RATE === undefined ? '' : ` --rate ${GIVEN_RATE}`}`}\`, ${MINUTES} min at ${RATE} messages/s`,
  GIVEN_RATE === undefined
    ? ramp.held > 0
      ? `(half of ${ramp.held} messages/s, the highest rate the ramp at the start held: ${RAMP_SECONDS} s steps of ${RAMP.join(', ')}/s until one's p99 passed 100 ms or lost a message)`
      : `(the floor of 50 messages/s: the ramp at the start held not even its first step, ${RAMP[0]}/s with p99 under 100 ms, on the machine as it was then)`
    : '(given with --rate)',
  `(${sent} messages, ${PEOPLE} people in groups of ${GROUP_SIZE}, every message delivered to the ${GROUP_SIZE} members' sockets), ${WINDOWS} windows of ${WINDOW_SECONDS} s;`,
  `start = the median of windows 2–${1 + fifth}, end = of the last ${fifth} (window 1 is warm-up). Verdict: **${verdict}**.`,
  '',
  '| Figure | Holds | Start → end |',
  '|---|---|---|',
  ...checks.map(([name, holds, detail]) => `| ${name} | ${holds ? 'yes' : '**no**'} | ${detail} |`),
  '',
  '| Window | Minute | p50 ms | p99 ms | Lost | Failed sends | Offered /s | RSS MiB | fds | Database MiB | WAL MiB |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...windows.map(
    (window) =>
      `| ${window.index + 1} | ${window.minute.toFixed(1)} | ${window.p50.toFixed(1)} | ${window.p99.toFixed(1)} | ${window.lost} | ${window.httpFailures} | ${window.offeredRate.toFixed(0)} | ${mib(window.rss)} | ${window.fds} | ${mib(window.database)} | ${mib(window.wal)} |`,
  ),
].join('\n');

console.log(`\n${section}\n`);
if (WRITE) {
  const file = path.join(root, 'docs/RELIABILITY.md');
  const current = readFileSync(file, 'utf8');
  const marked = /<!-- soak -->\n[\s\S]*?<!-- \/soak -->/;
  if (!marked.test(current)) throw new Error('docs/RELIABILITY.md has no <!-- soak --> … <!-- /soak --> section');
  writeFileSync(file, current.replace(marked, `<!-- soak -->\n${section}\n<!-- /soak -->`));
  log('written to docs/RELIABILITY.md');
}
process.exit(holdsAll ? 0 : 1);
