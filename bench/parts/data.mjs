// Company-scale data: the main screen's calls at a tenth of the size and at the full size
// (5 000 people, 20 000 conversations, 2 000 000 messages, 100 000 requests), on SQLite and
// on PostgreSQL, each on a fresh database. The built server migrates and seeds it, stops,
// bench/lib/generate-data.mjs fills it, the server starts again and each call is measured
// by several people one after another (after a warm-up), in rounds; the table gives the
// median over the rounds of each round's p50 and p95. Then the data grows to the full size
// and everything is measured again.
//
// BENCH_QUICK=1: a hundredth of those sizes, short rounds, figures outside RESULTS.md.
// BENCH_DATA_SIZES=tenth: the tenth only. BENCH_DATA_DATABASES=sqlite (or postgres): one only.
// BENCH_DATA_BEFORE=1: records the figures as the "before" of bench/data-before.json (run on
// the code before a change) instead of writing the section.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { execFileSync } from 'node:child_process';
import { connect, FULL_SIZE, generateData, scaled } from '../lib/generate-data.mjs';
import { freshPostgresDatabase, signIn, startServer } from '../lib/server.mjs';
import { benchDir, isQuick, machineLine, root, writeSection } from '../lib/results.mjs';
import { median, ms, percentile } from '../lib/stats.mjs';

const SIZES = isQuick
  ? { tenth: scaled(FULL_SIZE, 0.001), full: scaled(FULL_SIZE, 0.01) }
  : { tenth: scaled(FULL_SIZE, 0.1), full: FULL_SIZE };
const sizeNames = (process.env.BENCH_DATA_SIZES ?? 'tenth,full').split(',').filter((name) => name in SIZES);
const databases = (process.env.BENCH_DATA_DATABASES ?? 'sqlite,postgres').split(',').filter((name) => ['sqlite', 'postgres'].includes(name));
const recordingBefore = process.env.BENCH_DATA_BEFORE === '1';
const BEFORE_FILE = path.join(benchDir, 'data-before.json');

/** Rounds of calls per measured call, and calls per round (spread over the people). */
const ROUNDS = isQuick ? 2 : 5;
const CALLS_PER_ROUND = isQuick ? 10 : 60;
const WARM_UP_CALLS = isQuick ? 3 : 20;
const PEOPLE = isQuick ? 3 : 5;

const TARGETS = {
  conversations: 15,
  messages: 10,
  unread: 10,
  search: 50,
  requests: 20,
};

// ---------------------------------------------------------------- who is measured

/**
 * People to measure with, read from the data: the busiest ones (whom a p95 is about) and
 * ordinary ones, so the figure is neither a best case nor only the extreme.
 */
export const choosePeople = async (database) => {
  const db = await connect(database);
  try {
    const busiestFirst = async (sql, params = []) => (await db.query(sql, params)).map((row) => ({ id: Number(row.id), username: row.username }));
    const mix = (list) => {
      const heavy = list.slice(0, 2);
      const rest = list.slice(2);
      const ordinary = Array.from({ length: PEOPLE - heavy.length }, (_, index) => rest[Math.floor(((index + 1) * rest.length) / (PEOPLE - heavy.length + 1))]).filter(Boolean);
      return [...heavy, ...ordinary];
    };
    const chatters = mix(
      await busiestFirst(
        'select u.id, u.username, count(*) as n from conversation_members m join users u on u.id = m.user_id where u.is_active = ? group by u.id, u.username order by n desc, u.id',
        [true],
      ),
    );
    const requesters = mix(
      await busiestFirst('select u.id, u.username, count(*) as n from form_requests r join users u on u.id = r.requester_id group by u.id, u.username order by n desc, u.id'),
    );
    const approvers = mix(
      await busiestFirst(
        'select u.id, u.username, count(*) as n from request_approvers a join users u on u.id = a.approver_id where u.approval_page = ? group by u.id, u.username order by n desc, u.id',
        [true],
      ),
    );
    // For each chatter: their busiest conversation and an ordinary one, and a message id
    // half-way through each (what scrolling back asks for).
    const conversations = [];
    for (const person of chatters) {
      const rows = await db.query(
        `select m.conversation_id as id, (select count(*) from messages x where x.conversation_id = m.conversation_id and x.thread_parent_id is null) as n
         from conversation_members m where m.user_id = ? order by n desc, m.conversation_id`,
        [person.id],
      );
      const withMessages = rows.filter((row) => Number(row.n) > 40);
      for (const row of [withMessages[0], withMessages[Math.floor(withMessages.length / 2)]].filter(Boolean)) {
        const half = Math.floor(Number(row.n) / 2);
        const [middle] = await db.query('select id from messages where conversation_id = ? and thread_parent_id is null order by id limit 1 offset ?', [Number(row.id), half]);
        conversations.push({ person, id: Number(row.id), messages: Number(row.n), middleId: Number(middle.id) });
      }
    }
    // A rare word to search for: a purchase order number someone wrote.
    const [po] = await db.query(`select content from messages where content like '%PO-%' order by id desc limit 1`);
    const rareWord = /PO-(\d+)/.exec(po?.content ?? '')?.[1] ?? '12345';
    // Search texts the request lists are searched with: a reference id's start, a type, a name.
    const [request] = await db.query('select reference_id from form_requests order by id desc limit 1');
    return { chatters, requesters, approvers, conversations, rareWord, referencePrefix: (request?.reference_id ?? 'EPR-2026').slice(0, 8) };
  } finally {
    await db.close();
  }
};

