// `npm run admin -- <command>`: the operator's command line for a server without a browser
// (apps/server/src/cli/admin.ts says the commands). Installs and builds the server when
// needed, with that progress on stderr so stdout carries only the command's answer.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureInstalled, ensureServerBuilt, progressToStderr, root } from './lib.mjs';

progressToStderr();
ensureInstalled();
ensureServerBuilt();

const result = spawnSync(process.execPath, [path.join(root, 'apps/server/dist/cli/admin.js'), ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' },
});
process.exit(result.status ?? 1);
