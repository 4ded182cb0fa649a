// Where the server's time goes per message: the product profiled under the live workload at
// a steady rate (bench/lib/profile-run.mjs), and, with BENCH_BEFORE_ROOT=/path/to/an/earlier
// built checkout, that version too, in the same sitting. Flame graphs in bench/profiles/.
import path from 'node:path';
import { profileLive } from '../lib/profile-run.mjs';
import { isQuick, machineLine, writeSection } from '../lib/results.mjs';
import { ms } from '../lib/stats.mjs';

const RATE = isQuick ? 100 : 500;
const SECONDS = isQuick ? 3 : 15;
const beforeRoot = process.env.BENCH_BEFORE_ROOT;

const runs = [];
if (beforeRoot) runs.push({ label: `before (${path.basename(beforeRoot)})`, ...(await profileLive({ rate: RATE, seconds: SECONDS, name: 'live-send-before', checkout: beforeRoot })) });
runs.push({ label: 'now', ...(await profileLive({ rate: RATE, seconds: SECONDS, name: 'live-send' })) });

const table = (rows, key) => {
  const names = [...new Set(rows.flatMap((run) => run.summary[key].slice(0, 12).map((row) => row.name)))];
  return [
    `| ${key === 'packages' ? 'Package (self time)' : 'Function (self time)'} | ${rows.map((run) => run.label).join(' | ')} |`,
    `|---|${rows.map(() => '---').join('|')}|`,
    ...names.map((name) => `| ${name} | ${rows.map((run) => run.summary[key].find((row) => row.name === name)?.share ?? '–').join(' | ')} |`),
  ].join('\n');
};

writeSection(
  'profile',
  [
    '## Where the time goes',
    '',
    `Measured ${machineLine()}; SQLite; one process. The live workload (200 people in groups of 10) at ${RATE} messages/s for`,
    `${SECONDS} s, V8's sampling profiler on for those seconds only (bench/lib/profile-run.mjs). Shares are of the samples in`,
    'which the main thread was busy. Flame graphs: bench/profiles/*.svg (hover a box); the .cpuprofile files open in Chrome',
    "DevTools' Performance panel.",
    '',
    '| | ' + runs.map((run) => run.label).join(' | ') + ' |',
    '|---|' + runs.map(() => '---').join('|') + '|',
    '| Server CPU per message (all threads) | ' + runs.map((run) => `${run.cpuMs.toFixed(2)} ms`).join(' | ') + ' |',
    '| Main thread busy | ' + runs.map((run) => `${(run.summary.busyShare * 100).toFixed(0)} %`).join(' | ') + ' |',
    '| p50 / p99 delivery | ' + runs.map((run) => `${ms(run.result.p50)} / ${ms(run.result.p99)} ms`).join(' | ') + ' |',
    '',
    table(runs, 'packages'),
    '',
    table(runs, 'functions'),
  ].join('\n'),
);
