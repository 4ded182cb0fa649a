/**
 * `npm run admin -- backup DIR` (docs/OPERATIONS.md, "Backup and restore"): a consistent
 * copy of the database and the uploaded files, taken while the server runs.
 * - SQLite: SQLite's online backup (better-sqlite3's `backup()`), every page in one step, so
 *   the copy is the database as of one moment while the server goes on writing (WAL).
 * - PostgreSQL: `pg_dump --format=custom` of the connection's schema, inside a repeatable-read
 *   transaction whose snapshot pg_dump shares (`--snapshot`), so the row counts in the
 *   manifest are those of the dump itself.
 * Then the uploads, file by file: a file is moved into place before the row that names it is
 * committed, so every file the copy names is on disk by then, unless someone deleted it since
 * (listed as missing in the manifest). Last the manifest, so a backup cut short has none and
 * cannot be restored by mistake.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../config.js';
import { isStoredName } from '../storage/file-store.js';
import {
  BACKED_UP_BUCKETS,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  checksumOf,
  copyWithChecksum,
  COUNTED_TABLES,
  MANIFEST_FILE,
  POSTGRES_BACKUP_FILE,
  SQLITE_BACKUP_FILE,
  type Manifest,
  type ManifestFile,
} from './manifest.js';
import { BackupRefusal, findTool, libpqConnection, runTool } from './postgres-tools.js';

/** better-sqlite3 copies this many pages per step: all of them, in one read transaction. */
const ALL_PAGES = 0x7fffffff;

/** Every stored file the database names, as `uploads/<bucket>/<name>`. */
export const REFERENCED_FILES_SQL = `
  select 'message-attachment' as bucket, stored_name as name from message_attachments
  union all select 'requests-attachments', stored_name from request_files
  union all select 'images-data', profile_photo from users where profile_photo is not null
  union all select 'images-data', image from conversations where image is not null`;

export const countRowsSql = (table: (typeof COUNTED_TABLES)[number]) => `select count(*) as count from ${table}`;

interface DatabaseCopy {
  file: typeof SQLITE_BACKUP_FILE | typeof POSTGRES_BACKUP_FILE;
  schema: string | null;
  rowCounts: Record<string, number>;
  referenced: Set<string>;
}

const uploadPath = (bucket: string, name: string) => `uploads/${bucket}/${name}`;

/** The folder must be new or empty: a backup never mixes with another. */
const prepareFolder = async (dir: string) => {
  const existing = await readdir(dir).catch(() => []);
  if (existing.length > 0) throw new BackupRefusal(`${dir} is not empty: give a new or empty folder for the backup.`);
  await mkdir(dir, { recursive: true });
};

const copySqlite = async (config: Config, dir: string): Promise<DatabaseCopy> => {
  if (!existsSync(config.sqliteFile)) throw new BackupRefusal(`There is no database at ${config.sqliteFile}: nothing to back up.`);
  const target = path.join(dir, SQLITE_BACKUP_FILE);
  const source = new SqliteDatabase(config.sqliteFile, { fileMustExist: true, timeout: 10_000 });
  try {
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  // Counted in the copy, so the manifest says what the copy holds.
  const copy = new SqliteDatabase(target, { readonly: true, fileMustExist: true });
  try {
    const rowCounts = Object.fromEntries(COUNTED_TABLES.map((table) => [table, (copy.prepare(countRowsSql(table)).get() as { count: number }).count]));
    const rows = copy.prepare(REFERENCED_FILES_SQL).all() as { bucket: string; name: string }[];
    return { file: SQLITE_BACKUP_FILE, schema: null, rowCounts, referenced: new Set(rows.map((row) => uploadPath(row.bucket, row.name))) };
  } finally {
    copy.close();
  }
};

const dumpPostgres = async (databaseUrl: string, dir: string): Promise<DatabaseCopy> => {
  const pgDump = findTool('pg_dump');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ snapshot: string; schema: string | null }>('select pg_export_snapshot() as snapshot, current_schema() as schema');
    const { snapshot, schema } = rows[0]!;
    if (!schema) throw new BackupRefusal('The database has no schema to back up: check the search_path of DATABASE_URL.');
    const rowCounts: Record<string, number> = {};
    for (const table of COUNTED_TABLES) rowCounts[table] = Number((await client.query<{ count: string }>(countRowsSql(table))).rows[0]!.count);
    const referenced = (await client.query<{ bucket: string; name: string }>(REFERENCED_FILES_SQL)).rows.map((row) => uploadPath(row.bucket, row.name));
    const { dbname, env } = libpqConnection(databaseUrl);
    await runTool(
      pgDump,
      ['--format=custom', `--schema=${schema}`, '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${path.join(dir, POSTGRES_BACKUP_FILE)}`, `--dbname=${dbname}`],
      env,
    );
    await client.query('commit');
    return { file: POSTGRES_BACKUP_FILE, schema, rowCounts, referenced: new Set(referenced) };
  } finally {
    await client.end();
  }
};

const copyUploads = async (uploadsDir: string, dir: string): Promise<ManifestFile[]> => {
  const entries: ManifestFile[] = [];
  for (const bucket of BACKED_UP_BUCKETS) {
    const names = (await readdir(path.join(uploadsDir, bucket)).catch(() => [] as string[])).filter(isStoredName).sort();
    await mkdir(path.join(dir, 'uploads', bucket), { recursive: true });
    for (const name of names) {
      const relative = uploadPath(bucket, name);
      try {
        entries.push({ path: relative, ...(await copyWithChecksum(path.join(uploadsDir, bucket, name), path.join(dir, relative))) });
      } catch (error) {
        // Deleted between the listing and the copy: the manifest's missing list says so if the copy names it.
        if ((error as { code?: string }).code !== 'ENOENT') throw error;
      }
    }
  }
  return entries;
};

/** Writes a backup of the server's database and uploads into `dir` (new or empty) and answers its manifest. */
export const takeBackup = async ({ config, dir }: { config: Config; dir: string }): Promise<Manifest> => {
  await prepareFolder(dir);
  const started = Date.now();
  const copy = config.databaseUrl ? await dumpPostgres(config.databaseUrl, dir) : await copySqlite(config, dir);
  const uploads = await copyUploads(config.uploadsDir, dir);
  const copied = new Set(uploads.map((entry) => entry.path));
  const files = [{ path: copy.file, ...(await checksumOf(path.join(dir, copy.file))) }, ...uploads];
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    app_version: config.appVersion,
    dialect: config.databaseUrl ? 'postgres' : 'sqlite',
    created_at: new Date(started).toISOString(),
    duration_ms: Date.now() - started,
    database: { file: copy.file, schema: copy.schema },
    row_counts: copy.rowCounts,
    files,
    missing_files: [...copy.referenced].filter((file) => !copied.has(file)).sort(),
  };
  const temporary = path.join(dir, `${MANIFEST_FILE}.partial`);
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(temporary, path.join(dir, MANIFEST_FILE));
  return manifest;
};
