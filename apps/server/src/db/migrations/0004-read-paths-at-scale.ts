/**
 * Indexes for the calls a company-sized database makes slow (bench/RESULTS.md, "Data
 * scale"; docs/DECISIONS.md, "Indexes for company-sized data"), the same on both databases:
 * - messages (conversation_id, id, sender_id, is_deleted) replaces (conversation_id, id):
 *   every page, catch-up and position read still starts with the same two columns, and an
 *   unread count (messages above a member's cursor, not their own, not deleted) is read
 *   from the index alone, however far behind the cursor is;
 * - request_approvers (voted_by, request_id): History counts the requests a stand-in voted
 *   on, beside those the person is an approver of (approver_id, request_id, from 0001),
 *   from the indexes alone.
 */
import type { Kysely, Migration } from 'kysely';

export const readPathsAtScale = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createIndex('messages_unread').on('messages').columns(['conversation_id', 'id', 'sender_id', 'is_deleted']).execute();
    await db.schema.dropIndex('messages_conversation_id').execute();
    await db.schema.createIndex('request_approvers_voted_by').on('request_approvers').columns(['voted_by', 'request_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('request_approvers_voted_by').ifExists().execute();
    await db.schema.createIndex('messages_conversation_id').ifNotExists().on('messages').columns(['conversation_id', 'id']).execute();
    await db.schema.dropIndex('messages_unread').ifExists().execute();
  },
});
