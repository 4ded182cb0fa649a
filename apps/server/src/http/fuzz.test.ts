/**
 * Malformed input at scale (docs/RELIABILITY.md, "Malformed input"): at least 10 000
 * generated requests over every route the server registered (`app.registeredRoutes`, so a
 * new route cannot be missed), as a normal user and as an administrator, and thousands of
 * malformed packets for every client event of the live socket (clientEventSchemas) over a
 * real socket.io-client. Bodies, queries and multipart data parts are made from the route
 * table's own zod schemas (through their JSON Schema), mostly well-formed with one field
 * wrong, missing or added, so they reach the services rather than stop at validation; path
 * ids are real ones, near misses and junk; bodies also come as broken JSON and broken
 * multipart. No answer may be a 5xx, the server must stay up (/readyz) and throw nothing
 * unhandled, and every acknowledged socket event must be answered. Each failing input is
 * printed with the seed that makes it again: FUZZ_SEED=<seed> npm run test:integration.
 */
import fc from 'fast-check';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CATALOGS,
  clientEventSchemas,
  FORM_DATA_SCHEMAS,
  FORM_FILE_FIELDS,
  routes,
  SUBMIT_KINDS,
  SUBMIT_PATH_KINDS,
  type FormType,
  type RouteDefinition,
} from '@ichat/shared';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

const HTTP_CASES = 10_000;
const SOCKET_PACKETS = Number(process.env['FUZZ_SOCKET_PACKETS'] ?? 3_000);
const CONCURRENCY = 6;
const seed = Number(process.env['FUZZ_SEED'] ?? Date.now() % 2_147_483_647);

type Json = Record<string, unknown>;
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
};

// ---------------------------------------------------------------- values from the schemas

const hugeText = fc.integer({ min: 20_000, max: 200_000 }).map((length) => 'x'.repeat(length));
const nastyText = fc.constantFrom('', ' ', '\u0000', '%', '%25', '\\', '"', "'; drop table users; --", '<script>alert(1)</script>', '@@All@@', '@@', '../../etc/passwd', '2030-02-30', '9'.repeat(40), 'NaN', '-0', '\ud800', '日本語', 'null');
/** A value of any type: what a client sending the wrong thing sends. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1.5, 1e21, Number.MAX_SAFE_INTEGER + 2),
  fc.string({ maxLength: 40 }),
  nastyText,
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);
/** The same, or a text far past any limit (for bodies: a query string that long never reaches the app). */
const wrongOrHuge: fc.Arbitrary<unknown> = fc.oneof({ arbitrary: wrongValue, weight: 10 }, hugeText);

/** Ids that exist (the demo's), ids that do not, and near misses. */
const someId = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 14 }), weight: 6 }, fc.constantFrom(0, -1, 999_999, 2 ** 31, 2 ** 53));

const plausible = (schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => plausible(choice, depth)));
  const types = [schema.type ?? 'any'].flat();
  return fc.oneof(...types.map((type) => plausibleOfType(type, schema, depth)));
};

