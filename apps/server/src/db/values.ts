/** Normalising values that the two databases return differently (docs/adr/0002). */
import type { SqlBool } from 'kysely';
import type { StoredFileColumns } from './tables.js';

export const toBool = (value: SqlBool | null | undefined): boolean => value === true || value === 1;

/** jsonb arrives parsed from PostgreSQL and as text from SQLite. */
export const parseJson = <T = unknown>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;

export const toJson = (value: unknown): string => JSON.stringify(value);

export const nowMs = (): number => Date.now();

export const toIso = (epochMs: number): string => new Date(epochMs).toISOString();

export const toIsoOrNull = (epochMs: number | null | undefined): string | null =>
  epochMs === null || epochMs === undefined ? null : toIso(epochMs);

/** A lower-cased key for case-insensitive unique lookups (emails, usernames, names). */
export const lookupKey = (text: string): string => text.trim().toLowerCase();

/** Unique-violation detection on both drivers, for turning a race into a 409. */
export const isUniqueViolation = (error: unknown): boolean => {
  if (!error || typeof error !== 'object') return false;
  const { code } = error as { code?: unknown };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};

/** An upload as the services know it, in the columns every file table shares. */
export const storedFileColumns = (
  file: { storedName: string; originalName: string; fileType: string; size: number },
  time: number,
): StoredFileColumns => ({
  stored_name: file.storedName,
  original_name: file.originalName,
  file_type: file.fileType,
  size_bytes: file.size,
  created_at: time,
});
