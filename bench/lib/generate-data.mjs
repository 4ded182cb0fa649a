// Company-scale data for the data benchmark (bench/parts/data.mjs): people in departments,
// personal and group conversations with a busy few, messages with threads, quotes,
// reactions and mentions, read cursors that leave real unread counts, and requests of the
// eight forms with their lines, approvers and votes at both levels in every state.
//
// It writes with the database drivers directly (better-sqlite3, pg), in batched multi-row
// inserts, on a database the built server has migrated and seeded with the demo
// organisation, while that server is stopped. Run again with larger targets, it grows what
// is there: counts are totals per table, so a tenth can be measured and then grown to the
// full size. Everything the schema and the services keep true stays true:
// - ids increase with time (messages and requests are written in time order, with explicit
//   ids after the largest; PostgreSQL's identity sequences are moved past them at the end);
// - conversations.last_message_id and last_message_at are each conversation's latest message,
//   thread replies included, as messages.repository.ts `insert` keeps them;
// - a member's read cursor is never below their own latest message there (sending moves it);
// - SQLite's FTS table is filled by the triggers of migration 0002 and PostgreSQL's tsvector
//   column is generated, so search sees every message exactly as if it had been sent;
// - reference ids are PREFIX-YEAR-NNNNNN per type and Manila year, and reference_counters
//   ends at the largest number used, so a request filed afterwards takes the next one;
// - a request's approvers are copied per level, votes fill seats in order (level 2 only
//   after level 1 has its approvals, one denial ends it), every vote is in request_votes,
//   and status, current_level, level_started_at and decided_at follow from them.
// Sign-in works for every generated person with the demo password: they reuse Maria
// Santos's password hash.
import { OFFSET_TYPES, REFERENCE_PREFIXES, REGIONS, PROVINCES_BY_REGION, SO_LO_REQUEST_TYPES, PENALTIES, OFFENSES, RULE_NUMBERS, ISSUED_TO, NC_SOURCES, WAREHOUSES, REACTION_TYPES } from '@ichat/shared';
import Database from 'better-sqlite3';
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { DEMO_CONVERSATIONS } from '../../apps/server/dist/seed/demo-data.js';

/** Totals per table. */
export const FULL_SIZE = { users: 5_000, conversations: 20_000, messages: 2_000_000, requests: 100_000 };
export const scaled = (size, factor) => Object.fromEntries(Object.entries(size).map(([key, value]) => [key, Math.round(value * factor)]));

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The full size spans about two years: one message every 30 s, one request every 10 min. */
const MESSAGE_GAP_MS = 30_000;
const REQUEST_GAP_MS = 10 * MINUTE;
const TIMELINE_DAYS = 700;
/** Requests filed in the last days of a run are mostly still waiting. */
const RECENT_REQUEST_MS = 10 * DAY;
const BATCH_ROWS = 1000;

// ---------------------------------------------------------------- randomness, seeded

const mulberry32 = (seed) => () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const randomTools = (seed) => {
  const random = mulberry32(seed);
  const int = (min, max) => min + Math.floor(random() * (max - min + 1));
  const pick = (list) => list[Math.floor(random() * list.length)];
  const chance = (p) => random() < p;
  /** A heavy-tailed weight (Pareto): most are near 1, a few are large. */
  const pareto = (alpha, cap) => Math.min(cap, 1 / Math.pow(1 - random(), 1 / alpha));
  /** `count` distinct items of a list (or all of it). */
  const sample = (list, count) => {
    const copy = [...list];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i += 1) {
      const j = i + Math.floor(random() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, n);
  };
  return { random, int, pick, chance, pareto, sample };
};

/** Picks an index by weight in O(log n). */
const weightedPicker = (weights, random) => {
  const cumulative = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, index) => {
    total += weight;
    cumulative[index] = total;
  });
  return () => {
    const target = random() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
};

// ---------------------------------------------------------------- words

const FIRST_NAMES = ['Maria', 'Jose', 'Juan', 'Ana', 'Carmen', 'Ramon', 'Liza', 'Paolo', 'Grace', 'Mark', 'Angelica', 'John Paul', 'Kristine', 'Rodel', 'Jericho', 'Mylene', 'Arnel', 'Rowena', 'Dennis', 'Joy', 'Ricardo', 'Teresa', 'Noel', 'Cristina', 'Edwin', 'Marites', 'Rogelio', 'Divina', 'Jun', 'Lorna', 'Francis', 'Imelda', 'Ariel', 'Rosalie', 'Bong', 'Charmaine', 'Nestor', 'Evelyn', 'Danilo', 'Rhea', 'Emmanuel', 'Shiela', 'Romeo', 'Jocelyn', 'Allan', 'Marivic', 'Gilbert', 'Lourdes', 'Reynaldo', 'Jasmine', 'Alvin', 'Janine', 'Ronaldo', 'Katrina', 'Efren', 'Pia', 'Benjie', 'Maricel', 'Oscar', 'Nina'];
const LAST_NAMES = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia', 'Mendoza', 'Torres', 'Tomas', 'Andrada', 'Castillo', 'Flores', 'Villanueva', 'Ramos', 'Castro', 'Rivera', 'Aquino', 'Navarro', 'Salazar', 'Mercado', 'Dela Cruz', 'De Leon', 'Gonzales', 'Lopez', 'Hernandez', 'Perez', 'Aguilar', 'Domingo', 'Pascual', 'Santiago', 'Soriano', 'Valdez', 'Manalo', 'Dizon', 'Tan', 'Lim', 'Sy', 'Go', 'Chua', 'Ong', 'Panganiban', 'Macaraeg', 'Lacson', 'Cabrera', 'Fernandez', 'Gutierrez', 'Marquez', 'Samonte', 'Estrada', 'Francisco', 'Morales', 'Padilla', 'Jimenez', 'Velasco', 'Manalastas', 'Sison', 'Quiambao', 'Evangelista', 'Bernardo', 'Magbanua'];
const DEPARTMENTS = [
  ['Branch Sales – Cebu', 5], ['Branch Sales – Davao', 4], ['Branch Sales – Iloilo', 3], ['Branch Sales – Pampanga', 3], ['Logistics', 5], ['Purchasing', 2],
  ['Accounting', 3], ['Information Technology', 1], ['Quality Assurance', 1], ['Customer Service', 3], ['Batching Plant – Bulacan', 4], ['Warehouse – Laguna', 5],
  ['Warehouse – Cebu', 4], ['Credit and Collection', 2], ['Marketing', 1], ['Engineering', 2], ['Fleet', 3], ['Safety', 1], ['Admin and Facilities', 2], ['Treasury', 1],
];
/** Departments whose people file the sales-side forms (prospecting, SO/LO, EDSR), as the demo's Sales and Executive Office do. */
const isSalesDepartment = (name) => name === 'Sales' || name === 'Executive Office' || name.startsWith('Branch Sales') || name === 'Marketing';

