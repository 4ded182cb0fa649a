/**
 * Push, edits and notification preferences (docs/DECISIONS.md, "Push, edits and notification
 * preferences (issue 19)"): each browser's push subscription; the earlier texts of an edited
 * message and when it was last edited; how much each member hears of a conversation; and each
 * person's do-not-disturb, quiet hours and whether a push may show a message's text.
 *
 * Numbered 0005: 0004 is taken by another line of work, and names sort lexically.
 */
import { sql, type Kysely } from 'kysely';
import { newTable, withColumnTypes } from './column-types.js';

export const notificationsAndEdits = withColumnTypes((t) => ({
  async up(db: Kysely<unknown>) {
    await newTable(db, t, 'push_subscriptions')
      .addColumn('user_id', t.ref, (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The push service's address for one browser: the same browser subscribing again
      // (or for another person) replaces its row.
      .addColumn('endpoint', 'text', (c) => c.notNull().unique())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('user_agent', 'text')
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('last_pushed_at', t.time)
      .execute();
    await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

    await newTable(db, t, 'message_versions')
      .addColumn('message_id', t.ref, (c) => c.notNull().references('messages.id').onDelete('cascade'))
      .addColumn('content', 'text', (c) => c.notNull())
      // When this text was written (the send, or the edit that wrote it) and when an edit replaced it.
      .addColumn('written_at', t.time, (c) => c.notNull())
      .addColumn('replaced_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('message_versions_message').on('message_versions').columns(['message_id', 'id']).execute();

    await db.schema.alterTable('messages').addColumn('edited_at', t.time).execute();

    await db.schema
      .alterTable('conversation_members')
      .addColumn('notification_level', 'text', (c) =>
        c.notNull().defaultTo('all').check(sql`notification_level in ('all', 'mentions', 'nothing')`),
      )
      .execute();

    // Until this moment (epoch ms) nothing sounds or is pushed.
    await db.schema.alterTable('users').addColumn('dnd_until', t.time).execute();
    // 'HH:MM' each, both set or both null (the API checks); the span may cross midnight.
    await db.schema.alterTable('users').addColumn('quiet_hours_from', 'text').execute();
    await db.schema.alterTable('users').addColumn('quiet_hours_to', 'text').execute();
    await db.schema
      .alterTable('users')
      .addColumn('quiet_hours_time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Manila'))
      .execute();
    await db.schema.alterTable('users').addColumn('push_previews', t.bool, (c) => c.notNull().defaultTo(sql`true`)).execute();
  },

  async down() {
    throw new Error('0005-notifications-and-edits cannot be undone: restore a backup taken before it.');
  },
}));
