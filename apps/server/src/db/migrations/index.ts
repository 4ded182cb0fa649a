import type { Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { initialSchema } from './0001-initial-schema.js';
import { messageSearch } from './0002-message-search.js';
import { administration } from './0003-administration.js';
import { readPathsAtScale } from './0004-read-paths-at-scale.js';
import { notificationsAndEdits } from './0005-notifications-and-edits.js';
import { operations } from './0006-operations.js';

/** Every migration in order. Names sort lexically; never rename or edit a landed one. */
export const migrationsFor = (dialect: DialectName): Record<string, Migration> => ({
  '0001-initial-schema': initialSchema(dialect),
  '0002-message-search': messageSearch(dialect),
  '0003-administration': administration(dialect),
  '0004-read-paths-at-scale': readPathsAtScale(),
  '0005-notifications-and-edits': notificationsAndEdits(dialect),
  '0006-operations': operations(dialect),
});