const PLACES = ['Cavite', 'Iloilo', 'Tacloban', 'Bacolod', 'Davao', 'Pampanga', 'Batangas', 'Laguna', 'Quezon City', 'Makati', 'Pasig', 'Cebu', 'Cagayan de Oro', 'General Santos', 'Zamboanga', 'Bulacan', 'Tarlac', 'Naga', 'Legazpi', 'Dumaguete'];
const THINGS = ['Portland cement', 'rebar 10mm', 'rebar 12mm', 'hollow blocks', 'gravel', 'washed sand', 'plywood', 'GI sheets', 'deformed bars', 'tie wire', 'cement bags', 'ready-mix concrete', 'roofing nails', 'PVC pipes', 'paint', 'tiles', 'steel trusses', 'aggregates', 'coco lumber', 'angle bars'];
const SUBJECTS = ['The delivery', 'The quotation', 'The purchase order', 'The invoice', 'The site engineer', 'Our supplier', 'The client', 'The truck', 'The inventory count', 'The price list', 'The collection', 'The batching plant', 'The warehouse', 'The project manager', 'Accounting'];
const PREDICATES = [
  'is scheduled for {day}', 'was confirmed this morning', 'is delayed until {day}', 'needs approval before {day}', 'arrived in {place}', 'is short by {n} units',
  'was sent to {place}', 'still has {n} pending items', 'will be picked up at {hour}', 'asked for a revised price', 'is ready for checking', 'was approved',
  'was returned because of damage', 'needs the signed delivery receipt', 'is on the way to {place}',
];
const OPENERS = ['', '', '', 'Good morning! ', 'Hi team, ', 'Update: ', 'Noted. ', 'FYI ', 'Sir, ', 'Ma’am, ', 'Reminder: ', 'Quick question: '];
const TAILS = ['', '', '', ' Thanks.', ' Please advise.', ' Will follow up.', ' See attached list.', ' Copy.', ' Salamat po.', ' ASAP please.'];
const DAYS_OF_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'tomorrow', 'next week'];
const REPLIES = ['Noted, thank you.', 'Copy.', 'Okay po.', 'Will check and revert.', 'Received.', 'Thanks!', 'On it.', 'Done.', 'Got it, salamat.'];
const SUPPLIERS = ['Cebu Steel Trading', 'Luzon Aggregates Inc.', 'Mindanao Hardware', 'Visayas Cement Depot', 'Metro Builders Supply'];
const COMMENTS = ['Checked against the quote.', 'Go ahead.', 'Approved for this month.', 'OK.', 'Budget available.'];
const DENIALS = ['Over budget for this quarter.', 'Please attach the supplier quotation.', 'Duplicate of an earlier request.', 'Wrong cost centre.', 'Quantities do not match the site plan.'];

const messageText = (tools) => {
  const { pick, int, chance } = tools;
  if (chance(0.12)) return pick(REPLIES);
  const fill = (text) =>
    text.replace('{day}', pick(DAYS_OF_WEEK)).replace('{place}', pick(PLACES)).replace('{n}', String(int(2, 500))).replace('{hour}', `${int(7, 17)}:00`);
  const subject = chance(0.5) ? `${pick(SUBJECTS)} of ${pick(THINGS)}` : `${pick(SUBJECTS)} for ${pick(PLACES)}`;
  let text = `${pick(OPENERS)}${subject} ${fill(pick(PREDICATES))}.${pick(TAILS)}`;
  if (chance(0.15)) text += ` PO-${int(10000, 99999)}`;
  return text;
};

/** YYYY of a moment in Manila (UTC+8, no daylight saving): the year of a reference id. */
const manilaYear = (time) => new Date(time + 8 * 60 * MINUTE).getUTCFullYear();
const manilaDay = (time) => new Date(time + 8 * 60 * MINUTE).toISOString().slice(0, 10);

// ---------------------------------------------------------------- the two databases

/** Column types for PostgreSQL's unnest(): the arrays each batch is sent as. */
const PG_TYPES = {
  departments: { id: 'bigint', name: 'text', name_key: 'text', created_at: 'bigint' },
  users: {
    id: 'bigint', email_address: 'text', email_key: 'text', username: 'text', username_key: 'text', first_name: 'text', last_name: 'text',
    display_name: 'text', department_id: 'bigint', password_hash: 'text', approval_page: 'boolean', last_online_at: 'bigint', created_at: 'bigint', updated_at: 'bigint',
  },
  form_permissions: { form_id: 'bigint', department_id: 'bigint', created_at: 'bigint' },
  conversations: {
    id: 'bigint', name: 'text', is_group: 'boolean', personal_key: 'text', created_by: 'bigint', last_message_at: 'bigint', created_at: 'bigint', updated_at: 'bigint',
  },
  conversation_members: { conversation_id: 'bigint', user_id: 'bigint', is_admin: 'boolean', last_read_message_id: 'bigint', joined_at: 'bigint' },
  conversation_actions: { conversation_id: 'bigint', user_id: 'bigint', action: 'text', created_at: 'bigint' },
  messages: {
    id: 'bigint', conversation_id: 'bigint', sender_id: 'bigint', content: 'text', reply_to_message_id: 'bigint', thread_parent_id: 'bigint',
    is_deleted: 'boolean', deleted_at: 'bigint', created_at: 'bigint', updated_at: 'bigint',
  },
  message_reactions: { message_id: 'bigint', user_id: 'bigint', type: 'text', created_at: 'bigint' },
  message_mentions: { message_id: 'bigint', user_id: 'bigint', created_at: 'bigint' },
  notifications: {
    recipient_id: 'bigint', sender_id: 'bigint', notification_type: 'text', conversation_id: 'bigint', message_id: 'bigint', thread_parent_id: 'bigint',
    form_request_id: 'bigint', is_read: 'boolean', created_at: 'bigint',
  },
  form_requests: {
    id: 'bigint', form_id: 'bigint', form_type: 'text', reference_id: 'text', requester_id: 'bigint', payload: 'jsonb', total_cost: 'bigint', status: 'text',
    current_level: 'integer', initial_approval_needed_count: 'integer', executive_approval_needed_count: 'integer', decided_at: 'bigint',
    level_started_at: 'bigint', created_at: 'bigint', updated_at: 'bigint',
  },
  request_lines: {
    request_id: 'bigint', kind: 'text', position: 'integer', description: 'text', remarks: 'text', quantity: 'double precision', unit_price: 'bigint', cost: 'bigint', data: 'jsonb',
  },
  request_approvers: { request_id: 'bigint', approver_id: 'bigint', level: 'integer', has_voted: 'boolean', approved: 'boolean', comment: 'text', voted_at: 'bigint' },
  request_votes: { request_id: 'bigint', approver_id: 'bigint', level: 'integer', status: 'text', comment: 'text', created_at: 'bigint' },
  member_cursors: { member_id: 'bigint', lag: 'bigint', own_last: 'bigint', pinned: 'boolean', pinned_at: 'bigint' },
};
/** Tables written with explicit ids: their identity sequences move past them at the end. */
const EXPLICIT_ID_TABLES = ['users', 'conversations', 'messages', 'form_requests'];

