// Starts the built server for the browser tests on a fresh data directory.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const dataDir = path.join(here, '.artifacts', 'data');
rmSync(dataDir, { recursive: true, force: true });

const server = spawn(process.execPath, [path.join(here, '..', 'apps', 'server', 'dist', 'main.js')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: '',
    REDIS_URL: '',
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '3100',
    HOST: '127.0.0.1',
    SEED_DEMO: '1',
    DEMO_PASSWORD: 'demo1234',
    APP_VERSION: '1.0.0-e2e',
    MOBILE_VERSION: '2.4.0',
    ANDROID_APP_URL: '/downloads/android/{version}/internal-chat.apk',
    IOS_APP_URL: '/downloads/ios/',
    LOG_LEVEL: 'warn',
    // The push tests' stand-in push service listens on plain http (issue 19).
    PUSH_ALLOW_HTTP: '1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
