/**
 * The operator's command line (`npm run admin -- <command>`; docs/OPERATIONS.md): for a
 * server without a browser, on the database the server itself would use (DATA_DIR's SQLite
 * file, or DATABASE_URL). It runs the same services as the admin area, so its changes are
 * checked and audited alike, recorded as made at the command line. Answers go to stdout,
 * problems to stderr with a non-zero exit.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hostname } from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createUserBodySchema } from '@ichat/shared';
import type { Actor } from '../auth/auth-user.js';
import { takeBackup } from '../backup/backup.js';
import { BackupRefusal } from '../backup/postgres-tools.js';
import { restoreBackup } from '../backup/restore.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/dialect.js';
import { migrateToLatest } from '../db/migrate.js';
import { lookupKey } from '../db/values.js';
import { AppError } from '../errors.js';
import { createAccountsRepository } from '../features/accounts/accounts.repository.js';
import { createPeopleService } from '../features/accounts/people.service.js';
import { createPushRepository } from '../features/push/push.repository.js';
import { createAuditRepository } from '../features/audit/audit.repository.js';
import { createAuditTrail } from '../features/audit/audit.service.js';
import { createDataExportService, type ExportBundle } from '../features/records/data-export.service.js';
import { ExportFolderNotEmpty, writeExportFolder } from '../features/records/export-archive.js';
import { createRecordsRepository } from '../features/records/records.repository.js';
import { createFileStore } from '../storage/file-store.js';

export const HELP = `Internal Chat administration, for the server's own database.

Usage: npm run --silent admin -- <command> [options]

Commands:
  create-admin --email EMAIL [--password PASSWORD] [--username NAME]
               [--first-name NAME] [--last-name NAME] [--department NAME]
      Create an administrator. Without --password the password is read from stdin
      (one line), so it stays out of the shell history.
  reset-password USER
      Set a temporary password for USER (username or email address) and print it.
      They are signed out and must change it at their next sign-in.
  unlock USER
      Let USER sign in again after too many wrong passwords.
  import-users FILE [--dry-run]
      Import people from a CSV file with the columns first_name, last_name,
      email_address, username, department. Every row is checked first; nothing is
      imported if any row is wrong. --dry-run only says what would happen.
      New people's temporary passwords are printed once.
  backup DIR
      Copy the database and the uploaded files into DIR (new or empty), with a
      manifest.json of row counts and SHA-256 checksums. Safe while the server runs.
      PostgreSQL needs pg_dump on PATH.
  restore DIR [--force]
      Check every file of the backup in DIR against its checksum, then replace the
      database and the uploaded files with it. Refuses a database or uploads folder
      that already holds data unless --force is given. Stop the server first (on
      SQLite no server may have DATA_DIR's database open). PostgreSQL needs
      pg_restore on PATH.
  export-conversation ID DIR
      Write one conversation whole (export.json and its files) into DIR.
  export-user USER DIR
      Write one person's data (profile, messages sent, requests, votes,
      notifications and files) into DIR, for a data request.
  help
      Show this text.

The database is the server's: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite, default ./data).
`;

/** A refusal the operator can act on: printed without a stack trace, exit status 1. */
export class UsageError extends Error {}

const readStdin = async (): Promise<string> => {
  if (process.stdin.isTTY) throw new UsageError('Give the password with --password, or pipe it on stdin.');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
};