const sqliteConnection = (file) => {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = ON');
  db.pragma('cache_size = -262144');
  const statements = new Map();
  const bindable = (value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);
  return {
    dialect: 'sqlite',
    greatest: 'max',
    async query(text, params = []) {
      const statement = db.prepare(text);
      return statement.reader ? statement.all(...params.map(bindable)) : (statement.run(...params.map(bindable)), []);
    },
    async exec(text) {
      db.exec(text);
    },
    async insertMany(table, columns, rows) {
      for (let start = 0; start < rows.length; start += BATCH_ROWS) {
        const chunk = rows.slice(start, start + BATCH_ROWS);
        const key = `${table}:${columns.join(',')}:${chunk.length}`;
        let statement = statements.get(key);
        if (!statement) {
          const row = `(${columns.map(() => '?').join(', ')})`;
          statement = db.prepare(`insert into ${table} (${columns.join(', ')}) values ${Array(chunk.length).fill(row).join(', ')}`);
          statements.set(key, statement);
        }
        const values = [];
        for (const item of chunk) for (const column of columns) values.push(bindable(item[column] ?? null));
        statement.run(...values);
      }
    },
    async transaction(work) {
      db.exec('begin');
      try {
        await work();
        db.exec('commit');
      } catch (error) {
        db.exec('rollback');
        throw error;
      }
    },
    async close() {
      db.close();
    },
  };
};

const postgresConnection = async (url) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const parse = (value) => (value === null ? null : Number(value));
  return {
    dialect: 'postgres',
    greatest: 'greatest',
    async query(text, params = []) {
      // Placeholders are written `?` as for SQLite; PostgreSQL numbers them.
      let index = 0;
      const numbered = text.replace(/\?/g, () => `$${(index += 1)}`);
      const { rows } = await client.query({ text: numbered, values: params, types: { getTypeParser: (oid, format) => (oid === 20 || oid === 1700 ? parse : pg.types.getTypeParser(oid, format)) } });
      return rows;
    },
    async exec(text) {
      await client.query(text);
    },
    async insertMany(table, columns, rows) {
      const types = PG_TYPES[table];
      const overriding = columns.includes('id') ? 'overriding system value' : '';
      const text = `insert into ${table} (${columns.join(', ')}) ${overriding}
        select * from unnest(${columns.map((column, index) => `$${index + 1}::${types[column]}[]`).join(', ')})`;
      for (let start = 0; start < rows.length; start += BATCH_ROWS * 5) {
        const chunk = rows.slice(start, start + BATCH_ROWS * 5);
        await client.query(text, columns.map((column) => chunk.map((row) => row[column] ?? null)));
      }
    },
    async transaction(work) {
      await client.query('begin');
      try {
        await work();
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    },
    async close() {
      await client.end();
    },
  };
};

/** A connection the benchmark may also read with: `query(text, params)` with `?` placeholders, and `close()`. */
export const connect = ({ sqliteFile, postgresUrl }) => (postgresUrl ? postgresConnection(postgresUrl) : sqliteConnection(sqliteFile));

const countOf = async (db, table, where = '') => Number((await db.query(`select count(*) as n from ${table} ${where}`))[0].n);
const maxOf = async (db, table, column = 'id') => Number((await db.query(`select coalesce(max(${column}), 0) as n from ${table}`))[0].n);

// ---------------------------------------------------------------- the parts

/** People: departments first (the demo's five and twenty more), then everyone up to the target. */
const generateUsers = async (db, tools, target, now) => {
  const existing = await countOf(db, 'users');
  const departments = new Map((await db.query('select id, name from departments')).map((row) => [row.name, Number(row.id)]));
  const missing = DEPARTMENTS.filter(([name]) => !departments.has(name));
  if (missing.length > 0) {
    let id = await maxOf(db, 'departments');
    const rows = missing.map(([name]) => ({ id: (id += 1), name, name_key: name.toLowerCase(), created_at: now - TIMELINE_DAYS * DAY - 30 * DAY }));
    await db.insertMany('departments', ['name', 'name_key', 'created_at'], rows);
    const forms = await db.query('select id, type from forms');
    const created = new Map((await db.query('select id, name from departments')).map((row) => [row.name, Number(row.id)]));
    // Every form is open to the new departments as the demo opens it to all of its own;
    // the sales-side forms only to the sales departments.
    const grants = [];
    for (const [name] of missing) {
      for (const form of forms) {
        if (['prospecting', 'so-lo', 'edsr'].includes(form.type) && !isSalesDepartment(name)) continue;
        grants.push({ form_id: Number(form.id), department_id: created.get(name), created_at: now - TIMELINE_DAYS * DAY });
      }
    }
    await db.insertMany('form_permissions', ['form_id', 'department_id', 'created_at'], grants);
    for (const [name, id] of created) departments.set(name, id);
  }
  if (existing >= target) return 0;
  const hash = (await db.query(`select password_hash from users where username_key = 'maria.santos'`))[0]?.password_hash;
  if (!hash) throw new Error('The demo organisation is not seeded: start the server once with SEED_DEMO=1 first.');
  const departmentIds = DEPARTMENTS.map(([name]) => departments.get(name));
  const pickDepartment = weightedPicker(DEPARTMENTS.map(([, weight]) => weight), tools.random);
  let id = await maxOf(db, 'users');
  const rows = [];
  for (let n = existing; n < target; n += 1) {
    id += 1;
    const first = tools.pick(FIRST_NAMES);
    const last = tools.pick(LAST_NAMES);
    const username = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `.${id}`;
    // One in about 60 is an approver (about 80 at the full size).
    rows.push({
      id,
      email_address: `${username}@gen.demo.local`,
      email_key: `${username}@gen.demo.local`,
      username,
      username_key: username,
      first_name: first,
      last_name: last,
      display_name: `${first} ${last}`,
      department_id: departmentIds[pickDepartment()],
      password_hash: hash,
      approval_page: n % 60 === 7,
      last_online_at: tools.chance(0.8) ? now - tools.int(0, 30 * DAY) : null,
      created_at: now - TIMELINE_DAYS * DAY - tools.int(0, 60) * DAY,
      updated_at: now - TIMELINE_DAYS * DAY,
    });
  }
  await db.transaction(() => db.insertMany('users', Object.keys(PG_TYPES.users), rows));
  return rows.length;
};

