import { Migrator, sql, type MigrationResultSet } from 'kysely';
import type { DatabaseHandle } from './dialect.js';
import { migrationsFor } from './migrations/index.js';

const currentSchema = async ({ db, dialect, schema }: DatabaseHandle): Promise<string | undefined> => {
  if (dialect !== 'postgres') return undefined;
  if (schema) return schema;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
};

/** Brings the schema up to date; throws with the failing migration's name. */
export const migrateToLatest = async (handle: DatabaseHandle): Promise<string[]> => {
  const { db, dialect } = handle;
  const schema = await currentSchema(handle);
  const migrator = new Migrator({
    db,
    // Kysely looks for its bookkeeping tables in every schema unless told which one is ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: { getMigrations: async () => migrationsFor(dialect) },
  });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
};