export interface CliIo {
  out: (line: string) => void;
  readPassword: () => Promise<string>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** The command's options and exactly `positionals` arguments, or a UsageError that says what is wrong. */
const parseCommand = (command: string, rest: string[], options: Options, positionals: number) => {
  try {
    const parsed = parseArgs({ args: rest, options, allowPositionals: positionals > 0, strict: true });
    if (parsed.positionals.length !== positionals) {
      const wanted = positionals === 0 ? 'no arguments' : positionals === 1 ? 'one argument' : `${positionals} arguments`;
      throw new UsageError(`${command} takes ${wanted}. See: npm run admin -- help`);
    }
    return parsed;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${(error as Error).message} See: npm run admin -- help`);
  }
};

/** Commands that work on files and connections of their own rather than the migrated database. */
export const FILE_COMMANDS = ['backup', 'restore'];

/** backup and restore: they need the configuration only, and restore must not have the database open. */
export const runFileCommand = async (argv: string[], config: Config, io: Pick<CliIo, 'out'>): Promise<void> => {
  const [command = '', ...rest] = argv;
  if (command === 'backup') {
    const { positionals } = parseCommand(command, rest, {}, 1);
    const dir = path.resolve(positionals[0]!);
    const manifest = await takeBackup({ config, dir });
    const uploads = manifest.files.length - 1;
    io.out(`Backed up the ${manifest.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database (${manifest.row_counts['messages']} messages, ${manifest.row_counts['form_requests']} requests) and ${uploads} uploaded files to ${dir} in ${(manifest.duration_ms / 1000).toFixed(1)} s.`);
    if (manifest.missing_files.length > 0) {
      io.out(`${manifest.missing_files.length} files the database names were deleted before they could be copied (listed in manifest.json).`);
    }
    return;
  }
  if (command === 'restore') {
    const { positionals, values } = parseCommand(command, rest, { force: { type: 'boolean' } }, 1);
    const dir = path.resolve(positionals[0]!);
    const outcome = await restoreBackup({ config, dir, force: values['force'] === true });
    io.out(`Checked ${outcome.manifest.files.length} files of the backup taken ${outcome.manifest.created_at} against their checksums.`);
    io.out(`Restored the database into ${outcome.target} (${outcome.rowCounts['users'] ?? 0} users, ${outcome.rowCounts['messages'] ?? 0} messages, ${outcome.rowCounts['form_requests'] ?? 0} requests: the counts of the manifest) and ${outcome.files} files into ${config.uploadsDir}.`);
    io.out('Start the server: it applies any newer migrations itself.');
    return;
  }
  throw new UsageError(`Unknown command: ${command}. See: npm run admin -- help`);
};

/** Runs one command against an open database. Throws UsageError or AppError for the operator's mistakes. */
export const runAdminCommand = async (argv: string[], { database, config }: { database: DatabaseHandle; config: Config }, io: CliIo): Promise<void> => {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    io.out(HELP);
    return;
  }
  if (FILE_COMMANDS.includes(command)) {
    await runFileCommand(argv, config, io);
    return;
  }
  const repo = createAccountsRepository(database.db);
  const audit = createAuditTrail(createAuditRepository(database.db));
  const people = createPeopleService({
    db: database.db,
    repo,
    audit,
    // No live sockets here: raising the token version ends the sessions of a running server.
    limiter: { unlock: async () => undefined },
    live: { endSessions: () => undefined },
    pushSubscriptions: createPushRepository(database.db),
  });
  const actor: Actor = { id: null, address: `command line on ${hostname()}` };
  const parse = (options: Options, positionals: number) => parseCommand(command, rest, options, positionals);
  const findUser = async (login: string) => {
    const user = await repo.findByLogin(login);
    if (!user) throw new UsageError(`There is no user ${login}.`);
    return user;
  };

  switch (command) {
    case 'create-admin': {
      const { values } = parse(
        {
          email: { type: 'string' },
          password: { type: 'string' },
          username: { type: 'string' },
          'first-name': { type: 'string' },
          'last-name': { type: 'string' },
          department: { type: 'string' },
        },
        0,
      );
      const email = values['email'];
      if (typeof email !== 'string') throw new UsageError('create-admin needs --email EMAIL.');
      const password = typeof values['password'] === 'string' ? values['password'] : await io.readPassword();
      const body = createUserBodySchema.safeParse({
        first_name: values['first-name'] ?? 'Administrator',
        last_name: values['last-name'] ?? email.split('@')[0],
        email_address: email,
        username: values['username'] ?? (lookupKey(email.split('@')[0] ?? '').replace(/[^a-z0-9._-]/g, '') || 'admin'),
        department: values['department'] ?? 'Administration',
        admin_access: true,
        approval_page: true,
        password,
      });
      if (!body.success) throw new UsageError(body.error.issues[0]?.message ?? 'The details are not valid.');
      const created = await people.create(actor, body.data, { mustChangePassword: false });
      io.out(`Created the administrator ${created.user.username} (${created.user.email_address}).`);
      return;
    }
    case 'reset-password': {
      const { positionals } = parse({}, 1);
      const user = await findUser(positionals[0]!);
      const reset = await people.setTemporaryPassword(actor, user.id, undefined);
      io.out(reset.password);
      return;
    }
    case 'unlock': {
      const { positionals } = parse({}, 1);
      const user = await findUser(positionals[0]!);
      await people.unlock(actor, user.id);
      io.out(`${user.username} can sign in again.`);
      return;
    }
    case 'import-users': {
      const { positionals, values } = parse({ 'dry-run': { type: 'boolean' } }, 1);
      const file = positionals[0]!;
      const text = await readFile(file, 'utf8').catch(() => {
        throw new UsageError(`Cannot read ${file}.`);
      });
      const plan = await people.previewImport(text);
      for (const row of plan.rows) {
        const who = `${row.user.username || '?'} <${row.user.email_address || '?'}>`;
        io.out(`line ${row.line}: ${row.outcome === 'invalid' ? `WRONG ${who}: ${row.reason}` : `${row.outcome} ${who}`}`);
      }
      const { create, update, invalid } = plan.summary;
      io.out(`${create} to create, ${update} to update, ${invalid} wrong.`);
      if (invalid > 0) throw new UsageError(`Nothing was imported: fix the ${invalid} wrong row${invalid === 1 ? '' : 's'} first.`);
      if (values['dry-run']) {
        io.out('Dry run: nothing was changed.');
        return;
      }
      const imported = await people.importUsers(actor, text);
      io.out(imported.message);
      if (imported.passwords.length > 0) io.out('Temporary passwords (shown once; each must be changed at the first sign-in):');
      for (const entry of imported.passwords) io.out(`${entry.username}\t${entry.password}`);
      return;
    }
    case 'export-conversation':
    case 'export-user': {
      const { positionals } = parse({}, 2);
      const [subject, dir] = positionals as [string, string];
      const dataExport = createDataExportService({ db: database.db, records: createRecordsRepository(database.db), files: createFileStore(config.uploadsDir), audit });
      let bundle: ExportBundle;
      if (command === 'export-conversation') {
        const id = Number(subject);
        if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError(`${subject} is not a conversation id (a positive whole number).`);
        bundle = await dataExport.conversation(actor, id);
      } else {
        bundle = await dataExport.user(actor, (await findUser(subject)).id);
      }
      try {
        await writeExportFolder(bundle, path.resolve(dir));
      } catch (error) {
        if (error instanceof ExportFolderNotEmpty) throw new UsageError(error.message);
        throw error;
      }
      io.out(`Exported ${bundle.name} (${bundle.files.length} files) to ${path.resolve(dir)}.`);
      return;
    }
    default:
      throw new UsageError(`Unknown command: ${command}. See: npm run admin -- help`);
  }
};

const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  const argv = process.argv.slice(2);
  const io = { out: (line: string) => console.log(line), readPassword: readStdin };
  if (FILE_COMMANDS.includes(argv[0] ?? '')) {
    await runFileCommand(argv, config, io);
    return;
  }
  const database = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  try {
    await migrateToLatest(database);
    await runAdminCommand(argv, { database, config }, io);
  } finally {
    await database.close();
  }
};

const isEntryPoint = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntryPoint) {
  main().catch((error: unknown) => {
    if (error instanceof UsageError || error instanceof AppError || error instanceof BackupRefusal) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  });
}
