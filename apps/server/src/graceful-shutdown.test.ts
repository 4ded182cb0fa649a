/**
 * Stopping the server does not cut off requests in flight: the real server process
 * (apps/server/dist/main.js) gets SIGTERM in the middle of a slow upload, which still
 * completes; new connections are refused meanwhile; a request that outlasts
 * SHUTDOWN_GRACE_MS is cut off and the process still ends.
 */
import { rm } from 'node:fs/promises';
import http from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './test-support/build-server.js';
import { sleep } from './test-support/net.js';
import { startServerProcess, type ServerProcess } from './test-support/server-process.js';

const running: ServerProcess[] = [];

const startServer = async (graceMs: number): Promise<ServerProcess> => {
  const server = await startServerProcess({ SHUTDOWN_GRACE_MS: String(graceMs) });
  running.push(server);
  return server;
};

const login = async (port: number) => {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'maria.santos', password: 'demo1234' }),
  });
  return ((await response.json()) as { token: string }).token;
};

/**
 * A message with a 1 MB attachment to Maria's group (conversation 4), sent in pieces with a
 * pause between them; `whenStarted` runs once the first piece is out.
 */
const slowUpload = (port: number, token: string, pieces: number, pauseMs: number, whenStarted: () => void) => {
  const boundary = 'slow-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ message: 'Sent while stopping' })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="message_attachments"; filename="site-plan.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const file = Buffer.alloc(1024 * 1024, 7);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, file, tail]);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/messages/4',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    const size = Math.ceil(body.length / pieces);
    void (async () => {
      for (let piece = 0; piece < pieces; piece += 1) {
        if (request.destroyed) return;
        request.write(body.subarray(piece * size, (piece + 1) * size));
        if (piece === 0) whenStarted();
        await sleep(pauseMs);
      }
      request.end();
    })();
  });
};

// The test runs the built server: bring the build up to date (incremental, fast when it is).
beforeAll(buildServer, 180_000);

afterEach(async () => {
  for (const server of running.splice(0)) {
    server.child.kill('SIGKILL');
    await rm(server.dataDir, { recursive: true, force: true });
  }
});

describe('graceful shutdown', () => {
  it('lets an upload in flight complete after SIGTERM, refuses new connections, then exits 0', async () => {
    const server = await startServer(10_000);
    const token = await login(server.port);
    const upload = slowUpload(server.port, token, 10, 150, () => {
      setTimeout(() => server.child.kill('SIGTERM'), 100);
    });
    await sleep(500);
    const newcomer = await fetch(`http://127.0.0.1:${server.port}/healthz`).then(
      (response) => `answered ${response.status}`,
      (error: unknown) => ((error as { cause?: { code?: string } }).cause?.code ?? 'failed'),
    );
    expect(newcomer).toBe('ECONNREFUSED');

    const answer = await upload;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true, message: { content: 'Sent while stopping' } });
    expect(await server.exited).toBe(0);
  });

  it('cuts off a request that outlasts the grace period, and still stops', async () => {
    const server = await startServer(500);
    const token = await login(server.port);
    const started = Date.now();
    const upload = slowUpload(server.port, token, 40, 250, () => {
      setTimeout(() => server.child.kill('SIGTERM'), 100);
    });
    await expect(upload).rejects.toThrow();
    expect(await server.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
