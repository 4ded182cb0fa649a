// `npm run dev`: the server rebuilt and restarted on change (:3000) and the Vite dev server
// (:5173, proxying the API and socket to :3000).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, root, runOrExit, toolEnv } from './lib.mjs';

ensureInstalled();
runOrExit('building the server', 'npx', ['tsc', '-b', 'apps/server']);

const children = [
  spawn('npx', ['tsc', '-b', 'apps/server', '--watch', '--preserveWatchOutput'], { cwd: root, stdio: 'inherit', env: toolEnv }),
  spawn(process.execPath, ['--watch-path', path.join(root, 'apps/server/dist'), path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...toolEnv, LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@ichat/web'], { cwd: root, stdio: 'inherit', env: toolEnv }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
