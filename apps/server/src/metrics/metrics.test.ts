/**
 * The metrics an operator scrapes (docs/OPERATIONS.md, "Metrics"): with METRICS_PORT set,
 * a wrong password, an attempt past the login limits, a message sent and a socket connected
 * each move their series on the metrics port, labelled by route pattern, never by raw URL;
 * the product's own port answers 404 at /metrics even with the web client built. The real
 * process (apps/server/dist/main.js) serves them the same way, and none without METRICS_PORT.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../test-support/build-server.js';
import { createChatClient } from '../test-support/chat-client.js';
import { freePort, sleep } from '../test-support/net.js';
import { startServerProcess } from '../test-support/server-process.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

/** Prometheus's text format as `name{labels}` → value (comments left out). */
const parseExposition = (text: string): Map<string, number> =>
  new Map(
    text
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => {
        const cut = line.lastIndexOf(' ');
        return [line.slice(0, cut), Number(line.slice(cut + 1))] as const;
      }),
  );

const scrape = async (url: string) => {
  const response = await fetch(`${url}/metrics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await response.text());
};

/** The sum of every series of a metric whose labels include all of `labels`. */
const total = (series: Map<string, number>, name: string, labels: Record<string, string> = {}) => {
  let sum = 0;
  for (const [key, value] of series) {
    const [metric, rest = ''] = key.split('{');
    if (metric !== name) continue;
    if (Object.entries(labels).every(([label, wanted]) => rest.includes(`${label}="${wanted}"`))) sum += value;
  }
  return sum;
};

let server: TestServer;
let webDir: string;
beforeAll(async () => {
  // A web build, so a page path gets the page: /metrics must still be a 404 there.
  webDir = await mkdtemp(path.join(tmpdir(), 'ichat-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Internal Chat</title>');
  server = await startTestServer({ env: { METRICS_PORT: String(await freePort()), WEB_DIST_DIR: webDir }, loginLimits: { pairLimit: 2 } });
});
afterAll(async () => {
  await server.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('metrics on METRICS_PORT', () => {
  it('count a failed login, a login past the limits, a message stored, its queries and live events, and a socket', async () => {
    const metricsUrl = server.metricsUrl!;
    const before = await scrape(metricsUrl);

    const login = (password: string) => server.request('POST', '/api/v1/accounts/login', { json: { username: 'grace.tan', password } });
    expect((await login('wrong-1')).status).toBe(401);
    expect((await login('wrong-2')).status).toBe(401);
    expect((await login('wrong-3')).status).toBe(429);

    const chat = await createChatClient(server, ['maria.santos', 'juan.delacruz']);
    const sent = await chat.send('maria.santos', 4, { message: 'Metrics: 40 bags of cement for Cebu' });
    expect(sent.status).toBe(201);
    const socket = await chat.openSocket('juan.delacruz');
    const during = await scrape(metricsUrl);

    expect(total(during, 'auth_login_failures_total') - total(before, 'auth_login_failures_total')).toBe(2);
    expect(total(during, 'auth_lockouts_total') - total(before, 'auth_lockouts_total')).toBe(1);
    expect(total(during, 'chat_messages_stored_total') - total(before, 'chat_messages_stored_total')).toBe(1);
    expect(total(during, 'socketio_connected_sockets')).toBe(1);

    // By route pattern and status: the send, the refusals, and the histogram's count.
    const send = { method: 'POST', route: '/api/v1/messages/:conversationId' };
    expect(total(during, 'http_requests_total', { ...send, status: '201' })).toBe(1);
    expect(total(during, 'http_request_duration_seconds_count', send)).toBe(1);
    expect(total(during, 'http_request_duration_seconds_bucket', { ...send, le: '+Inf' })).toBe(1);
    expect(total(during, 'http_requests_total', { route: '/api/v1/accounts/login', status: '401' })).toBe(2);
    expect(total(during, 'http_requests_total', { route: '/api/v1/accounts/login', status: '429' })).toBe(1);
    // The message goes out live (to the room, and a nudge to the members); its insert is timed among the queries.
    expect(total(during, 'live_events_sent_total', { event: 'message' }) - total(before, 'live_events_sent_total', { event: 'message' })).toBeGreaterThanOrEqual(1);
    expect(total(during, 'db_query_duration_seconds_count', { operation: 'insert' })).toBeGreaterThan(total(before, 'db_query_duration_seconds_count', { operation: 'insert' }));
    expect(total(during, 'db_query_duration_seconds_count', { operation: 'select' })).toBeGreaterThan(0);
    // Readiness as /readyz tells it, and room left where the database and uploads live.
    expect(total(during, 'server_ready')).toBe(1);
    expect(total(during, 'data_dir_free_bytes')).toBeGreaterThan(0);
    expect(total(during, 'data_dir_size_bytes')).toBeGreaterThanOrEqual(total(during, 'data_dir_free_bytes'));
    // prom-client's process figures: event-loop lag, memory, CPU.
    for (const name of ['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'process_cpu_seconds_total', 'nodejs_heap_size_used_bytes']) {
      expect(during.has(name), name).toBe(true);
    }

    socket.close();
    let after = await scrape(metricsUrl);
    for (let attempt = 0; attempt < 50 && total(after, 'socketio_connected_sockets') !== 0; attempt += 1) {
      await sleep(20);
      after = await scrape(metricsUrl);
    }
    expect(total(after, 'socketio_connected_sockets')).toBe(0);
    await chat.closeSockets();
  });

  it('label requests no route matched as one series, whatever their path', async () => {
    const token = await server.login('maria.santos');
    for (const id of ['a1', 'b2', 'c3']) expect((await server.request('GET', `/api/v1/no-such-call/${id}`, { token })).status).toBe(404);
    const series = await scrape(server.metricsUrl!);
    expect(total(series, 'http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(3);
    expect([...series.keys()].some((key) => key.includes('no-such-call'))).toBe(false);
    // A conversation id in a path is never a label either.
    expect((await server.request('GET', '/api/v1/messages/4?limit=1', { token })).status).toBe(200);
    const after = await scrape(server.metricsUrl!);
    expect(total(after, 'http_requests_total', { route: '/api/v1/messages/:conversationId', method: 'GET' })).toBeGreaterThanOrEqual(1);
    expect([...after.keys()].some((key) => key.includes('/api/v1/messages/4'))).toBe(false);
  });

  it('the public port answers 404 at /metrics (the page is still served at a page path); the metrics port has nothing else', async () => {
    const onPublic = await fetch(`${server.baseUrl}/metrics`);
    expect(onPublic.status).toBe(404);
    expect(await onPublic.text()).not.toContain('http_requests_total');
    expect((await fetch(`${server.baseUrl}/some-page`)).status).toBe(200);
    expect((await fetch(`${server.metricsUrl!}/api/v1/version`)).status).toBe(404);
    expect((await fetch(`${server.metricsUrl!}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});

