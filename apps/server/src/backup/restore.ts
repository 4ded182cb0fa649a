/**
 * `npm run admin -- restore DIR [--force]` (docs/OPERATIONS.md, "Backup and restore"). In
 * this order, touching nothing until every check has passed:
 * 1. the manifest is read and every file it lists is checked against its SHA-256; a path a
 *    backup would not write, a missing file or one changed byte refuses the whole restore;
 * 2. the backup's database kind must be the server's (DATABASE_URL set or not);
 * 3. a target that already holds data (rows in the main tables, or uploaded files) is
 *    replaced only with --force;
 * 4. the database is replaced whole (SQLite: DATA_DIR's file, while no server runs on it;
 *    PostgreSQL: the backup's schema in DATABASE_URL's database, through pg_restore in one
 *    transaction), then the uploads;
 * 5. the restored rows are counted again and must be the manifest's.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.js';
import { BUCKETS, isStoredName } from '../storage/file-store.js';
import { countRowsSql } from './backup.js';
import {
  BACKED_UP_BUCKETS,
  checksumOf,
  COUNTED_TABLES,
  isBackupPath,
  MANIFEST_FILE,
  manifestSchema,
  POSTGRES_BACKUP_FILE,
  SQLITE_BACKUP_FILE,
  type Manifest,
} from './manifest.js';
import { BackupRefusal, findTool, libpqConnection, runTool } from './postgres-tools.js';

export interface RestoreOutcome {
  manifest: Manifest;
  /** Where the database went: the SQLite file, or the PostgreSQL schema. */
  target: string;
  files: number;
  rowCounts: Record<string, number>;
}

const readManifest = async (dir: string): Promise<Manifest> => {
  const text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => {
    throw new BackupRefusal(`${dir} has no ${MANIFEST_FILE}: it is not a backup, or one that did not finish. Nothing was restored.`);
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupRefusal(`${path.join(dir, MANIFEST_FILE)} is not valid JSON: the backup is damaged. Nothing was restored.`);
  }
  const manifest = manifestSchema.safeParse(parsed);
  if (!manifest.success) throw new BackupRefusal(`${path.join(dir, MANIFEST_FILE)} is not a manifest this version reads: the backup is damaged or of another format. Nothing was restored.`);
  return manifest.data;
};

/** Every listed file is where the manifest says, with its size and SHA-256. */
const verifyChecksums = async (dir: string, manifest: Manifest) => {
  const paths = new Set<string>();
  for (const entry of manifest.files) {
    if (!isBackupPath(entry.path) || paths.has(entry.path)) {
      throw new BackupRefusal(`The manifest names ${JSON.stringify(entry.path)}, which a backup never writes: the backup is damaged. Nothing was restored.`);
    }
    paths.add(entry.path);
    const actual = await checksumOf(path.join(dir, entry.path)).catch(() => undefined);
    if (!actual) throw new BackupRefusal(`${entry.path} is missing from the backup. Nothing was restored.`);
    if (actual.bytes !== entry.bytes || actual.sha256 !== entry.sha256) {
      throw new BackupRefusal(`${entry.path} does not match its checksum in the manifest: the backup is damaged. Nothing was restored.`);
    }
  }
  if (!paths.has(manifest.database.file)) throw new BackupRefusal(`The backup has no ${manifest.database.file}. Nothing was restored.`);
};

const quoted = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
const describeCounts = (counts: Record<string, number>) => `${counts['users'] ?? 0} users, ${counts['messages'] ?? 0} messages, ${counts['form_requests'] ?? 0} requests`;
const hasRows = (counts: Record<string, number>) => Object.values(counts).some((count) => count > 0);

// ---------------------------------------------------------------- SQLite

/** Row counts of the main tables that exist in an SQLite file (none when there is no file). */
const countSqlite = (file: string): Record<string, number> => {
  if (!existsSync(file)) return {};
  const database = new SqliteDatabase(file, { fileMustExist: true, timeout: 10_000 });
  try {
    const tables = new Set((database.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((row) => row.name));
    return Object.fromEntries(
      COUNTED_TABLES.filter((table) => tables.has(table)).map((table) => [table, (database.prepare(countRowsSql(table)).get() as { count: number }).count]),
    );
  } finally {
    database.close();
  }
};

const restoreSqlite = async (config: Config, dir: string) => {
  const target = config.sqliteFile;
  await mkdir(path.dirname(target), { recursive: true });
  const incoming = `${target}.restoring`;
  await copyFile(path.join(dir, SQLITE_BACKUP_FILE), incoming);
  // A write-ahead log of the old database must never be applied to the new one.
  for (const leftover of ['-wal', '-shm', '-journal']) await rm(`${target}${leftover}`, { force: true });
  await rename(incoming, target);
};

// ---------------------------------------------------------------- PostgreSQL

const withClient = async <T,>(databaseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

const countPostgres = (databaseUrl: string, schema: string) =>
  withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ table_name: string }>('select table_name from information_schema.tables where table_schema = $1', [schema]);
    const tables = new Set(rows.map((row) => row.table_name));
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES.filter((name) => tables.has(name))) {
      counts[table] = Number((await client.query<{ count: string }>(`select count(*) as count from ${quoted(schema)}.${table}`)).rows[0]!.count);
    }
    return counts;
  });

