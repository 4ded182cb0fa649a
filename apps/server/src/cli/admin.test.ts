/**
 * The operator's command line: each command in-process on the database under test (SQLite,
 * or PostgreSQL when DATABASE_URL is set), and the built command as a process on SQLite for
 * what an operator sees: stdout, stderr, exit status, the password from stdin.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, repositoryRoot } from '../test-support/build-server.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { HELP, runAdminCommand, UsageError } from './admin.js';

let server: TestServer;
let scratch: string;
beforeAll(async () => {
  server = await startTestServer();
  scratch = await mkdtemp(path.join(tmpdir(), 'ichat-cli-'));
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

const run = async (argv: string[], password = '') => {
  const lines: string[] = [];
  await runAdminCommand(argv, { database: server.database, config: server.config }, { out: (line) => lines.push(line), readPassword: async () => password });
  return lines;
};
const login = (username: string, password: string) =>
  server.request<{ must_change_password: boolean }>('POST', '/api/v1/accounts/login', { json: { username, password } });

describe('npm run admin, on the database under test', () => {
  it('create-admin makes an administrator who signs in with the chosen password and may administer; audited as the command line', async () => {
    const lines = await run(['create-admin', '--email', 'ops@demo.local', '--password', 'Operator123!']);
    expect(lines).toEqual(['Created the administrator ops (ops@demo.local).']);
    const signedIn = await login('ops@demo.local', 'Operator123!');
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.must_change_password).toBe(false);
    const token = await server.login('ops', 'Operator123!');
    const log = await server.request<{ entries: { actor: unknown; address: string; action: string }[] }>('GET', '/api/v1/admin/audit-log?action=user.create', { token });
    expect(log.status).toBe(200);
    expect(log.body.entries[0]).toMatchObject({ actor: null, action: 'user.create' });
    expect(log.body.entries[0]!.address).toMatch(/^command line on /);
  });

  it('create-admin reads the password from stdin when it is not given, and refuses bad input with a clear message', async () => {
    await run(['create-admin', '--email', 'ops2@demo.local', '--username', 'ops.two'], 'FromStdin123');
    expect((await login('ops.two', 'FromStdin123')).status).toBe(200);
    await expect(run(['create-admin', '--email', 'ops2@demo.local', '--password', 'Another123'])).rejects.toThrow('That email address is already registered.');
    await expect(run(['create-admin', '--password', 'Another123'])).rejects.toThrow('create-admin needs --email EMAIL.');
    await expect(run(['create-admin', '--email', 'not-an-email', '--password', 'Another123'])).rejects.toThrow(
      'Email address is not a valid email address.',
    );
    await expect(run(['create-admin', '--email', 'x@demo.local', '--password', 'short'])).rejects.toThrow('Password must be at least 8 characters.');
    await expect(run(['create-admin', '--email', 'x@demo.local', '--colour', 'red'])).rejects.toThrow(UsageError);
  });

  it('reset-password prints a temporary password that must be changed at the next sign-in', async () => {
    const [password] = await run(['reset-password', 'maria.santos']);
    expect(password).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    const signedIn = await login('maria.santos', password!);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.must_change_password).toBe(true);
    await expect(run(['reset-password', 'nobody.here'])).rejects.toThrow('There is no user nobody.here.');
    await expect(run(['reset-password'])).rejects.toThrow('reset-password takes one argument.');
  });

  it('unlock lets a locked-out person sign in again', async () => {
    let status = 0;
    for (let attempt = 0; attempt < 30 && status !== 429; attempt += 1) status = (await login('grace.tan', 'wrong-password')).status;
    expect(status).toBe(429);
    expect(await run(['unlock', 'grace.tan@demo.local'])).toEqual(['grace.tan can sign in again.']);
    expect((await login('grace.tan', 'demo1234')).status).toBe(200);
  });

  it('import-users checks every row first, imports nothing when one is wrong, and --dry-run changes nothing', async () => {
    const good = path.join(scratch, 'good.csv');
    await writeFile(good, 'first_name,last_name,email_address,username,department\nNena,Cruz,nena.cruz@demo.local,nena.cruz,Sales\n');
    const dry = await run(['import-users', good, '--dry-run']);
    expect(dry).toEqual(['line 2: create nena.cruz <nena.cruz@demo.local>', '1 to create, 0 to update, 0 wrong.', 'Dry run: nothing was changed.']);
    expect((await login('nena.cruz', 'x')).status).toBe(401);

    const bad = path.join(scratch, 'bad.csv');
    await writeFile(bad, 'first_name,last_name,email_address,username,department\nNena,Cruz,nena.cruz@demo.local,nena.cruz,Sales\nBad,Row,bad,bad.row,Sales\n');
    await expect(run(['import-users', bad])).rejects.toThrow('Nothing was imported: fix the 1 wrong row first.');

    const imported = await run(['import-users', good]);
    expect(imported.slice(0, 4)).toEqual([
      'line 2: create nena.cruz <nena.cruz@demo.local>',
      '1 to create, 0 to update, 0 wrong.',
      'Imported: 1 created, 0 updated.',
      'Temporary passwords (shown once; each must be changed at the first sign-in):',
    ]);
    const [username, password] = imported[4]!.split('\t');
    expect(username).toBe('nena.cruz');
    expect((await login('nena.cruz', password!)).body.must_change_password).toBe(true);
    await expect(run(['import-users', path.join(scratch, 'missing.csv')])).rejects.toThrow(`Cannot read ${path.join(scratch, 'missing.csv')}.`);
  });

  it('help and unknown commands', async () => {
    expect(await run(['help'])).toEqual([HELP]);
    expect(await run([])).toEqual([HELP]);
    await expect(run(['drop-everything'])).rejects.toThrow('Unknown command: drop-everything. See: npm run admin -- help');
  });
});

describe('the built command, as an operator runs it', () => {
  const cli = path.join(repositoryRoot, 'apps/server/dist/cli/admin.js');
  const exec = (args: string[], dataDir: string, stdin = '') =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, ...args], {
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, NODE_ENV: 'production' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdin.end(stdin);
      child.on('exit', (status) => resolve({ status, stdout, stderr }));
    });

  it('answers on stdout with status 0, and problems on stderr with status 1', async () => {
    await buildServer();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ichat-cli-process-'));
    try {
      const created = await exec(['create-admin', '--email', 'root@example.com'], dataDir, 'PipedPassword1\n');
      expect(created).toEqual({ status: 0, stdout: 'Created the administrator root (root@example.com).\n', stderr: '' });
      const reset = await exec(['reset-password', 'root'], dataDir);
      expect(reset.status).toBe(0);
      expect(reset.stdout).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}\n$/);
      const unknown = await exec(['unlock', 'nobody'], dataDir);
      expect(unknown).toEqual({ status: 1, stdout: '', stderr: 'There is no user nobody.\n' });
      const help = await exec(['help'], dataDir);
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('create-admin --email EMAIL');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