describe('readiness', () => {
  it('reads 0 once the database stops answering, as /readyz says 503', async () => {
    expect(total(await scrape(server.metricsUrl!), 'server_ready')).toBe(1);
    await server.database.close();
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(503);
    expect(total(await scrape(server.metricsUrl!), 'server_ready')).toBe(0);
  });
});

describe('the server process', () => {
  beforeAll(async () => {
    await buildServer();
  }, 180_000);

  const run = async (env: Record<string, string>) => {
    const running = await startServerProcess(env);
    return {
      stop: async () => {
        running.child.kill('SIGTERM');
        await running.exited;
        await rm(running.dataDir, { recursive: true, force: true });
      },
    };
  };

  it('serves the metrics on METRICS_PORT bound to HOST, and keeps no metrics port without it', async () => {
    const metricsPort = await freePort();
    const withMetrics = await run({ METRICS_PORT: String(metricsPort) });
    try {
      const series = await scrape(`http://127.0.0.1:${metricsPort}`);
      // The readiness checks above were counted, and the start-up's queries timed.
      expect(total(series, 'http_requests_total', { route: '/readyz', status: '200' })).toBeGreaterThanOrEqual(1);
      expect(total(series, 'db_query_duration_seconds_count')).toBeGreaterThan(0);
    } finally {
      await withMetrics.stop();
    }
    const withoutMetrics = await run({});
    try {
      expect(await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(() => 'answered', () => 'refused')).toBe('refused');
    } finally {
      await withoutMetrics.stop();
    }
  });
});