const plausibleOfType = (type: string, schema: JsonSchema, depth: number): fc.Arbitrary<unknown> => {
  switch (type) {
    case 'string':
      if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom('maria.santos@demo.local', 'admin@demo.local'));
      if (schema.pattern) return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length < 200), fc.string({ maxLength: 20 }));
      return fc.oneof({ arbitrary: fc.string({ maxLength: 30 }), weight: 4 }, fc.constantFrom('2030-01-01', 'Cement', 'maria.santos', 'pin', 'all', 'epr'), nastyText);
    case 'integer':
      return fc.oneof({ arbitrary: someId, weight: 4 }, fc.integer());
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.double({ noNaN: true }), fc.constantFrom(0.005, 1e15, 14.25));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3 ? fc.constant([]) : fc.array(field(schema.items ?? {}, depth + 1), { maxLength: 4 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectFrom(schema, depth + 1);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

/** A field's value: mostly one the schema takes, sometimes anything at all. */
const field = (schema: JsonSchema, depth: number, wrong = wrongOrHuge): fc.Arbitrary<unknown> => fc.oneof({ arbitrary: plausible(schema, depth), weight: 5 }, { arbitrary: wrong, weight: 1 });

/** An object of the schema's fields, each kept or dropped, plus sometimes a field it does not know. */
const objectFrom = (schema: JsonSchema, depth = 0, wrong = wrongOrHuge): fc.Arbitrary<Json> => {
  const properties = Object.entries(schema.properties ?? {});
  const known = fc.record(Object.fromEntries(properties.map(([name, property]) => [name, field(property, depth, wrong)])), { requiredKeys: [] });
  const free =
    typeof schema.additionalProperties === 'object'
      ? fc.dictionary(fc.string({ maxLength: 12 }), field(schema.additionalProperties, depth, wrong), { maxKeys: 3 })
      : fc.constant({});
  const extra = fc.option(fc.dictionary(fc.string({ maxLength: 12 }), wrongValue, { maxKeys: 2 }), { freq: 4 });
  return fc.tuple(known, free, extra).map(([values, more, added]) => ({ ...more, ...values, ...(added ?? {}) }));
};

const jsonSchemaOf = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
/** What a client might send for this schema: usually its shape with something wrong, sometimes anything. */
const bodyFrom = (schema: z.ZodType | undefined): fc.Arbitrary<unknown> =>
  schema ? fc.oneof({ arbitrary: objectFrom(jsonSchemaOf(schema)), weight: 6 }, wrongOrHuge, fc.jsonValue({ maxDepth: 3 })) : fc.oneof(fc.jsonValue({ maxDepth: 3 }), wrongOrHuge);

// ---------------------------------------------------------------- requests

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'multipart'; data: string | undefined; files: { field: string; name: string; bytes: Uint8Array; type: string }[] };

interface Case {
  method: string;
  url: string;
  who: 'user' | 'admin';
  body: Body;
}

const brokenBodies = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.constantFrom('{', '{"a":', '[1,2', '{"message": "\u0000"}', 'null', '""', '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"message":"hi"}', '--x--', '--x\r\nContent-Disposition: form-data; name="message_attachments"; filename="a.png"\r\n\r\nabc', 'garbage'),
);
const rawBody = fc.record({
  kind: fc.constant('raw' as const),
  text: brokenBodies,
  contentType: fc.constantFrom('application/json', 'text/plain', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/xml', ''),
});

const fileName = fc.oneof(fc.constantFrom('receipt.pdf', 'photo.png', 'a', '.htaccess', '../../x.png', 'ünïcödé.jpg', `${'n'.repeat(300)}.txt`, ''), fc.string({ maxLength: 20 }));
const filePart = (fields: string[]) =>
  fc.record({
    field: fields.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...fields), weight: 4 }, fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 }),
    name: fileName,
    bytes: fc.oneof(fc.uint8Array({ maxLength: 256 }), fc.constant(new Uint8Array(0)), fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))),
    type: fc.constantFrom('image/png', 'application/pdf', 'application/octet-stream', 'text/html', ''),
  });
const multipart = (data: fc.Arbitrary<unknown>, fields: string[]) =>
  fc.record({
    kind: fc.constant('multipart' as const),
    data: fc.option(fc.oneof({ arbitrary: data.map((value) => JSON.stringify(value) ?? 'null'), weight: 5 }, fc.string({ maxLength: 60 })), { freq: 8 }).map((value) => value ?? undefined),
    files: fc.array(filePart(fields), { maxLength: 3 }),
  });

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A path's parameters: values that exist, near misses and junk, each URL-encoded. */
const paramValue = (name: string, formIds: Record<string, number>): fc.Arbitrary<string> => {
  const junk = fc.oneof(fc.string({ maxLength: 30 }), nastyText, fc.constantFrom('1.5', '1e3', '0x10', '-3', ' 4', '4 ', '%00'));
  const likely: fc.Arbitrary<string> =
    name === 'kind'
      ? fc.constantFrom(...SUBMIT_PATH_KINDS)
      : name === 'catalog'
        ? fc.constantFrom(...CATALOGS)
        : name === 'name' || name === '*'
          ? fc.oneof(fc.uuid().map((id) => `${id}.png`), fc.constantFrom('x.webp', 'index.html', 'android/1.0.0/internal-chat.apk'))
          : name === 'formId'
            ? fc.constantFrom(...Object.values(formIds)).map(String)
            : someId.map(String);
  // A lone surrogate cannot be sent in a URL at all: it is made well-formed first.
  return fc.oneof({ arbitrary: likely, weight: 4 }, junk).map((value) => (name === '*' ? value : encodeURIComponent(value.replace(LONE_SURROGATE, '\ufffd'))));
};

