// `npm start`: install what is missing, build, then run the server, which migrates, seeds
// the demo organisation on an empty database and serves web, API and socket on one port.
// package.json starts it with `exec`, so the SIGTERM npm passes on reaches this process and
// not a shell that would die alone and leave the server running (.ci/production-start).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, log, root } from './lib.mjs';

ensureInstalled();
ensureBuilt();

log(`starting the server on http://localhost:${process.env.PORT ?? 3000}`);
// The product runs with production settings unless the operator chose otherwise.
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
