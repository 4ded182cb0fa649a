/**
 * Operating it for years (docs/DECISIONS.md, "Operating it (issue 20)"): a conversation an
 * administrator has put on hold keeps every message whatever the retention setting says.
 * Numbered after 0004 and 0005, which other work adds.
 */
import { sql, type Kysely } from 'kysely';
import { withColumnTypes } from './column-types.js';

export const operations = withColumnTypes((t) => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('conversations').addColumn('legal_hold', t.bool, (c) => c.notNull().defaultTo(sql`false`)).execute();
    // Retention looks for old messages by time.
    await db.schema.createIndex('messages_created_at').on('messages').columns(['created_at', 'id']).execute();
  },

  async down() {
    throw new Error('0006-operations cannot be undone: restore a backup taken before it.');
  },
}));
