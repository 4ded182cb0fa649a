/**
 * A backup's manifest.json (docs/OPERATIONS.md, "Backup and restore"): what was backed up,
 * from which version and database, the row counts of the main tables as they were in the
 * copy, and a SHA-256 of every file written. `restore` checks every checksum before it
 * touches anything, and refuses a path that is not one a backup writes.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { isStoredName } from '../storage/file-store.js';

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'internal-chat-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const SQLITE_BACKUP_FILE = 'database.sqlite';
export const POSTGRES_BACKUP_FILE = 'database.pgdump';

/** The upload folders a backup carries; tmp holds uploads in progress and is left out. */
export const BACKED_UP_BUCKETS = ['images-data', 'message-attachment', 'requests-attachments'] as const;

/** The tables whose row counts a manifest holds, and a restore checks again. */
export const COUNTED_TABLES = [
  'users',
  'conversations',
  'conversation_members',
  'messages',
  'message_attachments',
  'message_reactions',
  'notifications',
  'form_requests',
  'request_files',
  'request_votes',
  'audit_log',
] as const;

const fileEntrySchema = z.object({ path: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });
export type ManifestFile = z.infer<typeof fileEntrySchema>;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.literal(BACKUP_FORMAT_VERSION),
  app_version: z.string(),
  dialect: z.enum(['sqlite', 'postgres']),
  /** When the database copy was taken (ISO 8601, UTC): everything committed before it is in it. */
  created_at: z.string(),
  duration_ms: z.number().nonnegative(),
  database: z.object({ file: z.enum([SQLITE_BACKUP_FILE, POSTGRES_BACKUP_FILE]), schema: z.string().nullable() }),
  row_counts: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(fileEntrySchema),
  /** Files the copied database names that were deleted before they could be copied (by a person, or retention). */
  missing_files: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The paths a backup writes: its database file, and uploads under their generated names. */
export const isBackupPath = (relative: string): boolean => {
  if (relative === SQLITE_BACKUP_FILE || relative === POSTGRES_BACKUP_FILE) return true;
  const [top, bucket, name, ...rest] = relative.split('/');
  return top === 'uploads' && (BACKED_UP_BUCKETS as readonly string[]).includes(bucket ?? '') && name !== undefined && isStoredName(name) && rest.length === 0;
};

const hashing = (hash: ReturnType<typeof createHash>, counter: { bytes: number }) =>
  new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      counter.bytes += chunk.length;
      callback(null, chunk);
    },
  });

/** Copies a file, hashing exactly the bytes written. */
export const copyWithChecksum = async (from: string, to: string): Promise<{ bytes: number; sha256: string }> => {
  const hash = createHash('sha256');
  const counter = { bytes: 0 };
  await pipeline(createReadStream(from), hashing(hash, counter), createWriteStream(to, { flags: 'wx' }));
  return { bytes: counter.bytes, sha256: hash.digest('hex') };
};

export const checksumOf = async (file: string): Promise<{ bytes: number; sha256: string }> => {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
};
