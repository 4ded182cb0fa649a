// Scale-out: the live fan-out workload (bench/parts/live.mjs) on PostgreSQL, first against
// one server process, then against two processes on Redis behind nginx with the load split
// over both (each member's socket and sends leave from one of 40 loopback addresses, which
// nginx hashes onto the processes, so a group's members sit on both and every message
// crosses Redis). Both measured in turn, run after run, in the same sitting.
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeGroups } from '../lib/chat-fixture.mjs';
import { agentFrom, closeAll, connectMembers, createTracker, holds, runStep } from '../lib/live-driver.mjs';
import { NGINX, startNginx } from '../lib/nginx.mjs';
import { isQuick, machineLine, writeSection } from '../lib/results.mjs';
import { cpuSeconds, freshPostgresDatabase, startServer } from '../lib/server.mjs';
import { median, ms } from '../lib/stats.mjs';

const RATES = process.env.BENCH_LIVE_RATES?.split(',').map(Number) ?? (isQuick ? [100, 200] : [250, 500, 1000, 2000]);
const STEP_SECONDS = isQuick ? 2 : 15;
const RUNS = Number(process.env.BENCH_LIVE_RUNS ?? (isQuick ? 1 : 3));
const PEOPLE = isQuick ? 40 : 200;
const GROUP_SIZE = 10;
const ADDRESSES = 40;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

if (!existsSync(NGINX)) {
  console.error(`scale-out needs nginx at ${NGINX} (apt-get install nginx)`);
  process.exit(1);
}

const secret = randomBytes(32).toString('hex');
const started = [];
const tracker = createTracker();

/** A target: its processes, the address clients use, and who sends and listens. */
const setUp = async (label, { processes }) => {
  const database = await freshPostgresDatabase();
  started.push({ stop: database.drop });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ichat-scale-'));
  started.push({ stop: async () => rmSync(dataDir, { recursive: true, force: true }) });
  // Redis databases 1-15 keep this run's keys apart from anything else on the server.
  const redis = processes > 1 ? { REDIS_URL: `${REDIS_URL}/${1 + randomInt(15)}` } : {};
  const servers = [];
  for (let n = 0; n < processes; n += 1) {
    // One after the other: the first migrates and seeds.
    const server = await startServer({ dataDir, env: { DATABASE_URL: database.url, JWT_SECRET: secret, TRUST_PROXY: processes > 1 ? '1' : '0', ...redis } });
    servers.push(server);
    started.push(server);
  }
  let base = servers[0].base;
  let nginx;
  if (processes > 1) {
    nginx = await startNginx(servers.map((server) => server.port));
    started.push(nginx);
    base = nginx.base;
  }
  const { members } = await makeGroups(base, { people: PEOPLE, groupSize: GROUP_SIZE, tag: `s${processes}` });
  const placed = members.map((member, index) => ({ ...member, localAddress: processes > 1 ? `127.0.0.${2 + (index % ADDRESSES)}` : undefined }));
  const agents = new Map();
  const senders = placed
    .filter((_, index) => index % GROUP_SIZE < 2)
    .map((member) => {
      const key = member.localAddress ?? 'default';
      if (!agents.has(key)) agents.set(key, agentFrom(member.localAddress));
      return { ...member, members: GROUP_SIZE, agent: agents.get(key) };
    });
  const sockets = await connectMembers(base, placed, tracker.record);
  return { label, base, servers, nginx, sockets, senders, runs: [] };
};

/** CPU seconds of every process serving the target (the servers and nginx). */
const cpuOf = (target) => [...target.servers.map((server) => server.pid), ...(target.nginx ? [target.nginx.pid] : [])].reduce((sum, pid) => sum + cpuSeconds(pid), 0);

try {
  const targets = [await setUp('One process, PostgreSQL', { processes: 1 }), await setUp('Two processes behind nginx, PostgreSQL + Redis', { processes: 2 })];
  for (let run = 1; run <= RUNS; run += 1) {
    for (const target of targets) {
      const steps = [];
      for (const rate of RATES) {
        const before = cpuOf(target);
        const result = await runStep({ base: target.base, tracker, senders: target.senders, rate, seconds: STEP_SECONDS, label: `${target.servers.length}-${run}` });
        result.cpuMsPerMessage = ((cpuOf(target) - before) * 1000) / result.sent;
        result.holds = holds(result);
        steps.push(result);
        console.log(
          `run ${run} ${target.label} ${rate}/s: p50 ${ms(result.p50)} p99 ${ms(result.p99)} ms, lost ${result.lost}, http failures ${result.httpFailures}, CPU ${result.cpuMsPerMessage.toFixed(2)} ms/message${result.holds ? '' : '  ✗'}`,
        );
        if (!result.holds) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      target.runs.push({ steps, best: steps.filter((step) => step.holds).at(-1)?.rate ?? 0 });
    }
  }

  const rows = targets.flatMap((target) =>
    RATES.map((rate) => {
      const atRate = target.runs.map((run) => run.steps.find((step) => step.rate === rate)).filter(Boolean);
      if (atRate.length === 0) return null;
      return `| ${target.label} | ${rate} | ${ms(median(atRate.map((s) => s.p50)))} | ${ms(median(atRate.map((s) => s.p99)))} | ${atRate.map((s) => s.lost).join(' / ')} | ${median(atRate.map((s) => s.cpuMsPerMessage)).toFixed(2)} | ${atRate.filter((s) => s.holds).length} of ${atRate.length} |`;
    }).filter(Boolean),
  );
  writeSection(
    'scale-out',
    [
      '## Scale-out: two processes behind nginx',
      '',
      `Measured ${machineLine()}; PostgreSQL 15 and Redis 7 on the same machine.`,
      `The live fan-out workload (${PEOPLE} people in groups of ${GROUP_SIZE}, two senders a group, HTTP sends, every member on`,
      `a websocket), ${STEP_SECONDS} s a step, ${RUNS} runs; with two processes each member's socket and sends leave from one of`,
      `${ADDRESSES} loopback addresses, which nginx's \`hash $remote_addr\` spreads over the processes, so a group's members`,
      'sit on both and each message reaches half its room through Redis. Everything (both servers, nginx,',
      'PostgreSQL, Redis and the load) shares the machine\'s 2 cores; the CPU column is the servers\' and nginx\'s.',
      '',
      '| Set-up | Highest rate held (median of runs) | Runs |',
      '|---|---|---|',
      ...targets.map((target) => `| ${target.label} | ${median(target.runs.map((run) => run.best))} messages/s | ${target.runs.map((run) => run.best).join(', ')} |`),
      '',
      '| Set-up | Rate /s | p50 ms | p99 ms | Lost (each run) | CPU ms/message | Held |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  for (const target of targets) closeAll(target.sockets);
} finally {
  for (const item of started.reverse()) await item.stop().catch((error) => console.error(error));
}