// ---------------------------------------------------------------- measuring

/** Runs `call` in rounds, round-robin over its cases; answers the median p50 and p95 of the rounds. */
export const measure = async (cases) => {
  let next = 0;
  const once = async () => {
    const run = cases[next % cases.length];
    next += 1;
    const started = performance.now();
    const response = await run();
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP_CALLS; i += 1) await once();
  const p50s = [];
  const p95s = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const durations = [];
    for (let i = 0; i < CALLS_PER_ROUND; i += 1) durations.push(await once());
    durations.sort((a, b) => a - b);
    p50s.push(percentile(durations, 50));
    p95s.push(percentile(durations, 95));
  }
  return { p50: median(p50s), p95: median(p95s), calls: ROUNDS * CALLS_PER_ROUND };
};

/** Every measured call, as [label, target group, cases]. */
export const callsFor = async (base, chosen) => {
  const sessions = new Map();
  const session = async (person) => {
    if (!sessions.has(person.username)) sessions.set(person.username, (await signIn(base, person.username)).headers);
    return sessions.get(person.username);
  };
  const get = (person, url) => async () => fetch(`${base}${url}`, { headers: await session(person) });
  const post = (person, url, body) => async () =>
    fetch(`${base}${url}`, { method: 'POST', headers: { ...(await session(person)), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  for (const person of [...chosen.chatters, ...chosen.requesters, ...chosen.approvers]) await session(person);

  // The lists' paged form (what the web page asks for) exists once the server has it; before
  // that the page asked for every row, and that is what is measured.
  const probe = await (await get(chosen.requesters[0], '/api/v1/forms/me/requests?page=1&limit=20')()).json();
  const paged = probe.pagination !== undefined;
  const page = paged ? '?page=1&limit=20' : '';
  const search = (text) => (paged ? `?page=1&limit=20&query=${encodeURIComponent(text)}` : `?query=${encodeURIComponent(text)}`);
  const keywords = ['cement', 'tacloban deliv', 'grav', chosen.rareWord, 'salamat po'];

  const calls = [
    ['GET /api/v3/conversations?conversation_filter=group&page=1&limit=20', 'conversations', chosen.chatters.map((p) => get(p, '/api/v3/conversations?conversation_filter=group&page=1&limit=20'))],
    ['GET /api/v3/conversations?conversation_filter=personal&page=1&limit=20', 'conversations', chosen.chatters.map((p) => get(p, '/api/v3/conversations?conversation_filter=personal&page=1&limit=20'))],
    ['GET /api/v2/conversations?conversation_filter=group (every group)', 'conversations', chosen.chatters.map((p) => get(p, '/api/v2/conversations?conversation_filter=group'))],
    ['GET /api/v2/conversations (every personal conversation)', 'conversations', chosen.chatters.map((p) => get(p, '/api/v2/conversations'))],
    ['GET /api/v2/conversations/unread-count', 'unread', chosen.chatters.map((p) => get(p, '/api/v2/conversations/unread-count'))],
    ['POST /api/v1/messages/global/search/ (5 keywords, newest 50)', 'search', chosen.chatters.flatMap((p) => keywords.map((keyword) => post(p, '/api/v1/messages/global/search/', { keyword })))],
    [`GET /api/v1/forms/me/requests${page} (My Requests)`, 'requests', chosen.requesters.map((p) => get(p, `/api/v1/forms/me/requests${page}`))],
    [`GET /api/v1/forms/me/requests${paged ? '?…&query=' : '?query='} (My Requests searched)`, 'requests', chosen.requesters.map((p) => get(p, `/api/v1/forms/me/requests${search(chosen.referencePrefix)}`))],
    [`GET /api/v1/forms/me/approvals${page} (Pending Approvals)`, 'requests', chosen.approvers.map((p) => get(p, `/api/v1/forms/me/approvals${page}`))],
    [`GET /api/v1/forms/me/approvals${paged ? '?…&query=' : '?query='} (Pending Approvals searched)`, 'requests', chosen.approvers.map((p) => get(p, `/api/v1/forms/me/approvals${search('garcia')}`))],
    [`GET /api/v1/forms/me/requests/history${page} (History)`, 'requests', chosen.approvers.map((p) => get(p, `/api/v1/forms/me/requests/history${page}`))],
    [`GET /api/v1/forms/me/requests/history${paged ? '?…&query=' : '?query='} (History searched)`, 'requests', chosen.approvers.map((p) => get(p, `/api/v1/forms/me/requests/history${search('santos')}`))],
    ['GET /api/v1/messages/{id}?limit=10&before= (scrolling back)', 'messages', chosen.conversations.map((c) => get(c.person, `/api/v1/messages/${c.id}?limit=10&before=${c.middleId}`))],
    // Last: the newest page moves the reader's cursor, which changes what the unread counts read.
    ['GET /api/v1/messages/{id}?limit=30 (newest page, marks read)', 'messages', chosen.conversations.map((c) => get(c.person, `/api/v1/messages/${c.id}?limit=30`))],
  ];
  if (paged) {
    // What mobile clients keep calling: the lists without paging (every row, up to 500).
    calls.splice(
      calls.findIndex(([label]) => label.includes('scrolling back')),
      0,
      ['GET /api/v1/forms/me/requests (without paging, as mobile clients call it)', 'info', chosen.requesters.map((p) => get(p, '/api/v1/forms/me/requests'))],
      ['GET /api/v1/forms/me/approvals (without paging, as mobile clients call it)', 'info', chosen.approvers.map((p) => get(p, '/api/v1/forms/me/approvals'))],
      ['GET /api/v1/forms/me/requests/history (without paging, as mobile clients call it)', 'info', chosen.approvers.map((p) => get(p, '/api/v1/forms/me/requests/history'))],
    );
  }
  return calls;
};

// ---------------------------------------------------------------- one database, both sizes

/** The 1-minute load average around each measured call: how much the machine was shared. */
const loads = [];

const runDatabase = async (dialect) => {
  const postgres = dialect === 'postgres' ? await freshPostgresDatabase() : undefined;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `ichat-bench-data-${dialect}-`));
  const env = postgres ? { DATABASE_URL: postgres.url } : {};
  const database = postgres ? { postgresUrl: postgres.url } : { sqliteFile: path.join(dataDir, 'internal-chat.sqlite') };
  const figures = { dialect, sizes: {} };
  try {
    const seeding = await startServer({ dataDir, env });
    await seeding.stop();
    for (const sizeName of sizeNames) {
      console.log(`${dialect}: generating the ${sizeName} size…`);
      const generated = await generateData({ ...database, target: SIZES[sizeName], log: (line) => console.log(line) });
      const chosen = await choosePeople(database);
      const server = await startServer({ dataDir, env });
      const rows = [];
      try {
        for (const [label, group, cases] of await callsFor(server.base, chosen)) {
          loads.push(os.loadavg()[0]);
          const result = await measure(cases);
          loads.push(os.loadavg()[0]);
          rows.push({ label, group, ...result });
          console.log(`  ${label}: p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms`);
        }
      } finally {
        await server.stop();
      }
      figures.sizes[sizeName] = { generated: { seconds: generated.seconds, timings: generated.timings, counts: generated.counts }, startupMs: server.startupMs, rows };
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
  return figures;
};

// ---------------------------------------------------------------- the section

/**
 * Where the time goes in the calls that miss a target, from the query plans (EXPLAIN
 * ANALYZE, EXPLAIN QUERY PLAN) and V8 CPU profiles of the server (startServer's cpuProfDir)
 * taken on the full-size data, and what would close the rest.
 */
const NOTES = [
  '### Where the time goes',
  '',
  'Measured with nothing else running on the machine (the load average above). On 2 cores a p95',
  'still includes waiting for a core now and then: read the p50 column for the cost of a call.',
  'Two calls miss their target, both at the full size on PostgreSQL only:',
  '',
  '- **Global search, PostgreSQL, full size.** Readers whose conversations hold at most 5 000',
  '  messages are read through (a few milliseconds). For a busy reader (903 conversations,',
  '  8 % of all messages) the planner walks back from the newest message testing each one;',
  '  for a pair of prefixes such as `tacloban deliv` it expects the walk to stop early and',
  '  reads 150 000 messages (0.2–0.5 s), and the word index instead has to recheck 30 000',
  '  candidates on 22 000 heap pages, most of them outside the 128 MB of shared buffers.',
  '  Closing it needs the reader\'s conversations inside the word index: a GIN index on',
  '  (conversation_id, search_vector) (the btree_gin extension), or a conversation token in',
  '  the indexed text (which changes the send path\'s trigger and generated column), or',
  '  shared buffers that hold the messages.',
  '- **Every conversation at once** (`/api/v2/conversations`, PostgreSQL, at the target): the',
  "  busiest reader has 667 groups; the answer is all of them (the specification's call), with",
  '  their last message, unread count and peer: 324 KB, and 13 ms of server CPU per call on',
  "  either database (rows to objects, the response schema's check, JSON), so this call cannot",
  '  meet 15 ms for that reader however fast the queries are. The web reads the paged /api/v3 call.',
  '',
  'Found and fixed on the way:',
  '',
  '- **History for an approver whose seats are all old** took 44 ms on PostgreSQL (the p95 of',
  '  two runs: 41 and 45 ms). The page walked the requests back from the newest, testing each for',
  "  the person's seat: it stops early for a busy approver, but one of the people measured sat",
  '  only on the first 10 000 requests (an approver who changed role), and the walk read 90 000.',
  "  The unsearched page now reads the person's newest request ids from the approvers' indexes",
  '  (by approver and by stand-in), as many as the page needs, then those rows',
  '  (features/requests/requests.repository.ts, `newestOfHistory`). Before and after in one',
  '  sitting (2026-11-26 21:03 UTC, this machine; one PostgreSQL database generated as here, the',
  '  two servers alternated twice, the same five approvers, rounds as above): History p95',
  '  41.2 and 40.5 → 9.3 and 9.0 ms; without a page (500 rows) 46.4 and 47.1 → 22.0 and 25.1 ms.',
  '- **The newest page of a conversation** met its 10 ms once the page read whether older',
  '  messages remain from one row past it and moved the read cursor in one statement.',
  '- **History searched** reads every request the text can match (a common surname matches',
  "  1 200 requests of 70 people) and counts them for the total (`count(*) over ()`): 12–17 ms",
  '  at the full size, within 20 but the closest; a trigram index (pg_trgm; an FTS table on',
  '  SQLite) or totals that stop counting at a page ("more than 100") would give it room.',
  '',
];

const commit = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
};

/** The part of a label that names the call itself, so a before and an after row meet. */
const callKey = (label) => label.replace(/\?page=1&limit=20|\?…&query=|\?query=/g, '').replace(/ \(without paging.*\)$/, '');

const table = (figures, before) => {
  const sizes = Object.keys(figures.sizes);
  const beforeRows = (size) => new Map((before?.sizes?.[size]?.rows ?? []).map((row) => [callKey(row.label), row]));
  const hasBefore = (size) => beforeRows(size).size > 0;
  const header = ['Call', 'Target p95', ...sizes.flatMap((size) => [...(hasBefore(size) ? [`${size}: before p95`] : []), `${size} p50`, `${size} p95`]), 'Met'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  const labels = figures.sizes[sizes[0]].rows.map((row) => row.label);
  for (const label of labels) {
    const perSize = sizes.map((size) => figures.sizes[size].rows.find((row) => row.label === label));
    const target = TARGETS[perSize[0].group];
    const met = target === undefined ? '–' : perSize.every((row) => row && row.p95 <= target) ? 'yes' : 'no';
    const cells = sizes.flatMap((size, index) => {
      const row = perSize[index];
      const previous = beforeRows(size).get(callKey(label));
      return [...(hasBefore(size) ? [previous ? ms(previous.p95) : '–'] : []), ms(row?.p50), ms(row?.p95)];
    });
    lines.push(`| ${label} | ${target === undefined ? '–' : `${target} ms`} | ${cells.join(' | ')} | ${met} |`);
  }
  return lines.join('\n');
};

const generationLine = (figures) =>
  Object.entries(figures.sizes)
    .map(([size, { generated, startupMs }]) => {
      const counts = generated.counts;
      return `${size}: ${counts.users} people, ${counts.conversations} conversations (${counts.conversation_members} memberships), ${counts.messages} messages, ${counts.form_requests} requests (${counts.request_approvers} seats, ${counts.request_votes} votes); generated in ${generated.seconds.toFixed(0)} s (messages ${generated.timings.messages.toFixed(0)} s), server ready in ${(startupMs / 1000).toFixed(1)} s`;
    })
    .join('; ');

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
const results = [];
if (isMain) for (const dialect of databases) results.push(await runDatabase(dialect));

if (!isMain) {
  // Imported for its helpers: nothing to write.
} else if (recordingBefore) {
  const stored = existsSync(BEFORE_FILE) ? JSON.parse(readFileSync(BEFORE_FILE, 'utf8')) : {};
  for (const figures of results) stored[figures.dialect] = { measured: machineLine(), commit: commit(), ...figures };
  writeFileSync(BEFORE_FILE, `${JSON.stringify(stored, null, 2)}\n`);
  console.log(`\nThe before figures are in ${path.relative(root, BEFORE_FILE)}.`);
} else {
  const before = existsSync(BEFORE_FILE) ? JSON.parse(readFileSync(BEFORE_FILE, 'utf8')) : {};
  const names = { sqlite: 'SQLite', postgres: 'PostgreSQL 15' };
  const sections = results.map((figures) => {
    const previous = before[figures.dialect];
    return [
      `### ${names[figures.dialect]}`,
      '',
      generationLine(figures) + '.',
      ...(previous ? ['', `Before: the code at ${previous.commit} (main's server and web code: that commit only adds this benchmark), measured ${previous.measured}; those lists answered every row (up to 500) and the page searched them itself, so the before figure of a searched list is that same call.`] : []),
      '',
      table(figures, previous),
    ].join('\n');
  });
  writeSection(
    'data',
    [
      '## Data scale',
      '',
      `Measured ${machineLine()} at ${commit()}. Each database is fresh: the built server migrates and`,
      'seeds it, bench/lib/generate-data.mjs fills it (people in departments, personal and group',
      'conversations with a busy few, threads, reactions, mentions, read cursors by time away,',
      'requests of the eight forms with votes at both levels in every state), the server starts',
      `again and each call is made by ${PEOPLE} people (the two busiest and ordinary ones), one call`,
      `at a time after ${WARM_UP_CALLS} warm-up calls, in ${ROUNDS} rounds of ${CALLS_PER_ROUND}: the figures are the`,
      "median of the rounds' p50 and p95, in milliseconds, over loopback. Then the data grows to",
      'the full size and the calls are measured again. Met: the p95 is within the target at every',
      'size. The machine is a shared 2-core virtual machine: figures move by a few milliseconds',
      `from run to run (1-minute load average ${Math.min(...loads).toFixed(1)} to ${Math.max(...loads).toFixed(1)} while the calls were measured).`,
      '',
      ...sections.flatMap((section) => [section, '']),
      ...NOTES,
    ].join('\n'),
  );
}
