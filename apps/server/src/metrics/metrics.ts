/**
 * What an operator's Prometheus reads (docs/OPERATIONS.md, "Metrics"): transport only, like
 * http/ and realtime/, knowing no feature. The transport reports requests, queries and live
 * emits itself; features report their few events through the narrow interfaces below
 * (`ChatCounters`, `LoginCounters`), handed to them by app.ts.
 *
 * Cost: every call is a counter increment or one histogram observation on a child looked
 * up once, so the send path pays nothing it would notice; the number of sockets and the
 * process figures are read only when Prometheus scrapes. Without METRICS_PORT the app is
 * given `noMetrics`, whose calls do nothing.
 */
import { statfs } from 'node:fs/promises';
import type { LogEvent } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The label of a request no route matched: the raw path would let any caller mint series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What chat reports: messages stored (a send, a thread reply, a direct message to several people). */
export interface ChatCounters {
  messageStored(count?: number): void;
}

/** What sign-in reports: a wrong password or unknown login, and an attempt the login limits refused. */
export interface LoginCounters {
  loginFailed(): void;
  loginRefused(): void;
}

export interface Metrics extends ChatCounters, LoginCounters {
  /** One answered HTTP request: `route` is the route's pattern (never the raw URL). */
  httpAnswered(method: string, route: string, status: number, seconds: number): void;
  /** Kysely's `log` hook (db/dialect.ts): each query's duration by its kind. */
  queryLogged(event: LogEvent): void;
  /** One emit of a live event, whatever the number of sockets it reaches. */
  liveEventSent(event: string): void;
  /** How to count the connected sockets when Prometheus asks (realtime/socket-server.ts). */
  countSocketsWith(count: () => number): void;
  /** How to tell readiness when Prometheus asks: the check /readyz makes (the database answers). */
  checkReadinessWith(check: () => Promise<void>): void;
  /** The file system holding this folder (DATA_DIR): its free and total bytes, when Prometheus asks. */
  watchDisk(folder: string): void;
  /** The text Prometheus scrapes. */
  exposition(): Promise<{ contentType: string; body: string }>;
}

const nothing = () => undefined;

/** Metrics off (METRICS_PORT unset): every report is a call that does nothing. */
export const noMetrics: Metrics = {
  httpAnswered: nothing,
  queryLogged: nothing,
  liveEventSent: nothing,
  countSocketsWith: nothing,
  checkReadinessWith: nothing,
  watchDisk: nothing,
  messageStored: nothing,
  loginFailed: nothing,
  loginRefused: nothing,
  exposition: () => Promise.resolve({ contentType: 'text/plain', body: '' }),
};

const QUERY_KINDS: Record<string, string> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};
const RAW_KIND = /^\s*(select|insert|update|delete)\b/i;

/** select, insert, update or delete (raw SQL by its first word), else other: never the SQL itself. */
export const queryKind = (event: LogEvent): string =>
  QUERY_KINDS[event.query.query.kind] ?? RAW_KIND.exec(event.query.sql)?.[1]?.toLowerCase() ?? 'other';

export const createMetrics = (): Metrics => {
  const registry = new Registry();
  // Event-loop lag, heap and resident memory, CPU, GC pauses, open handles (prom-client's own).
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const querySeconds = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Time each database query took, by kind (select, insert, update, delete, other).',
    labelNames: ['operation'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const liveEvents = new Counter({
    name: 'live_events_sent_total',
    help: 'Live events emitted to sockets, by event name (one per emit, whatever the number of sockets).',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  const messages = new Counter({ name: 'chat_messages_stored_total', help: 'Chat messages stored.', registers: [registry] });
  const loginFailures = new Counter({
    name: 'auth_login_failures_total',
    help: 'Sign-ins refused for a wrong password or an unknown login.',
    registers: [registry],
  });
  const lockouts = new Counter({
    name: 'auth_lockouts_total',
    help: 'Sign-in attempts refused by the login limits (answered 429).',
    registers: [registry],
  });
  let countSockets = () => 0;
  new Gauge({
    name: 'socketio_connected_sockets',
    help: 'Live sockets connected to this process.',
    registers: [registry],
    collect() {
      this.set(countSockets());
    },
  });

  let checkReadiness = () => Promise.resolve();
  new Gauge({
    name: 'server_ready',
    help: '1 while the database answers (what /readyz checks), 0 when it does not.',
    registers: [registry],
    async collect() {
      this.set(await checkReadiness().then(() => 1, () => 0));
    },
  });
  let disk: string | undefined;
  const diskGauge = (name: string, help: string, bytes: (figures: { bavail: number; blocks: number; bsize: number }) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        if (disk) this.set(bytes(await statfs(disk, { bigint: false })));
      },
    });
  diskGauge('data_dir_free_bytes', 'Bytes free to the server on the file system of DATA_DIR (database and uploads).', (figures) => figures.bavail * figures.bsize);
  diskGauge('data_dir_size_bytes', 'Size in bytes of the file system of DATA_DIR.', (figures) => figures.blocks * figures.bsize);

  // Children looked up once per label value, not hashed again on every call.
  const byKind = new Map<string, ReturnType<typeof querySeconds.labels>>();
  const byEvent = new Map<string, ReturnType<typeof liveEvents.labels>>();

  return {
    httpAnswered(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      requestSeconds.observe({ method, route }, seconds);
    },
    queryLogged(event) {
      const kind = queryKind(event);
      let child = byKind.get(kind);
      if (!child) byKind.set(kind, (child = querySeconds.labels(kind)));
      child.observe(event.queryDurationMillis / 1000);
    },
    liveEventSent(event) {
      let child = byEvent.get(event);
      if (!child) byEvent.set(event, (child = liveEvents.labels(event)));
      child.inc();
    },
    countSocketsWith(count) {
      countSockets = count;
    },
    checkReadinessWith(check) {
      checkReadiness = check;
    },
    watchDisk(folder) {
      disk = folder;
    },
    messageStored: (count = 1) => messages.inc(count),
    loginFailed: () => loginFailures.inc(),
    loginRefused: () => lockouts.inc(),
    async exposition() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
};
