/**
 * Scale-out harness: two real server processes (apps/server/dist/main.js) on one
 * PostgreSQL schema and one Redis, behind a real nginx with sticky sessions.
 *
 * nginx is configured as docs/OPERATIONS.md documents for production (sticky
 * `hash $remote_addr consistent`, WebSocket upgrade headers, timeouts), plus two test-only
 * additions: an X-Upstream response header and an access log of `remote upstream uri
 * status`, so a test can prove which process served which client. All test clients live on
 * loopback, so each binds its own source address (127.0.0.x; Linux routes all of 127/8 to
 * lo) and nginx hashes them onto the upstreams.
 *
 * The server has no variable for a PostgreSQL schema; the schema travels in DATABASE_URL
 * as libpq's `options=-c search_path=<schema>`, which node-postgres honours.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { io as connect, type Socket } from 'socket.io-client';
import { isPostgresUrl } from '../db/dialect.js';
import { freePort, sleep } from './net.js';
import { withSchemaLock } from './test-server.js';

export const NGINX_BINARY = '/usr/sbin/nginx';
export const DEMO_PASSWORD = 'demo1234';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const SERVER_ENTRY = path.join(repositoryRoot, 'apps/server/dist/main.js');

/** Why the scale-out test cannot run here, or undefined when it can. */
export const scaleOutSkipReason = (env: NodeJS.ProcessEnv = process.env): string | undefined => {
  const missing: string[] = [];
  if (!isPostgresUrl(env['DATABASE_URL'])) missing.push('DATABASE_URL is not a postgres:// address');
  if (!env['REDIS_URL']) missing.push('REDIS_URL is not set');
  if (!existsSync(NGINX_BINARY)) missing.push(`${NGINX_BINARY} is not installed`);
  if (!existsSync(SERVER_ENTRY)) missing.push(`${path.relative(repositoryRoot, SERVER_ENTRY)} is not built (npx tsc -b apps/server)`);
  return missing.length > 0 ? `scale-out needs PostgreSQL, Redis and nginx: ${missing.join('; ')}` : undefined;
};

export interface HttpAnswer<Body = Record<string, unknown>> {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Body;
}

/**
 * One HTTP request with node:http (global fetch cannot choose its source address).
 * A FormData body is serialised through the WHATWG Request so the boundary is right.
 */
const httpRequest = async <Body,>(
  url: string,
  options: { method?: string; agent?: http.Agent; token?: string; json?: unknown; form?: FormData } = {},
): Promise<HttpAnswer<Body>> => {
  const headers: Record<string, string> = {};
  if (options.token) headers['authorization'] = `Bearer ${options.token}`;
  let payload: Buffer | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = Buffer.from(JSON.stringify(options.json));
  } else if (options.form) {
    const encoded = new Request('http://encode.invalid/', { method: 'POST', body: options.form });
    headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
    payload = Buffer.from(await encoded.arrayBuffer());
  }
  if (payload) headers['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: options.method ?? 'GET', headers, agent: options.agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : {};
        } catch {
          // not JSON: keep the text for the assertion to show
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: body as Body });
      });
    });
    request.setTimeout(15_000, () => request.destroy(new Error(`${options.method ?? 'GET'} ${url} timed out`)));
    request.on('error', reject);
    request.end(payload);
  });
};

/**
 * The server's Redis key names are fixed (ichat:live:…), so a developer's server or another
 * run of this test on the same Redis would share presence and the adapter's stream with
 * ours. When REDIS_URL names no database, both processes get one random spare database
 * (1–15) instead; if the server refuses SELECT (e.g. Redis Cluster), the URL as given.
 */
const isolatedRedisUrl = async (redisUrl: string): Promise<string> => {
  const url = new URL(redisUrl);
  if (url.pathname !== '' && url.pathname !== '/') return redisUrl;
  url.pathname = `/${1 + randomInt(15)}`;
  const probe = createClient({ url: url.toString(), socket: { reconnectStrategy: false, connectTimeout: 3_000 } });
  probe.on('error', () => {});
  try {
    const answered = probe.connect().then(() => probe.ping());
    await Promise.race([answered, sleep(5_000).then(() => Promise.reject(new Error('Redis probe timed out')))]);
    return url.toString();
  } catch {
    return redisUrl;
  } finally {
    await probe.close().catch(() => {});
  }
};

interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: string[];
  exited: Promise<number | null>;
}

const startServerProcess = async (env: Record<string, string>, port: number, label: string): Promise<ServerProcess> => {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean).map((line) => `[${label}] ${line}`));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output, exited };
};