const restorePostgres = async (databaseUrl: string, dir: string, schema: string) => {
  const pgRestore = findTool('pg_restore');
  const { dbname, env } = libpqConnection(databaseUrl);
  const dump = path.join(dir, POSTGRES_BACKUP_FILE);
  // The schema is made here, empty, so a dump of `public` and of any other schema restore alike:
  // the dump's own CREATE SCHEMA (and its comment) are left out of the list pg_restore follows.
  const contents = await runTool(pgRestore, ['--list', dump], env);
  const list = contents
    .split('\n')
    .filter((line) => !/^\d+; \d+ \d+ (SCHEMA - |COMMENT - SCHEMA )/.test(line))
    .join('\n');
  const listFile = path.join(await mkdtemp(path.join(tmpdir(), 'ichat-restore-')), 'restore.list');
  try {
    await writeFile(listFile, list);
    await withClient(databaseUrl, async (client) => {
      await client.query(`drop schema if exists ${quoted(schema)} cascade`);
      await client.query(`create schema ${quoted(schema)}`);
    });
    await runTool(
      pgRestore,
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--use-list=${listFile}`, `--dbname=${dbname}`, dump],
      env,
    );
  } finally {
    await rm(path.dirname(listFile), { recursive: true, force: true });
  }
};

// ---------------------------------------------------------------- uploads

const storedFilesIn = async (uploadsDir: string) => {
  let count = 0;
  for (const bucket of BACKED_UP_BUCKETS) count += (await readdir(path.join(uploadsDir, bucket)).catch(() => [] as string[])).filter(isStoredName).length;
  return count;
};

const restoreUploads = async (uploadsDir: string, dir: string, manifest: Manifest) => {
  for (const bucket of BUCKETS) {
    await rm(path.join(uploadsDir, bucket), { recursive: true, force: true });
    await mkdir(path.join(uploadsDir, bucket), { recursive: true });
  }
  let files = 0;
  for (const entry of manifest.files.filter((file) => file.path.startsWith('uploads/'))) {
    await copyFile(path.join(dir, entry.path), path.join(uploadsDir, entry.path.slice('uploads/'.length)));
    files += 1;
  }
  return files;
};

/** Restores the backup in `dir` over the server's database and uploads (see the top of this file). */
export const restoreBackup = async ({ config, dir, force }: { config: Config; dir: string; force: boolean }): Promise<RestoreOutcome> => {
  const manifest = await readManifest(dir);
  await verifyChecksums(dir, manifest);
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.dialect !== dialect) {
    throw new BackupRefusal(
      manifest.dialect === 'sqlite'
        ? 'This is a backup of an SQLite database: unset DATABASE_URL to restore it into DATA_DIR. Nothing was restored.'
        : 'This is a backup of a PostgreSQL database: set DATABASE_URL to the database to restore it into. Nothing was restored.',
    );
  }
  const schema = manifest.database.schema ?? 'public';
  const target = config.databaseUrl ? `the schema ${schema} of ${libpqConnection(config.databaseUrl).dbname.replace(/\?.*$/, '')}` : config.sqliteFile;

  const before = config.databaseUrl ? await countPostgres(config.databaseUrl, schema) : countSqlite(config.sqliteFile);
  if (hasRows(before) && !force) {
    throw new BackupRefusal(`${target} already holds data (${describeCounts(before)}). Restoring would replace it: add --force to do so. Nothing was restored.`);
  }
  const filesBefore = await storedFilesIn(config.uploadsDir);
  if (filesBefore > 0 && !force) {
    throw new BackupRefusal(`${config.uploadsDir} already holds ${filesBefore} uploaded files. Restoring would replace them: add --force to do so. Nothing was restored.`);
  }

  if (config.databaseUrl) await restorePostgres(config.databaseUrl, dir, schema);
  else await restoreSqlite(config, dir);
  const files = await restoreUploads(config.uploadsDir, dir, manifest);

  const rowCounts = config.databaseUrl ? await countPostgres(config.databaseUrl, schema) : countSqlite(config.sqliteFile);
  const differing = COUNTED_TABLES.filter((table) => (rowCounts[table] ?? 0) !== (manifest.row_counts[table] ?? 0));
  if (differing.length > 0) {
    throw new Error(`The restored database does not hold the rows the manifest lists (${differing.map((table) => `${table}: ${rowCounts[table] ?? 0}, not ${manifest.row_counts[table] ?? 0}`).join('; ')}).`);
  }
  return { manifest, target, files, rowCounts };
};