/** Every case a route can be sent: its path filled in, a query, a body as its definition takes one. */
const caseFor = (route: { method: string; url: string }, definition: RouteDefinition | undefined, formIds: Record<string, number>): fc.Arbitrary<Case> => {
  const names = [...route.url.matchAll(/:([A-Za-z_]+)|\*/g)].map((match) => match[1] ?? '*');
  const params = fc.tuple(...names.map((name) => paramValue(name, formIds)));
  const query = fc.oneof(
    { arbitrary: definition?.query ? objectFrom(jsonSchemaOf(definition.query), 0, wrongValue) : fc.constant({}), weight: 3 },
    fc.dictionary(fc.constantFrom('page', 'limit', 'before', 'after', 'query', 'conversation_filter', 'copy_of', 'scope', 'from', 'to', 'x'), wrongValue, { maxKeys: 3 }),
  );
  const body: fc.Arbitrary<Body> =
    route.method === 'GET' || route.method === 'HEAD'
      ? fc.constant({ kind: 'none' as const })
      : definition?.form
          ? fc.oneof({ arbitrary: multipart(bodyFrom(definition.form.data), Object.keys(definition.form.files)), weight: 4 }, fc.record({ kind: fc.constant('json' as const), value: bodyFrom(definition.form.data) }), rawBody)
          : fc.oneof({ arbitrary: fc.record({ kind: fc.constant('json' as const), value: bodyFrom(definition?.body) }), weight: 4 }, rawBody, fc.constant({ kind: 'none' as const }));
  const who = fc.constantFrom('user' as const, 'admin' as const);
  const filled = definition === routes.requests.submit ? fc.oneof({ arbitrary: submission(formIds), weight: 4 }, fc.record({ params, body: rawBody })) : fc.record({ params, body });
  return fc.record({ filled, query, who }).map(({ filled: { params: values, body: sent }, query: search, who: caller }) => {
    let index = 0;
    const path = route.url.replace(/:[A-Za-z_]+|\*/g, () => values[index++] ?? '');
    const queryString = new URLSearchParams(Object.entries(search).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value) ?? ''])).toString();
    return { method: route.method, url: queryString ? `${path}?${queryString}` : path, who: caller, body: sent };
  });
};

/** A form of any type filed at its own path, with its own data schema and file fields. */
const submission = (formIds: Record<string, number>) =>
  fc.constantFrom(...(Object.keys(FORM_DATA_SCHEMAS) as FormType[])).chain((type) => {
    const files = FORM_FILE_FIELDS[type];
    const fields = [...Object.keys(files.fields), ...(files.rowFields ?? []).flatMap((row) => [0, 1, 5].map((index) => `${row.prefix}_${index}`))];
    const data = bodyFrom(FORM_DATA_SCHEMAS[type]);
    const body: fc.Arbitrary<Body> = type === 'offsetting' ? fc.record({ kind: fc.constant('json' as const), value: data }) : multipart(data, fields);
    return fc.record({ params: fc.constant([SUBMIT_KINDS[type], String(formIds[type] ?? 1)]), body });
  });

const describeCase = (sent: Case) => {
  const body =
    sent.body.kind === 'json'
      ? JSON.stringify(sent.body.value)
      : sent.body.kind === 'raw'
        ? `${sent.body.contentType}: ${JSON.stringify(sent.body.text)}`
        : sent.body.kind === 'multipart'
          ? `multipart data=${sent.body.data ?? '(none)'} files=${JSON.stringify(sent.body.files.map((file) => [file.field, file.name, file.bytes.length, file.type]))}`
          : '';
  return `${sent.who} ${sent.method} ${sent.url} ${body.length > 600 ? `${body.slice(0, 600)}… (${body.length} characters)` : body}`;
};

// ---------------------------------------------------------------- the run

let server: TestServer;
const tokens: Record<'user' | 'admin', string> = { user: '', admin: '' };
const LOGINS = { user: 'maria.santos', admin: 'admin@demo.local' } as const;
const unhandled: unknown[] = [];
const onUnhandled = (error: unknown) => unhandled.push(error);

beforeAll(async () => {
  // The limits would soon refuse the fuzzer's own sign-ins; they are tested elsewhere.
  server = await startTestServer({ loginLimits: { pairLimit: 1e9, addressLimit: 1e9, accountFreeAttempts: 1e9 } });
  for (const who of ['user', 'admin'] as const) tokens[who] = await server.login(LOGINS[who]);
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  await server.close();
});