/** Polls /readyz until 200; fails with the process's output if it exits or takes too long. */
const waitReady = async (server: ServerProcess, timeoutMs = 45_000) => {
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code ?? -1));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited (${exitCode}) before ready:\n${server.output.join('\n')}`);
    try {
      const answer = await httpRequest(`${server.url}/readyz`);
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(150);
  }
  throw new Error(`server on ${server.port} not ready after ${timeoutMs} ms:\n${server.output.join('\n')}`);
};

const stopProcess = async (child: ChildProcess, exited: Promise<unknown>, signal: NodeJS.Signals, graceMs: number) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = sleep(graceMs).then(() => 'late' as const);
  if ((await Promise.race([exited.then(() => 'done' as const), timer])) === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
};

const nginxConfig = (dir: string, listenPort: number, upstreamPorts: number[]) => `# written by test-support/two-instances.ts
worker_processes 1;
error_log ${dir}/error.log warn;
pid ${dir}/nginx.pid;
events { worker_connections 512; }
http {
  log_format upstream_log '$remote_addr $upstream_addr "$request_uri" $status';
  access_log ${dir}/access.log upstream_log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 330m;

  map $http_upgrade $connection_upgrade {
    default upgrade;
    ''      close;
  }

  upstream ichat {
    # As in docs/OPERATIONS.md. (ip_hash would hash only 127.0.0 and send every
    # loopback client to one process.)
    hash $remote_addr consistent;
${upstreamPorts.map((port) => `    server 127.0.0.1:${port};`).join('\n')}
  }

  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://ichat;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 75s;
      proxy_send_timeout 75s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;

/** A client bound to one loopback source address, so nginx's hash places it. */
export interface LoopbackClient {
  sourceAddress: string;
  agent: http.Agent;
  request<Body = Record<string, unknown>>(
    method: string,
    url: string,
    options?: { token?: string; json?: unknown; form?: FormData },
  ): Promise<HttpAnswer<Body>>;
  /** Signs in through nginx and returns the token. */
  login(username: string, password?: string): Promise<string>;
  /** A socket.io-client through nginx, polling first then upgrading to WebSocket. */
  socket(token: string): Socket;
  /** The upstream (127.0.0.1:port) nginx sends this client to, from X-Upstream. */
  upstream(): Promise<string>;
}

export interface TwoInstances {
  proxyUrl: string;
  /** `127.0.0.1:<port>` of each server process, in start order. */
  upstreams: [string, string];
  schema: string;
  dataDir: string;
  client(sourceAddress: string): LoopbackClient;
  /**
   * Loopback source addresses (127.0.0.2, .3, …) until one lands on each process;
   * returns them in upstream order: [on process 1, on process 2].
   */
  clientsOnEachUpstream(): Promise<[LoopbackClient, LoopbackClient]>;
  /** nginx's access log as [remote, upstream, uri, status] rows. */
  accessLog(): Promise<{ remote: string; upstream: string; uri: string; status: string }[]>;
  /** Output of the processes and nginx's error log, for failure messages. */
  diagnostics(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the whole set-up. Everything started is torn down by close(), and by this function
 * itself if a later step fails.
 */
export const startTwoInstances = async (): Promise<TwoInstances> => {
  const databaseUrl = process.env['DATABASE_URL'];
  const redisUrl = process.env['REDIS_URL'];
  if (!isPostgresUrl(databaseUrl) || !redisUrl) throw new Error('startTwoInstances needs DATABASE_URL (postgres) and REDIS_URL');

  const cleanups: (() => Promise<void>)[] = [];
  const clients: LoopbackClient[] = [];
  const sockets: Socket[] = [];
  const servers: ServerProcess[] = [];
  let nginx: { child: ChildProcess; exited: Promise<unknown> } | undefined;
  const root = await mkdtemp(path.join(tmpdir(), 'ichat-scale-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const nginxDir = path.join(root, 'nginx');
  const dataDir = path.join(root, 'shared-data');

  // Last resort if the test runner exits before close() (e.g. a hook timed out mid-start).
  const killAll = () => {
    for (const child of [nginx?.child, ...servers.map((server) => server.child)]) {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  };
  process.once('exit', killAll);

  const close = async () => {
    process.off('exit', killAll);
    for (const socket of sockets) socket.disconnect();
    for (const client of clients) client.agent.destroy();
    if (nginx) await stopProcess(nginx.child, nginx.exited, 'SIGTERM', 5_000);
    await Promise.all(servers.map((server) => stopProcess(server.child, server.exited, 'SIGTERM', 12_000)));
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('scale-out clean-up step failed:', error);
      }
    }
    cleanups.length = 0;
  };

  try {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    cleanups.unshift(() =>
      withSchemaLock('exclusive', async () => {
        const dropper = new pg.Client({ connectionString: databaseUrl });
        await dropper.connect();
        await dropper.query(`drop schema if exists ${schema} cascade`);
        await dropper.end();
      }),
    );

    const sharedRedisUrl = await isolatedRedisUrl(redisUrl);
    const schemaUrl = new URL(databaseUrl);
    schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
    const env: Record<string, string> = {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      DATABASE_URL: schemaUrl.toString(),
      REDIS_URL: sharedRedisUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      DEMO_PASSWORD,
      LOG_LEVEL: process.env['TEST_LOG_LEVEL'] ?? 'warn',
      TRUST_PROXY: '1',
      WEB_DIST_DIR: path.join(root, 'no-web-build'),
    };

    // One after the other: the first migrates and seeds the empty schema, the second
    // finds both done (seeding runs only on a database with no users).
    const [port1, port2, proxyPort] = [await freePort(), await freePort(), await freePort()];
    for (const [index, port] of [port1, port2].entries()) {
      // The processes migrate at start: no other test file may drop a schema meanwhile.
      await withSchemaLock('shared', async () => {
        const server = await startServerProcess(env, port, `server${index + 1}`);
        servers.push(server);
        await waitReady(server);
      });
    }

    await mkdir(nginxDir, { recursive: true });
    // nginx workers run as `nobody` when the master is root: they must reach the temp paths.
    await chmod(root, 0o755);
    await chmod(nginxDir, 0o755);
    const confFile = path.join(nginxDir, 'nginx.conf');
    await writeFile(confFile, nginxConfig(nginxDir, proxyPort, [port1, port2]));
    const child = spawn(NGINX_BINARY, ['-p', nginxDir, '-e', path.join(nginxDir, 'error.log'), '-c', confFile, '-g', 'daemon off;'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const nginxOutput: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => nginxOutput.push(chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => nginxOutput.push(chunk.toString('utf8')));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    nginx = { child, exited };
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const deadline = Date.now() + 15_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${nginxOutput.join('')}`);
      const answer = await httpRequest(`${proxyUrl}/readyz`).catch(() => undefined);
      if (answer?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`nginx on ${proxyPort} does not proxy /readyz:\n${nginxOutput.join('')}`);
      await sleep(100);
    }

    const client = (sourceAddress: string): LoopbackClient => {
      const agent = new http.Agent({ localAddress: sourceAddress, keepAlive: true });
      const request = <Body,>(method: string, url: string, options: { token?: string; json?: unknown; form?: FormData } = {}) =>
        httpRequest<Body>(`${proxyUrl}${url}`, { ...options, method, agent });
      const loopback: LoopbackClient = {
        sourceAddress,
        agent,
        request,
        async login(username, password = DEMO_PASSWORD) {
          const answer = await request<{ token?: string; message?: string }>('POST', '/api/v1/accounts/login', {
            json: { username, password },
          });
          if (answer.status !== 200 || !answer.body.token) {
            throw new Error(`login as ${username} failed: ${answer.status} ${answer.body.message ?? ''}`);
          }
          return answer.body.token;
        },
        socket(token) {
          const socket = connect(proxyUrl, {
            path: '/socket.io',
            transports: ['polling', 'websocket'],
            reconnection: false,
            auth: { token },
            agent: agent as unknown as string,
          });
          sockets.push(socket);
          return socket;
        },
        async upstream() {
          const answer = await request('GET', '/readyz');
          const upstream = answer.headers['x-upstream'];
          if (answer.status !== 200 || typeof upstream !== 'string') {
            throw new Error(`no X-Upstream through nginx for ${sourceAddress}: ${answer.status}`);
          }
          return upstream;
        },
      };
      clients.push(loopback);
      return loopback;
    };

    const upstreams: [string, string] = [`127.0.0.1:${port1}`, `127.0.0.1:${port2}`];
    return {
      proxyUrl,
      upstreams,
      schema,
      dataDir,
      client,
      async clientsOnEachUpstream() {
        const found = new Map<string, LoopbackClient>();
        for (let last = 2; last < 64 && found.size < 2; last += 1) {
          const candidate = client(`127.0.0.${last}`);
          const upstream = await candidate.upstream();
          if (!found.has(upstream)) found.set(upstream, candidate);
        }
        const first = found.get(upstreams[0]);
        const second = found.get(upstreams[1]);
        if (!first || !second) {
          throw new Error(`127.0.0.2–63 all hash onto ${[...found.keys()].join(', ')}; expected both ${upstreams.join(' and ')}`);
        }
        return [first, second];
      },
      async accessLog() {
        const text = await readFile(path.join(nginxDir, 'access.log'), 'utf8').catch(() => '');
        return text
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const match = /^(\S+) (\S+) "([^"]*)" (\d+)$/.exec(line);
            return match
              ? { remote: match[1]!, upstream: match[2]!, uri: match[3]!, status: match[4]! }
              : { remote: '', upstream: '', uri: line, status: '' };
          });
      },
      async diagnostics() {
        const errorLog = await readFile(path.join(nginxDir, 'error.log'), 'utf8').catch(() => '');
        return [...servers.flatMap((server) => server.output), '[nginx error.log]', errorLog].join('\n');
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
};
