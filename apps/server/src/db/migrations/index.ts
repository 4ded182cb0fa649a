import type { Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { initialSchema } from './0001-initial-schema.js';

/** Every migration in order. Names sort lexically; never rename or edit a landed one. */
export const migrationsFor = (dialect: DialectName): Record<string, Migration> => ({
  '0001-initial-schema': initialSchema(dialect),
});
