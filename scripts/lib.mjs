// Shared steps of `npm start` and `npm test`. Node built-ins only: these run in a fresh
// clone before anything is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// node-gyp builds better-sqlite3 against Node's own headers instead of downloading them.
export const toolEnv = {
  ...process.env,
  npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};

/** Where progress goes: stdout, or stderr for a command whose stdout is its answer (`npm run admin`). */
const progress = { toStderr: false };
export const progressToStderr = () => {
  progress.toStderr = true;
};

export const log = (message) => (progress.toStderr ? console.error : console.log)(`\x1b[36m▸\x1b[0m ${message}`);

export const run = (command, args, options = {}) => {
  const stdio = progress.toStderr ? [0, 2, 2] : 'inherit';
  const result = spawnSync(command, args, { cwd: root, stdio, env: toolEnv, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
};

export const runOrExit = (label, command, args, options) => {
  const started = Date.now();
  log(label);
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\x1b[31m✗ ${label} failed (exit ${status})\x1b[0m`);
    process.exit(status);
  }
  log(`${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
};

const hashFiles = (paths) => {
  const hash = createHash('sha256');
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stats = statSync(target);
    if (stats.isDirectory()) {
      for (const entry of readdirSync(target).sort()) {
        if (entry === 'node_modules' || entry === 'dist') continue;
        visit(path.join(target, entry));
      }
    } else {
      hash.update(path.relative(root, target));
      hash.update(readFileSync(target));
    }
  };
  for (const target of paths) visit(path.join(root, target));
  return hash.digest('hex');
};

const INSTALL_STAMP = path.join(root, 'node_modules', '.ichat-install-stamp');

const nativeModulesLoad = () =>
  spawnSync(process.execPath, ['-e', "require('better-sqlite3')(':memory:').close(); require('sharp')"], {
    cwd: path.join(root, 'apps/server'),
    stdio: 'ignore',
  }).status === 0;

/** Installs dependencies when package-lock.json or Node changed since the last install. */
export const ensureInstalled = () => {
  const wanted = `${hashFiles(['package-lock.json'])} node-${process.version}`;
  const current = existsSync(INSTALL_STAMP) ? readFileSync(INSTALL_STAMP, 'utf8') : '';
  if (current === wanted && nativeModulesLoad()) {
    log('dependencies: up to date');
    return;
  }
  // --include=dev: the build needs TypeScript and Vite, which NODE_ENV=production would
  // otherwise leave out (npm ci omits devDependencies under it).
  runOrExit('installing dependencies (npm ci; the first time compiles better-sqlite3, about a minute)', 'npm', [
    'ci',
    '--include=dev',
    '--no-audit',
    '--no-fund',
  ]);
  writeFileSync(INSTALL_STAMP, wanted);
};

const WEB_INPUTS = ['apps/web', 'packages/shared/src', 'package-lock.json'];
const WEB_STAMP = path.join(root, 'apps/web/dist/.build-stamp');

/** Builds the server (incremental) and the web client (only when its inputs changed). */
export const ensureServerBuilt = () =>
  runOrExit('building the server', process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'apps/server']);

export const ensureBuilt = () => {
  ensureServerBuilt();
  const wanted = hashFiles(WEB_INPUTS);
  const current = existsSync(WEB_STAMP) ? readFileSync(WEB_STAMP, 'utf8') : '';
  if (current === wanted && existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    log('web client: up to date');
    return;
  }
  runOrExit('building the web client', 'npm', ['run', 'build', '-w', '@ichat/web']);
  writeFileSync(WEB_STAMP, wanted);
};

/** Debian's Chromium for the browser tests; installed from Debian when missing and allowed. */
export const ensureChromium = () => {
  if (existsSync('/usr/bin/chromium')) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    runOrExit('installing Debian chromium for the browser tests', 'apt-get', ['install', '-y', '-qq', 'chromium'], {
      env: { ...toolEnv, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error('The browser tests need Debian\'s Chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium`.');
  process.exit(1);
};
