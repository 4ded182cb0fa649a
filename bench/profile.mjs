// `node bench/profile.mjs [rate] [seconds] [name]`: one profile of the product under the live
// workload (bench/lib/profile-run.mjs), summarised on the console. BENCH_PROFILE_POSTGRES=1
// profiles it on a fresh PostgreSQL database; BENCH_SERVER_ROOT another checkout's build.
import path from 'node:path';
import { profileLive } from './lib/profile-run.mjs';
import { ms } from './lib/stats.mjs';

const rate = Number(process.argv[2] ?? 400);
const seconds = Number(process.argv[3] ?? 15);
const name = process.argv[4] ?? 'live-send';
const { result, cpuMs, summary, file, flame } = await profileLive({ rate, seconds, name, postgres: process.env.BENCH_PROFILE_POSTGRES === '1' });
console.log(`${rate} messages/s for ${seconds} s: p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms, lost ${result.lost}, server CPU ${cpuMs.toFixed(2)} ms/message`);
console.log(`profile: ${path.relative(process.cwd(), file)}, flame graph: ${path.relative(process.cwd(), flame)}`);
console.log(`busy ${(summary.busyShare * 100).toFixed(1)} % of the samples`);
for (const row of summary.functions) console.log(`  ${row.share.padStart(7)}  ${row.name}`);
console.log('by package (self):');
for (const row of summary.packages) console.log(`  ${row.share.padStart(7)}  ${row.name}`);