/** A generated case may sign its caller out (logout) or change what the token stands for: sign in again. */
const keepSignedIn = async () => {
  for (const who of ['user', 'admin'] as const) {
    if ((await server.request('GET', '/api/v1/accounts/me', { token: tokens[who] })).status === 401) tokens[who] = await server.login(LOGINS[who]);
  }
};

const send = async (sent: Case): Promise<{ status: number; text: string }> => {
  const headers: Record<string, string> = { authorization: `Bearer ${tokens[sent.who]}` };
  let body: BodyInit | undefined;
  if (sent.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(sent.body.value) ?? 'null';
  } else if (sent.body.kind === 'raw') {
    if (sent.body.contentType) headers['content-type'] = sent.body.contentType;
    body = sent.body.text;
  } else if (sent.body.kind === 'multipart') {
    const form = new FormData();
    if (sent.body.data !== undefined) form.append('data', sent.body.data);
    for (const file of sent.body.files) form.append(file.field, new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.type }), file.name);
    body = form;
  }
  const response = await fetch(`${server.baseUrl}${sent.url}`, { method: sent.method, headers, body });
  return { status: response.status, text: await response.text() };
};

describe('malformed input', () => {
  it(`answers ${HTTP_CASES}+ generated requests over every route without a 5xx`, async () => {
    const forms = await server.request<{ forms: { id: number; type: string }[] }>('GET', '/api/v1/admin/forms', { token: tokens.admin });
    const formIds = Object.fromEntries(forms.body.forms.map((form) => [form.type, form.id]));
    // The fuzzer signs in as these two: ids that would lock them out are left to other tests.
    const protectedIds = new Set(
      (await server.request<{ users: { id: number; username: string }[] }>('GET', '/api/v1/admin/users', { token: tokens.admin })).body.users
        .filter((user) => user.username === 'maria.santos' || user.username === 'admin')
        .map((user) => String(user.id)),
    );

    const definitions = new Map<string, RouteDefinition>();
    for (const group of Object.values(routes) as Record<string, RouteDefinition>[]) {
      for (const definition of Object.values(group)) {
        for (const path of [definition.path, ...(definition.aliases ?? [])]) {
          definitions.set(`${definition.method} ${path}`, definition);
          if (definition.method === 'GET') definitions.set(`HEAD ${path}`, definition);
        }
      }
    }
    const registered = server.app.registeredRoutes;
    // Guards the list itself: every call of the route table is registered, and fuzzed.
    expect(registered.length).toBeGreaterThan(100);
    const perRoute = Math.ceil(HTTP_CASES / registered.length);
    const cases: Case[] = [];
    registered.forEach((route, index) => {
      const arbitrary = caseFor(route, definitions.get(`${route.method} ${route.url}`), formIds).filter(
        (sent) => !/^\/api\/v1\/admin\/users\/(\d+)/.test(sent.url) || !protectedIds.has(/^\/api\/v1\/admin\/users\/(\d+)/.exec(sent.url)![1]!),
      );
      cases.push(...fc.sample(arbitrary, { numRuns: perRoute, seed: seed + index }));
    });
    expect(cases.length).toBeGreaterThanOrEqual(HTTP_CASES);

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (let from = 0; from < cases.length; from += CONCURRENCY * 10) {
      const batch = cases.slice(from, from + CONCURRENCY * 10);
      for (let lane = 0; lane < batch.length; lane += CONCURRENCY) {
        await Promise.all(
          batch.slice(lane, lane + CONCURRENCY).map(async (sent) => {
            const answer = await send(sent).catch((error: unknown) => ({ status: 0, text: `no answer: ${(error as Error).message}` }));
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.status >= 500 || answer.status === 0) failures.push(`${answer.status} ${answer.text.slice(0, 200)}\n    ← ${describeCase(sent)}`);
          }),
        );
      }
      await keepSignedIn();
    }
    const seconds = (Date.now() - started) / 1000;
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    console.info(`[malformed requests, ${server.database.dialect}] ${cases.length} requests over ${registered.length} routes in ${seconds.toFixed(1)} s: ${failures.length} answered 5xx or not at all (seed ${seed}); answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    if (failures.length > 0) console.error(`Failing inputs (FUZZ_SEED=${seed} makes them again):\n${failures.join('\n')}`);
    expect(failures).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 240_000);

  it(`answers ${SOCKET_PACKETS}+ malformed packets for every client event and stays up`, async () => {
    const connect = () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(server.baseUrl, { auth: { token: tokens.user }, transports: ['websocket'], reconnection: false, forceNew: true });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
        setTimeout(() => reject(new Error('the socket did not connect within 5 s')), 5000).unref();
      });
    const events = [...Object.keys(clientEventSchemas), 'sendMessage', 'sidebar_sendMessage', 'sendMsgReaction'];
    const withAck = new Set(['user_online', 'join', 'leave']);
    const packet = fc.oneof(
      {
        weight: 20,
        arbitrary: fc.constantFrom(...events).chain((event) =>
          fc.record({
            event: fc.constant(event),
            args: fc.oneof(
              { arbitrary: (event in clientEventSchemas ? bodyFrom(clientEventSchemas[event as keyof typeof clientEventSchemas]) : fc.jsonValue({ maxDepth: 3 })).map((value) => [value]), weight: 5 },
              fc.array(wrongValue, { maxLength: 3 }),
            ),
            ack: fc.boolean(),
          }),
        ),
      },
      { weight: 1, arbitrary: fc.record({ event: fc.string({ maxLength: 20 }), args: fc.array(wrongValue, { maxLength: 2 }), ack: fc.boolean() }) },
      { weight: 1, arbitrary: fc.record({ event: fc.constant('logout'), args: fc.constant([]), ack: fc.constant(false) }) },
      { weight: 1, arbitrary: fc.record({ raw: fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('42[', '42["join",', '4{}', '42', '43[', '42[null]', '2probe', '42["join",{"room":1}', '451-["join",{"_placeholder":true,"num":9}]')) }) },
    );
    const sample = fc.sample(packet, { numRuns: SOCKET_PACKETS, seed });

    const failures: string[] = [];
    const started = Date.now();
    let socket = await connect();
    let pending: Promise<void>[] = [];
    const settle = async () => {
      await Promise.all(pending);
      pending = [];
    };
    for (const sent of sample) {
      if (!socket.connected) socket = await connect();
      if ('raw' in sent) {
        // A packet socket.io cannot parse closes that connection; the server itself stays up.
        await settle();
        const closed = new Promise((resolve) => {
          socket.once('disconnect', resolve);
          setTimeout(resolve, 50);
        });
        socket.io.engine.send(sent.raw);
        await closed;
        continue;
      }
      if (sent.event === 'logout') await settle();
      const label = `${sent.event} ${JSON.stringify(sent.args)?.slice(0, 300)}`;
      if (sent.ack && withAck.has(sent.event)) {
        pending.push(
          socket
            .timeout(5000)
            .emitWithAck(sent.event, ...sent.args)
            .then(
              (answer: unknown) => {
                if (typeof answer !== 'string') failures.push(`answered ${JSON.stringify(answer)} ← ${label}`);
              },
              () => {
                if (socket.connected) failures.push(`no answer within 5 s ← ${label}`);
              },
            ),
        );
      } else {
        socket.emit(sent.event, ...sent.args);
      }
      if (pending.length >= 50) await settle();
    }
    await settle();
    socket.close();

    // Still up: ready, and a new socket joins a conversation just made (the requests above
    // may have taken Maria out of the demo's).
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
    const form = new FormData();
    const people = await server.request<{ users: { id: number }[] }>('GET', '/api/v1/users', { token: tokens.user });
    form.append('data', JSON.stringify({ name: 'After the fuzzing', conversation_member_ids: [people.body.users[0]!.id], is_group: true }));
    const created = await server.request<{ conversation_id: number }>('POST', '/api/v1/conversations', { token: tokens.user, form });
    expect(created.status).toBe(201);
    const check = await connect();
    expect(await check.timeout(5000).emitWithAck('join', { room: created.body.conversation_id })).toBe('OK');
    check.close();
    console.info(
      `[malformed socket packets, ${server.database.dialect}] ${sample.length} packets over ${events.length + 1} client events in ${((Date.now() - started) / 1000).toFixed(1)} s: ${failures.length} failures (seed ${seed})`,
    );
    if (failures.length > 0) console.error(`Failing packets (FUZZ_SEED=${seed} makes them again):\n${failures.join('\n')}`);
    expect(failures).toEqual([]);
    expect(unhandled).toEqual([]);
  }, 120_000);
});
