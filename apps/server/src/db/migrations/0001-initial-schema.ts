/**
 * The whole schema of both documents, so later features add behaviour rather than reshape
 * tables. Column types are chosen to mean the same on SQLite and PostgreSQL (see tables.ts).
 */
import { sql, type Kysely, type Migration } from 'kysely';
import type { DialectName } from '../dialect.js';
import { columnTypes } from './column-types.js';

export const initialSchema = (dialect: DialectName): Migration => {
  const t = columnTypes(dialect);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('departments')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('email_address', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull().unique())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('department_id', t.ref, (c) => c.references('departments.id'))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('admin_access', t.bool, (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('approval_page', t.bool, (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('is_active', t.bool, (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('profile_photo', 'text')
        .addColumn('last_online_at', t.time)
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('conversations')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('name', 'text')
        .addColumn('image', 'text')
        .addColumn('is_group', t.bool, (c) => c.notNull())
        .addColumn('personal_key', 'text', (c) => c.unique())
        .addColumn('created_by', t.ref, (c) => c.notNull().references('users.id'))
        // Message ids are not foreign keys here: messages reference conversations, and
        // SQLite cannot add a constraint after the fact. The services keep them consistent.
        .addColumn('pinned_message_id', t.ref)
        .addColumn('last_message_id', t.ref)
        .addColumn('last_message_at', t.time, (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('conversations_last_message_at')
        .on('conversations')
        .columns(['last_message_at', 'id'])
        .execute();

      await db.schema
        .createTable('conversation_members')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('conversation_id', t.ref, (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('user_id', t.ref, (c) => c.notNull().references('users.id'))
        .addColumn('is_admin', t.bool, (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('is_muted', t.bool, (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('is_pinned', t.bool, (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('pinned_at', t.time)
        .addColumn('last_read_message_id', t.ref, (c) => c.notNull().defaultTo(0))
        .addColumn('joined_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('conversation_members_conversation_user', ['conversation_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('conversation_members_user')
        .on('conversation_members')
        .columns(['user_id', 'conversation_id'])
        .execute();

      await db.schema
        .createTable('messages')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('conversation_id', t.ref, (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('sender_id', t.ref, (c) => c.notNull().references('users.id'))
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('reply_to_message_id', t.ref, (c) => c.references('messages.id'))
        .addColumn('thread_parent_id', t.ref, (c) => c.references('messages.id'))
        .addColumn('client_message_id', 'text')
        .addColumn('is_deleted', t.bool, (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('deleted_at', t.time)
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('messages_sender_client_message', ['sender_id', 'client_message_id'])
        .execute();
      await db.schema
        .createIndex('messages_conversation_id')
        .on('messages')
        .columns(['conversation_id', 'id'])
        .execute();
      await db.schema
        .createIndex('messages_thread_parent')
        .on('messages')
        .columns(['thread_parent_id', 'id'])
        .execute();

      await db.schema
        .createTable('message_attachments')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('message_id', t.ref, (c) => c.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('stored_name', 'text', (c) => c.notNull().unique())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('file_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', t.big, (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('message_attachments_message')
        .on('message_attachments')
        .column('message_id')
        .execute();

      await db.schema
        .createTable('message_reactions')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('message_id', t.ref, (c) => c.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('user_id', t.ref, (c) => c.notNull().references('users.id'))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('message_reactions_unique', ['message_id', 'user_id', 'type'])
        .execute();

      await db.schema
        .createTable('message_mentions')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('message_id', t.ref, (c) => c.notNull().references('messages.id').onDelete('cascade'))
        .addColumn('user_id', t.ref, (c) => c.notNull().references('users.id'))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('message_mentions_unique', ['message_id', 'user_id'])
        .execute();

      await db.schema
        .createTable('conversation_actions')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('conversation_id', t.ref, (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('user_id', t.ref, (c) => c.notNull().references('users.id'))
        .addColumn('receiving_user_id', t.ref, (c) => c.references('users.id'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('conversation_actions_conversation')
        .on('conversation_actions')
        .columns(['conversation_id', 'id'])
        .execute();

      await db.schema
        .createTable('companies')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .execute();

      await db.schema
        .createTable('purchase_request_types')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .execute();

      await db.schema
        .createTable('forms')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('add_page', t.bool, (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('is_active', t.bool, (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('form_permissions')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('form_id', t.ref, (c) => c.notNull().references('forms.id').onDelete('cascade'))
        .addColumn('user_id', t.ref, (c) => c.references('users.id'))
        .addColumn('department_id', t.ref, (c) => c.references('departments.id'))
        .addColumn('add_page', t.bool, (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('view_page', t.bool, (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('open_page', t.bool, (c) => c.notNull().defaultTo(sql`true`))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addUniqueConstraint('form_permissions_user', ['form_id', 'user_id'])
        .addUniqueConstraint('form_permissions_department', ['form_id', 'department_id'])
        .addCheckConstraint(
          'form_permissions_one_grantee',
          sql`(user_id is null) <> (department_id is null)`,
        )
        .execute();

      await db.schema
        .createTable('approval_rules')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('form_id', t.ref, (c) => c.notNull().unique().references('forms.id').onDelete('cascade'))
        .addColumn('initial_approval_needed_count', 'integer', (c) => c.notNull())
        .addColumn('executive_approval_needed_count', 'integer', (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('approval_rule_approvers')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('form_id', t.ref, (c) => c.notNull().references('forms.id').onDelete('cascade'))
        .addColumn('level', 'integer', (c) => c.notNull().check(sql`level in (1, 2)`))
        .addColumn('user_id', t.ref, (c) => c.notNull().references('users.id'))
        .addUniqueConstraint('approval_rule_approvers_unique', ['form_id', 'level', 'user_id'])
        .execute();

      await db.schema
        .createTable('reference_counters')
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('last_value', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('reference_counters_pk', ['prefix', 'year'])
        .execute();

      await db.schema
        .createTable('form_requests')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('form_id', t.ref, (c) => c.notNull().references('forms.id'))
        .addColumn('form_type', 'text', (c) => c.notNull())
        .addColumn('reference_id', 'text', (c) => c.notNull().unique())
        .addColumn('requester_id', t.ref, (c) => c.notNull().references('users.id'))
        .addColumn('payload', t.json, (c) => c.notNull())
        .addColumn('total_cost', t.money)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('current_level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('initial_approval_needed_count', 'integer', (c) => c.notNull())
        .addColumn('executive_approval_needed_count', 'integer', (c) => c.notNull())
        .addColumn('decided_at', t.time)
        .addColumn('created_at', t.time, (c) => c.notNull())
        .addColumn('updated_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('form_requests_requester')
        .on('form_requests')
        .columns(['requester_id', 'id'])
        .execute();

      await db.schema
        .createTable('request_lines')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('request_id', t.ref, (c) => c.notNull().references('form_requests.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('remarks', 'text', (c) => c.notNull())
        .addColumn('quantity', t.real, (c) => c.notNull())
        .addColumn('unit_price', t.money)
        .addColumn('cost', t.money)
        .addColumn('data', t.json)
        .execute();
      await db.schema
        .createIndex('request_lines_request')
        .on('request_lines')
        .columns(['request_id', 'position'])
        .execute();

      await db.schema
        .createTable('request_files')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('request_id', t.ref, (c) => c.notNull().references('form_requests.id').onDelete('cascade'))
        .addColumn('line_id', t.ref, (c) => c.references('request_lines.id').onDelete('cascade'))
        .addColumn('field', 'text', (c) => c.notNull())
        .addColumn('stored_name', 'text', (c) => c.notNull().unique())
        .addColumn('original_name', 'text', (c) => c.notNull())
        .addColumn('file_type', 'text', (c) => c.notNull())
        .addColumn('size_bytes', t.big, (c) => c.notNull())
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('request_files_request').on('request_files').column('request_id').execute();

      await db.schema
        .createTable('request_approvers')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('request_id', t.ref, (c) => c.notNull().references('form_requests.id').onDelete('cascade'))
        .addColumn('approver_id', t.ref, (c) => c.notNull().references('users.id'))
        .addColumn('level', 'integer', (c) => c.notNull().check(sql`level in (1, 2)`))
        .addColumn('has_voted', t.bool, (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('approved', t.bool, (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('comment', 'text')
        .addColumn('voted_at', t.time)
        .addUniqueConstraint('request_approvers_unique', ['request_id', 'approver_id', 'level'])
        .execute();
      await db.schema
        .createIndex('request_approvers_approver')
        .on('request_approvers')
        .columns(['approver_id', 'request_id'])
        .execute();

      await db.schema
        .createTable('request_votes')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('request_id', t.ref, (c) => c.notNull().references('form_requests.id').onDelete('cascade'))
        .addColumn('approver_id', t.ref, (c) => c.notNull().references('users.id'))
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('comment', 'text')
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('request_votes_request').on('request_votes').columns(['request_id', 'id']).execute();

      await db.schema
        .createTable('notifications')
        .addColumn('id', t.id, t.primaryKey)
        .addColumn('recipient_id', t.ref, (c) => c.notNull().references('users.id'))
        .addColumn('sender_id', t.ref, (c) => c.references('users.id'))
        .addColumn('notification_type', 'text', (c) => c.notNull())
        .addColumn('conversation_id', t.ref, (c) => c.references('conversations.id').onDelete('cascade'))
        .addColumn('message_id', t.ref, (c) => c.references('messages.id').onDelete('cascade'))
        .addColumn('thread_parent_id', t.ref, (c) => c.references('messages.id').onDelete('cascade'))
        .addColumn('form_request_id', t.ref, (c) => c.references('form_requests.id').onDelete('cascade'))
        .addColumn('is_read', t.bool, (c) => c.notNull().defaultTo(sql`false`))
        .addColumn('created_at', t.time, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('notifications_recipient')
        .on('notifications')
        .columns(['recipient_id', 'id'])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of [
        'notifications',
        'request_votes',
        'request_approvers',
        'request_files',
        'request_lines',
        'form_requests',
        'reference_counters',
        'approval_rule_approvers',
        'approval_rules',
        'form_permissions',
        'forms',
        'purchase_request_types',
        'companies',
        'conversation_actions',
        'message_mentions',
        'message_reactions',
        'message_attachments',
        'messages',
        'conversation_members',
        'conversations',
        'users',
        'departments',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
};
