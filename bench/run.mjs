// `npm run bench [-- part ...] [-- --quick]`: runs each benchmark part in its own process, in
// order, and writes its figures into bench/RESULTS.md. `--quick` is the smoke run CI makes:
// small sizes, short steps, and the figures go to .cache/bench/ instead.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const PARTS = {
  live: 'live fan-out: the product against a bare Socket.IO relay and the relay with one insert',
  profile: 'where the server\'s time goes per message, from a CPU profile under the live workload',
  'scale-out': 'the live fan-out over two processes behind nginx, on PostgreSQL and Redis',
  connections: '10 000 authenticated sockets on one process, with presence',
  data: 'company-scale data: the main calls at a tenth and at the full size, on SQLite and PostgreSQL',
  web: 'the web client: bytes to /login, time to the conversation list, scrolling a long conversation',
  api: 'single calls: latency and throughput of the main API calls',
};

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const named = args.filter((arg) => !arg.startsWith('--'));
const unknown = named.filter((part) => !(part in PARTS));
if (unknown.length > 0) {
  console.error(`Unknown benchmark part: ${unknown.join(', ')}. The parts are:`);
  for (const [name, what] of Object.entries(PARTS)) console.error(`  ${name.padEnd(12)} ${what}`);
  process.exit(2);
}
const parts = named.length > 0 ? named : Object.keys(PARTS);

let failed = 0;
for (const part of parts) {
  console.log(`\n\x1b[36m▸ bench ${part}\x1b[0m: ${PARTS[part]}${quick ? ' (quick)' : ''}`);
  const result = spawnSync(process.execPath, [path.join(import.meta.dirname, 'parts', `${part}.mjs`)], {
    stdio: 'inherit',
    env: { ...process.env, ...(quick ? { BENCH_QUICK: '1' } : {}) },
  });
  if (result.status !== 0) {
    console.error(`\x1b[31m✗ bench ${part} failed (exit ${result.status ?? result.signal})\x1b[0m`);
    failed += 1;
  }
}
process.exit(failed > 0 ? 1 : 0);