/** Every person with their department and a sociability weight (how many conversations they are in). */
const loadPeople = async (db) => {
  const rows = await db.query(
    'select u.id, u.display_name, u.approval_page, d.name as department from users u left join departments d on d.id = u.department_id where u.is_active = ? order by u.id',
    [true],
  );
  return rows.map((row) => ({ id: Number(row.id), name: row.display_name, approver: row.approval_page === true || row.approval_page === 1, department: row.department ?? '' }));
};

/** Conversations: about 70 % personal (pairs, mostly within a department), the rest groups of 3 to 300. */
const generateConversations = async (db, tools, target, people, startTime) => {
  const existing = await countOf(db, 'conversations');
  if (existing >= target) return 0;
  const keys = new Set((await db.query('select personal_key from conversations where personal_key is not null')).map((row) => row.personal_key));
  const byDepartment = new Map();
  for (const person of people) {
    if (!byDepartment.has(person.department)) byDepartment.set(person.department, []);
    byDepartment.get(person.department).push(person);
  }
  // Some people (managers, dispatchers) talk to far more people than others.
  const pickPerson = weightedPicker(people.map((person) => (person.approver ? 6 : 1) * tools.pareto(1.6, 40)), tools.random);
  let id = await maxOf(db, 'conversations');
  const conversations = [];
  const members = [];
  const actions = [];
  for (let n = existing; n < target; n += 1) {
    const created = startTime - tools.int(0, 30) * DAY;
    if (tools.chance(0.7)) {
      let pair;
      for (let attempt = 0; attempt < 20 && !pair; attempt += 1) {
        const a = people[pickPerson()];
        const colleagues = byDepartment.get(a.department) ?? people;
        const b = tools.chance(0.6) ? tools.pick(colleagues) : people[pickPerson()];
        const key = `${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`;
        if (a.id !== b.id && !keys.has(key)) pair = { a, b, key };
      }
      if (!pair) continue;
      keys.add(pair.key);
      id += 1;
      conversations.push({ id, name: null, is_group: false, personal_key: pair.key, created_by: pair.a.id, last_message_at: created, created_at: created, updated_at: created });
      for (const person of [pair.a, pair.b]) members.push({ conversation_id: id, user_id: person.id, is_admin: false, last_read_message_id: 0, joined_at: created });
    } else {
      const roll = tools.random();
      const size = roll < 0.6 ? tools.int(3, 8) : roll < 0.9 ? tools.int(9, 30) : roll < 0.99 ? tools.int(31, 100) : tools.int(101, 300);
      const creator = people[pickPerson()];
      const colleagues = byDepartment.get(creator.department) ?? people;
      const chosen = new Map([[creator.id, creator]]);
      for (let attempt = 0; chosen.size < size && attempt < size * 4; attempt += 1) {
        const person = tools.chance(0.5) ? tools.pick(colleagues) : people[pickPerson()];
        chosen.set(person.id, person);
      }
      if (chosen.size < 3) continue;
      id += 1;
      const topic = tools.chance(0.5) ? `${tools.pick(PLACES)} ${tools.pick(['Deliveries', 'Project Site', 'Sales', 'Dispatch', 'Collections'])}` : `${creator.department || 'Team'} ${tools.pick(['Team', 'Updates', 'Huddle', 'Ops'])}`;
      conversations.push({ id, name: topic, is_group: true, personal_key: null, created_by: creator.id, last_message_at: created, created_at: created, updated_at: created });
      for (const person of chosen.values()) {
        members.push({ conversation_id: id, user_id: person.id, is_admin: person.id === creator.id, last_read_message_id: 0, joined_at: created });
      }
      actions.push({ conversation_id: id, user_id: creator.id, action: 'CREATE', created_at: created });
    }
  }
  await db.transaction(async () => {
    await db.insertMany('conversations', Object.keys(PG_TYPES.conversations), conversations);
    await db.insertMany('conversation_members', Object.keys(PG_TYPES.conversation_members), members);
    await db.insertMany('conversation_actions', Object.keys(PG_TYPES.conversation_actions), actions);
  });
  return conversations.length;
};

/**
 * Messages in time order over the conversations, most of them in a busy few (a Pareto weight
 * per conversation, groups heavier), with thread replies, quotes, mentions, reactions and a
 * few deleted ones; then each conversation's latest message and every member's read cursor.
 */
const generateMessages = async (db, tools, target, firstGenerated, startTime, log) => {
  const existing = await countOf(db, 'messages');
  if (existing >= target) return 0;
  const conversationRows = await db.query('select id, is_group from conversations where id >= ? order by id', [firstGenerated]);
  const memberRows = await db.query('select conversation_id, user_id from conversation_members where conversation_id >= ? order by id', [firstGenerated]);
  const names = new Map((await db.query('select id, display_name from users')).map((row) => [Number(row.id), row.display_name]));
  const membersOf = new Map();
  for (const row of memberRows) {
    const key = Number(row.conversation_id);
    if (!membersOf.has(key)) membersOf.set(key, []);
    membersOf.get(key).push(Number(row.user_id));
  }
  const conversations = conversationRows
    .map((row) => ({ id: Number(row.id), isGroup: row.is_group === true || row.is_group === 1, members: membersOf.get(Number(row.id)) ?? [], recent: [] }))
    .filter((conversation) => conversation.members.length >= 2);
  // The weight belongs to the conversation (seeded by its id), so a grown database keeps its busy ones busy.
  const weightOf = (conversation) => {
    const own = randomTools(conversation.id * 7919);
    return own.pareto(1.1, 600) * (conversation.isGroup ? 3 : 1);
  };
  const pickConversation = weightedPicker(conversations.map(weightOf), tools.random);

  let id = await maxOf(db, 'messages');
  let time = startTime;
  const ownLast = new Map();
  for (const row of await db.query('select conversation_id, sender_id, max(id) as last from messages where conversation_id >= ? group by conversation_id, sender_id', [firstGenerated])) {
    ownLast.set(`${row.conversation_id}:${row.sender_id}`, Number(row.last));
  }

  const buffers = { messages: [], message_reactions: [], message_mentions: [], notifications: [] };
  const flush = async () => {
    await db.transaction(async () => {
      for (const [table, rows] of Object.entries(buffers)) {
        if (rows.length > 0) await db.insertMany(table, Object.keys(PG_TYPES[table]), rows);
        buffers[table] = [];
      }
    });
  };
  const total = target - existing;
  let written = 0;
  const started = performance.now();
  for (let n = existing; n < target; n += 1) {
    const conversation = conversations[pickConversation()];
    id += 1;
    time += tools.int(1, 2 * MESSAGE_GAP_MS - 1);
    const sender = tools.pick(conversation.members);
    const isDeleted = tools.chance(0.005);
    const parent = conversation.recent.length > 0 && tools.chance(0.03) ? tools.pick(conversation.recent) : null;
    const quoted = !parent && conversation.recent.length > 0 && tools.chance(0.04) ? tools.pick(conversation.recent) : null;
    let content = isDeleted ? '' : messageText(tools);
    const mentioned = !isDeleted && conversation.isGroup && tools.chance(0.03) ? tools.pick(conversation.members.filter((member) => member !== sender)) : undefined;
    if (mentioned !== undefined) content = `@@${names.get(mentioned)}@@ ${content}`;
    buffers.messages.push({
      id,
      conversation_id: conversation.id,
      sender_id: sender,
      content,
      reply_to_message_id: quoted?.id ?? null,
      thread_parent_id: parent?.id ?? null,
      is_deleted: isDeleted,
      deleted_at: isDeleted ? time + MINUTE : null,
      created_at: time,
      updated_at: isDeleted ? time + MINUTE : time,
    });
    if (mentioned !== undefined) {
      buffers.message_mentions.push({ message_id: id, user_id: mentioned, created_at: time });
      buffers.notifications.push({
        recipient_id: mentioned, sender_id: sender, notification_type: parent ? 'thread mention' : 'mention', conversation_id: conversation.id,
        message_id: id, thread_parent_id: parent?.id ?? null, form_request_id: null, is_read: tools.chance(0.9), created_at: time,
      });
    }
    if (!isDeleted && tools.chance(0.05)) {
      for (const reactor of tools.sample(conversation.members, tools.int(1, 3))) {
        const type = tools.pick(REACTION_TYPES);
        buffers.message_reactions.push({ message_id: id, user_id: reactor, type, created_at: time + MINUTE });
        if (reactor !== sender) {
          buffers.notifications.push({
            recipient_id: sender, sender_id: reactor, notification_type: 'reaction', conversation_id: conversation.id,
            message_id: id, thread_parent_id: parent?.id ?? null, form_request_id: null, is_read: tools.chance(0.9), created_at: time + MINUTE,
          });
        }
      }
    }
    if (!parent && !isDeleted) {
      conversation.recent.push({ id });
      if (conversation.recent.length > 20) conversation.recent.shift();
    }
    ownLast.set(`${conversation.id}:${sender}`, id);
    if (buffers.messages.length >= 20_000) {
      await flush();
      written = n + 1 - existing;
      if (log && written % 200_000 === 0) log(`  messages: ${written} of ${total} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
  await flush();

  // Each conversation's latest message, thread replies included.
  await db.exec(`update conversations set
      last_message_id = (select max(m.id) from messages m where m.conversation_id = conversations.id),
      last_message_at = coalesce((select m.created_at from messages m where m.conversation_id = conversations.id order by m.id desc limit 1), last_message_at),
      updated_at = coalesce((select m.created_at from messages m where m.conversation_id = conversations.id order by m.id desc limit 1), updated_at)
    where id >= ${Number(firstGenerated)}`);
  await setCursors(db, tools, firstGenerated, ownLast);
  return total;
};

/**
 * Read cursors, by time away: a person has read their conversations up to when they were
 * last active (half of them now, most of the rest within hours, a few weeks ago), and leaves
 * about one conversation in ten unread for longer (a busy group they mostly ignore). In a busy group
 * that is thousands of messages, in a quiet pair a handful. Nobody's cursor is behind their
 * own latest message (sending moves it). About 2 % of memberships are pinned.
 */
const setCursors = async (db, tools, firstGenerated, ownLast) => {
  const members = await db.query('select id, conversation_id, user_id from conversation_members where conversation_id >= ?', [firstGenerated]);
  const awayOf = new Map();
  const messagesIn = (ms) => Math.round(ms / MESSAGE_GAP_MS);
  const rows = members.map((member) => {
    const userId = Number(member.user_id);
    if (!awayOf.has(userId)) {
      const roll = tools.random();
      awayOf.set(userId, roll < 0.5 ? 0 : roll < 0.75 ? tools.int(1, 60) * MINUTE : roll < 0.92 ? tools.int(1, 72) * 60 * MINUTE : tools.int(3, 60) * DAY);
    }
    const ignored = tools.chance(0.1) ? tools.int(1, 60) * DAY : 0;
    const pinned = tools.chance(0.02);
    return {
      member_id: Number(member.id),
      lag: messagesIn(awayOf.get(userId) + ignored),
      own_last: ownLast.get(`${member.conversation_id}:${userId}`) ?? 0,
      pinned,
      pinned_at: pinned ? Date.now() - tools.int(1, 300) * DAY : null,
    };
  });
  await db.exec('drop table if exists member_cursors');
  await db.exec(`create ${db.dialect === 'postgres' ? 'unlogged' : ''} table member_cursors (member_id bigint primary key, lag bigint not null, own_last bigint not null, pinned boolean not null, pinned_at bigint)`);
  await db.transaction(() => db.insertMany('member_cursors', Object.keys(PG_TYPES.member_cursors), rows));
  // Message ids advance one per MESSAGE_GAP_MS over the whole company, so "read up to this
  // long ago" is "read up to the conversation's message at or below last id − lag".
  await db.exec(`update conversation_members set
      last_read_message_id = ${db.greatest}(member_cursors.own_last, coalesce((
        select max(m.id) from messages m
        where m.conversation_id = conversation_members.conversation_id
          and m.id <= (select c.last_message_id from conversations c where c.id = conversation_members.conversation_id) - member_cursors.lag
      ), 0)),
      is_pinned = member_cursors.pinned,
      pinned_at = member_cursors.pinned_at
    from member_cursors where conversation_members.id = member_cursors.member_id`);
  await db.exec('drop table member_cursors');
};

/** Requests of the eight forms: lines, approvers per level from each form's pool, votes in order. */
const generateRequests = async (db, tools, target, people, log) => {
  const existing = await countOf(db, 'form_requests');
  if (existing >= target) return 0;
  const forms = await db.query('select id, type from forms where is_active = ? order by id', [true]);
  const bandApprovers = await db.query(
    'select b.form_id, a.level, a.user_id from approval_band_approvers a join approval_bands b on b.id = a.band_id order by a.id',
  );
  const companies = (await db.query('select id, name from companies order by id')).map((row) => ({ id: Number(row.id), name: row.name }));
  const purchaseTypes = (await db.query('select id, name from purchase_request_types order by id')).map((row) => ({ id: Number(row.id), name: row.name }));
  const counters = new Map((await db.query('select prefix, year, last_value from reference_counters')).map((row) => [`${row.prefix}:${row.year}`, Number(row.last_value)]));

  // Each form's approver pools: the approvers of its chain today and some of the generated
  // approvers, as chains changed over the years (a request keeps the chain it was filed with).
  const generatedApprovers = people.filter((person) => person.approver && person.id > 10);
  const pools = new Map();
  for (const [index, form] of forms.entries()) {
    const own = randomTools(1000 + index);
    const today = (level) => bandApprovers.filter((row) => Number(row.form_id) === Number(form.id) && row.level === level).map((row) => Number(row.user_id));
    pools.set(Number(form.id), {
      level1: [...new Set([...today(1), ...own.sample(generatedApprovers, 4).map((person) => person.id)])],
      level2: [...new Set([...today(2), ...own.sample(generatedApprovers, 2).map((person) => person.id)])],
    });
  }
  const formWeights = { epr: 30, offsetting: 15, prospecting: 8, transmittal: 12, 'explain-why': 5, ccar: 5, 'so-lo': 10, edsr: 15 };
  const pickForm = weightedPicker(forms.map((form) => formWeights[form.type] ?? 1), tools.random);
  // A few people file far more than others (a sales agent's daily report, a site buyer's ePRs).
  const requesterWeights = people.map((person) => (person.name === 'Maria Santos' ? 30 : tools.pareto(1.3, 200)));
  const pickRequester = weightedPicker(requesterWeights, tools.random);
  const salesPeople = people.filter((person) => isSalesDepartment(person.department));
  const pickSalesPerson = weightedPicker(salesPeople.map((person) => requesterWeights[people.indexOf(person)]), tools.random);

  let id = await maxOf(db, 'form_requests');
  let time = Math.max(await maxOf(db, 'form_requests', 'created_at'), Date.now() - TIMELINE_DAYS * DAY);
  const endTime = time + (target - existing) * REQUEST_GAP_MS;
  const buffers = { form_requests: [], request_lines: [], request_approvers: [], request_votes: [] };
  const flush = () =>
    db.transaction(async () => {
      for (const [table, rows] of Object.entries(buffers)) {
        if (rows.length > 0) await db.insertMany(table, Object.keys(PG_TYPES[table]), rows);
        buffers[table] = [];
      }
    });

  for (let n = existing; n < target; n += 1) {
    const form = forms[pickForm()];
    const type = form.type;
    const requester = ['prospecting', 'so-lo', 'edsr'].includes(type) ? salesPeople[pickSalesPerson()] : people[pickRequester()];
    // The chain copied when filed: never the requester; level 2 is empty for one in ten.
    const pool = pools.get(Number(form.id));
    const level1 = tools.sample(pool.level1.filter((userId) => userId !== requester.id), tools.int(1, 3));
    const level2 = tools.chance(0.1) ? [] : tools.sample(pool.level2.filter((userId) => userId !== requester.id), tools.int(1, 2));
    if (level1.length === 0) {
      n -= 1;
      continue;
    }
    id += 1;
    time += tools.int(1, 2 * REQUEST_GAP_MS - 1);
    const created = time;
    const later = (days) => manilaDay(created + days * DAY);
    const prefix = REFERENCE_PREFIXES[type];
    const counterKey = `${prefix}:${manilaYear(created)}`;
    const number = (counters.get(counterKey) ?? 0) + 1;
    counters.set(counterKey, number);

    // The form's details and lines, as requests.service.ts `prepare` stores them.
    let details;
    let lines = [];
    let totalCost = null;
    const priced = (kind, count) => {
      let sum = 0;
      lines = Array.from({ length: count }, (_, position) => {
        const quantity = tools.int(1, 200);
        const unitPrice = tools.int(500, 500_000);
        const cost = quantity * unitPrice;
        sum += cost;
        return { kind, position, description: tools.pick(THINGS), remarks: tools.chance(0.3) ? `For ${tools.pick(PLACES)} site` : '', quantity, unit_price: unitPrice, cost, data: null };
      });
      totalCost = sum;
    };
    switch (type) {
      case 'epr': {
        const company = tools.pick(companies);
        const purchaseType = tools.pick(purchaseTypes);
        details = { company_id: company.id, company_name: company.name, recommended_supplier: tools.pick(SUPPLIERS), purchase_request_id: purchaseType.id, purchase_request_type: purchaseType.name, urgent: tools.chance(0.1), date_needed: later(tools.int(1, 14)) };
        priced('requisition', tools.int(1, 5));
        break;
      }
      case 'transmittal':
        details = { receiver: tools.pick(people).name };
        priced('transmittal', tools.int(1, 4));
        break;
      case 'offsetting': {
        const rows = Array.from({ length: tools.int(1, 3) }, () => ({ date: manilaDay(created - tools.int(1, 20) * DAY), accumulatedHrs: tools.pick([2, 3, 4, 5]) }));
        details = { totalHours: rows.reduce((sum, row) => sum + row.accumulatedHrs, 0), dateOffset: later(tools.int(2, 20)), typeOffset: tools.pick(OFFSET_TYPES) };
        lines = rows.map((row, position) => ({ kind: 'offset', position, description: row.date, remarks: '', quantity: row.accumulatedHrs, unit_price: null, cost: null, data: JSON.stringify(row) }));
        break;
      }
      case 'edsr': {
        const visits = tools.int(0, 4);
        const calls = tools.int(visits === 0 ? 1 : 0, 4);
        details = { visits, calls };
        lines = Array.from({ length: visits + calls }, (_, position) => ({
          kind: position < visits ? 'visit' : 'call', position, description: `${tools.pick(LAST_NAMES)} ${tools.pick(['Builders', 'Construction', 'Hardware', 'Realty'])}`,
          remarks: tools.pick(['Interested in bulk cement', 'Asked for a quotation', 'Follow up next week', '']), quantity: 0, unit_price: null, cost: null,
          data: JSON.stringify({ action_to_be_done: tools.pick(['Send quotation', 'Call back', '']), order: tools.chance(0.3) ? `${tools.int(10, 500)} bags` : '' }),
        }));
        break;
      }
      case 'prospecting': {
        const region = tools.pick(REGIONS);
        details = { region, province: tools.pick(PROVINCES_BY_REGION[region]), specificAddress: `${tools.int(1, 999)} National Road`, companyName: `${tools.pick(LAST_NAMES)} Builders`, contactName: `${tools.pick(FIRST_NAMES)} ${tools.pick(LAST_NAMES)}`, position: 'Purchasing Officer', mobileNumber: `09${tools.int(100000000, 999999999)}`, telephone1: '', telephone2: '', supplier: tools.pick(SUPPLIERS), volume: `${tools.int(10, 900)} bags a month`, prospectsEmail: '' };
        break;
      }
      case 'explain-why':
        details = { manager: tools.pick(people).name, explanation: 'I was late because the delivery truck broke down on the way to the site.', penalty: tools.pick(PENALTIES), offense: tools.pick(OFFENSES), rule_no: tools.pick(RULE_NUMBERS) };
        break;
      case 'ccar':
        details = { issued_to: tools.pick(ISSUED_TO), nc_source: tools.pick(NC_SOURCES), warehouse: tools.pick(WAREHOUSES), reference_number: `CR-${tools.int(1000, 9999)}`, description: `${tools.int(2, 40)} bags of ${tools.pick(THINGS)} arrived damaged.` };
        break;
      case 'so-lo':
        details = { request_type: tools.pick(SO_LO_REQUEST_TYPES), urgent: tools.chance(0.1), date_needed: later(tools.int(1, 10)), description: `Stock out of ${tools.pick(THINGS)} for ${tools.pick(PLACES)}.` };
        break;
      default:
        details = {};
    }

    const needed1 = level1.length >= 2 && tools.chance(0.3) ? 2 : 1;
    const needed2 = level2.length === 0 ? 0 : 1;

    // What happened to it: recent ones mostly wait; older ones ended one way or another.
    const isRecent = endTime - created < RECENT_REQUEST_MS;
    const roll = tools.random();
    const outcome = isRecent && roll < 0.7
      ? (needed2 > 0 && tools.chance(0.4) ? 'pending2' : 'pending1')
      : roll < 0.85 ? 'approved' : roll < 0.92 ? (needed2 > 0 && tools.chance(0.4) ? 'denied2' : 'denied1') : roll < 0.97 ? 'withdrawn1' : needed2 > 0 ? 'withdrawn2' : 'withdrawn1';
    const seats = [...level1.map((userId) => ({ approver_id: userId, level: 1 })), ...level2.map((userId) => ({ approver_id: userId, level: 2 }))].map((seat) => ({
      request_id: id, ...seat, has_voted: false, approved: false, comment: null, voted_at: null,
    }));
    let clock = created;
    let level = 1;
    let levelStarted = created;
    let status = 'pending';
    let decidedAt = null;
    const vote = (seat, approved) => {
      clock += tools.int(10 * MINUTE, 2 * DAY);
      const comment = approved ? (tools.chance(0.3) ? tools.pick(COMMENTS) : null) : tools.pick(DENIALS);
      Object.assign(seat, { has_voted: true, approved, comment, voted_at: clock });
      buffers.request_votes.push({ request_id: id, approver_id: seat.approver_id, level: seat.level, status: approved ? 'approved' : 'denied', comment, created_at: clock });
    };
    const open = (lvl) => tools.sample(seats.filter((seat) => seat.level === lvl && !seat.has_voted), 99);
    const approveLevel = (lvl, count) => open(lvl).slice(0, count).forEach((seat) => vote(seat, true));
    const completeLevel1 = () => {
      approveLevel(1, needed1);
      if (needed2 > 0) {
        level = 2;
        levelStarted = clock;
      }
    };
    switch (outcome) {
      case 'approved':
        completeLevel1();
        if (needed2 > 0) approveLevel(2, needed2);
        status = 'approved';
        decidedAt = clock;
        break;
      case 'denied1':
      case 'denied2': {
        if (outcome === 'denied2') completeLevel1();
        const needed = level === 1 ? needed1 : needed2;
        approveLevel(level, tools.int(0, needed - 1));
        const [denier] = open(level);
        if (denier) vote(denier, false);
        status = 'denied';
        decidedAt = clock;
        break;
      }
      case 'withdrawn1':
      case 'withdrawn2':
        if (outcome === 'withdrawn2') completeLevel1();
        approveLevel(level, tools.int(0, (level === 1 ? needed1 : needed2) - 1));
        clock += tools.int(MINUTE, DAY);
        status = 'withdrawn';
        decidedAt = clock;
        break;
      default:
        if (outcome === 'pending2') completeLevel1();
        approveLevel(level, tools.int(0, (level === 1 ? needed1 : needed2) - 1));
    }

    buffers.form_requests.push({
      id, form_id: Number(form.id), form_type: type, reference_id: `${prefix}-${manilaYear(created)}-${String(number).padStart(6, '0')}`, requester_id: requester.id,
      payload: JSON.stringify(details), total_cost: totalCost, status, current_level: level, initial_approval_needed_count: needed1,
      executive_approval_needed_count: needed2, decided_at: decidedAt, level_started_at: levelStarted, created_at: created, updated_at: Math.max(clock, created),
    });
    for (const line of lines) buffers.request_lines.push({ request_id: id, ...line });
    buffers.request_approvers.push(...seats);
    if (buffers.form_requests.length >= 5000) {
      await flush();
      if (log && (n + 1 - existing) % 50_000 === 0) log(`  requests: ${n + 1 - existing} of ${target - existing}`);
    }
  }
  await flush();
  await db.transaction(async () => {
    for (const [key, value] of counters) {
      const [prefix, year] = key.split(':');
      await db.query('delete from reference_counters where prefix = ? and year = ?', [prefix, Number(year)]);
      await db.query('insert into reference_counters (prefix, year, last_value) values (?, ?, ?)', [prefix, Number(year), value]);
    }
  });
  return target - existing;
};

/**
 * The invariants the services keep, checked on what was generated: a violation throws, so the
 * benchmark's quick run (CI's smoke run) fails when the generator writes something the
 * product could never have written.
 */
const verify = async (db) => {
  const checks = {
    'a conversation whose last_message_id is not its latest message': `select count(*) as n from conversations c
      left join (select conversation_id, max(id) as last from messages group by conversation_id) l on l.conversation_id = c.id
      where coalesce(c.last_message_id, 0) <> coalesce(l.last, 0)`,
    'a read cursor behind its member’s own latest message': `select count(*) as n from conversation_members cm
      join (select conversation_id, sender_id, max(id) as last from messages group by conversation_id, sender_id) o
        on o.conversation_id = cm.conversation_id and o.sender_id = cm.user_id
      where cm.last_read_message_id < o.last`,
    'a thread reply whose parent is in another conversation or is itself a reply': `select count(*) as n from messages m
      join messages p on p.id = m.thread_parent_id where p.conversation_id <> m.conversation_id or p.thread_parent_id is not null`,
    'a message written before an older id': `select count(*) as n from messages m join messages p on p.id = m.id - 1
      where m.conversation_id > ${DEMO_CONVERSATIONS.length} and p.conversation_id > ${DEMO_CONVERSATIONS.length} and m.created_at < p.created_at`,
    'a vote without its seat, or a seat voted without its vote': `select (select count(*) from request_votes) - (select count(*) from request_approvers where has_voted = ${db.dialect === 'postgres' ? 'true' : '1'}) as n`,
    'an approved request short of approvals at its level': `select count(*) as n from form_requests r where r.status = 'approved'
      and (select count(*) from request_approvers a where a.request_id = r.id and a.level = r.current_level and a.approved = ${db.dialect === 'postgres' ? 'true' : '1'})
        < case r.current_level when 1 then r.initial_approval_needed_count else r.executive_approval_needed_count end`,
    'a denied request without exactly one denial': `select count(*) as n from form_requests r where r.status = 'denied'
      and (select count(*) from request_votes v where v.request_id = r.id and v.status = 'denied') <> 1`,
    'a request with votes at level 2 before level 1 had its approvals': `select count(*) as n from form_requests r
      where exists (select 1 from request_votes v where v.request_id = r.id and v.level = 2)
        and (select count(*) from request_votes v where v.request_id = r.id and v.level = 1 and v.status = 'approved') < r.initial_approval_needed_count`,
    'a reference number above its counter': `select count(*) as n from form_requests r where not exists (
      select 1 from reference_counters c where r.reference_id like c.prefix || '-' || ${db.dialect === 'postgres' ? 'c.year::text' : 'c.year'} || '-%'
        and c.last_value >= ${db.dialect === 'postgres' ? 'cast(substring(r.reference_id from length(r.reference_id) - 5) as integer)' : 'cast(substr(r.reference_id, -6) as integer)'})`,
  };
  if (db.dialect === 'postgres') {
    for (const table of EXPLICIT_ID_TABLES) {
      checks[`a ${table} id past its identity sequence`] = `select count(*) as n from ${table} where id > (select last_value from ${table}_id_seq)`;
    }
  }
  const broken = [];
  for (const [what, query] of Object.entries(checks)) {
    const n = Number((await db.query(query))[0].n);
    if (n !== 0) broken.push(`${what}: ${n}`);
  }
  if (broken.length > 0) throw new Error(`The generated data breaks the schema's rules:\n${broken.join('\n')}`);
};

/**
 * Grows the database at `sqliteFile` or `postgresUrl` to `target` rows per table
 * ({users, conversations, messages, requests}). Answers the seconds each part took.
 */
export const generateData = async ({ sqliteFile, postgresUrl, target, seed = 20_260_101, log = () => {} }) => {
  const db = await connect({ sqliteFile, postgresUrl });
  const tools = randomTools(seed + (await countOf(db, 'messages')));
  const timings = {};
  const timed = async (name, work) => {
    const started = performance.now();
    const result = await work();
    timings[name] = (performance.now() - started) / 1000;
    log(`  ${name}: ${result} new in ${timings[name].toFixed(1)} s`);
    return result;
  };
  try {
    const now = Date.now();
    // The demo organisation's own conversations (the seed's first ones, on an empty
    // database) are left as the seed wrote them; everything generated comes after them.
    const firstGenerated = DEMO_CONVERSATIONS.length + 1;
    await timed('users', () => generateUsers(db, tools, target.users, now));
    const people = await loadPeople(db);
    const lastGenerated = Number((await db.query('select coalesce(max(created_at), 0) as n from messages where conversation_id >= ?', [firstGenerated]))[0].n);
    const startTime = Math.max(lastGenerated, now - TIMELINE_DAYS * DAY);
    await timed('conversations', () => generateConversations(db, tools, target.conversations, people, startTime));
    await timed('messages', () => generateMessages(db, tools, target.messages, firstGenerated, startTime, log));
    await timed('requests', () => generateRequests(db, tools, target.requests, people, log));
    await timed('finish', async () => {
      if (db.dialect === 'postgres') {
        for (const table of EXPLICIT_ID_TABLES) {
          await db.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
        }
        // What autovacuum would have done by the time a database of this size is in use:
        // statistics for the planner and the visibility map for index-only scans; and a
        // checkpoint, so the bulk load is on disk before any call is measured rather than
        // written out while they run.
        await db.exec('vacuum analyze');
        await db.exec('checkpoint');
      }
      return 'done';
    });
    await timed('checks', async () => {
      await verify(db);
      return 'passed';
    });
    const counts = {};
    for (const table of ['users', 'conversations', 'conversation_members', 'messages', 'message_reactions', 'form_requests', 'request_approvers', 'request_votes']) {
      counts[table] = await countOf(db, table);
    }
    const { checks: _checks, ...generation } = timings;
    return { timings, counts, seconds: Object.values(generation).reduce((sum, value) => sum + value, 0) };
  } finally {
    await db.close();
  }
};
