/**
 * What running the company without touching the database needs (docs/DECISIONS.md,
 * "Administration"): forced password changes and admin unlocks on users; retiring
 * departments, companies and purchase request types; approval chains in amount bands;
 * withdrawn requests and corrected copies; votes cast by a stand-in; delegations, reminders,
 * settings and the audit log. The one band per form is filled from the rules that 0001 kept.
 */
import { sql, type Kysely } from 'kysely';
import { newTable, withColumnTypes } from './column-types.js';

export const administration = withColumnTypes((t) => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('must_change_password', t.bool, (c) => c.notNull().defaultTo(sql`false`))
      .execute();
    // Part of every login-limit key: an unlock moves it on, so the old counts stop applying
    // on every process at once.
    await db.schema.alterTable('users').addColumn('login_unlocked_at', t.time, (c) => c.notNull().defaultTo(0)).execute();

    for (const table of ['departments', 'companies', 'purchase_request_types']) {
      await db.schema.alterTable(table).addColumn('retired_at', t.time).execute();
    }

    await newTable(db, t, 'approval_bands')
      .addColumn('form_id', t.ref, (c) => c.notNull().references('forms.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('min_total', t.money, (c) => c.notNull())
      // Null: no upper bound (the last band, and the only band of forms without amounts).
      .addColumn('max_total', t.money)
      .addColumn('initial_needed', 'integer', (c) => c.notNull())
      .addColumn('executive_needed', 'integer', (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .addUniqueConstraint('approval_bands_position', ['form_id', 'position'])
      .execute();
    await newTable(db, t, 'approval_band_approvers')
      .addColumn('band_id', t.ref, (c) => c.notNull().references('approval_bands.id').onDelete('cascade'))
      .addColumn('level', 'integer', (c) => c.notNull().check(sql`level in (1, 2)`))
      .addColumn('user_id', t.ref, (c) => c.notNull().references('users.id'))
      .addUniqueConstraint('approval_band_approvers_unique', ['band_id', 'level', 'user_id'])
      .execute();

    // Today's rules become one unbounded band per form.
    const now = Date.now();
    await sql`
      insert into approval_bands (form_id, position, min_total, max_total, initial_needed, executive_needed, updated_at)
      select form_id, 0, 0, null, initial_approval_needed_count, executive_approval_needed_count, ${now} from approval_rules
    `.execute(db);
    await sql`
      insert into approval_band_approvers (band_id, level, user_id)
      select b.id, r.level, r.user_id from approval_rule_approvers r join approval_bands b on b.form_id = r.form_id
    `.execute(db);
    await db.schema.dropTable('approval_rule_approvers').execute();
    await db.schema.dropTable('approval_rules').execute();

    await db.schema.alterTable('form_requests').addColumn('copied_from_id', t.ref, (c) => c.references('form_requests.id')).execute();
    // When the request reached the level it is at: how long an approver has kept it waiting.
    await db.schema.alterTable('form_requests').addColumn('level_started_at', t.time, (c) => c.notNull().defaultTo(0)).execute();
    await sql`update form_requests set level_started_at = updated_at`.execute(db);
    await db.schema
      .createIndex('form_requests_pending')
      .on('form_requests')
      .columns(['status', 'level_started_at'])
      .execute();

    // A vote cast by a stand-in for the approver whose seat it is.
    await db.schema.alterTable('request_approvers').addColumn('voted_by', t.ref, (c) => c.references('users.id')).execute();
    await db.schema.alterTable('request_votes').addColumn('cast_by', t.ref, (c) => c.references('users.id')).execute();

    await db.schema.alterTable('notifications').addColumn('is_reminder', t.bool, (c) => c.notNull().defaultTo(sql`false`)).execute();

    await newTable(db, t, 'delegations')
      .addColumn('approver_id', t.ref, (c) => c.notNull().references('users.id'))
      .addColumn('delegate_id', t.ref, (c) => c.notNull().references('users.id'))
      // Calendar days in the company's time zone, inclusive: 'YYYY-MM-DD' compares as text.
      .addColumn('starts_on', 'text', (c) => c.notNull())
      .addColumn('ends_on', 'text', (c) => c.notNull())
      .addColumn('created_by', t.ref, (c) => c.notNull().references('users.id'))
      .addColumn('created_at', t.time, (c) => c.notNull())
      .addColumn('revoked_at', t.time)
      .execute();
    await db.schema.createIndex('delegations_delegate').on('delegations').columns(['delegate_id', 'ends_on']).execute();
    await db.schema.createIndex('delegations_approver').on('delegations').columns(['approver_id', 'ends_on']).execute();

    await db.schema
      .createTable('request_reminders')
      .addColumn('request_id', t.ref, (c) => c.notNull().references('form_requests.id').onDelete('cascade'))
      .addColumn('approver_id', t.ref, (c) => c.notNull().references('users.id'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('request_reminders_pk', ['request_id', 'approver_id', 'day'])
      .execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', t.json, (c) => c.notNull())
      .addColumn('updated_at', t.time, (c) => c.notNull())
      .execute();

    await newTable(db, t, 'audit_log')
      .addColumn('actor_id', t.ref, (c) => c.references('users.id'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', t.ref)
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('before', t.json)
      .addColumn('after', t.json)
      .addColumn('address', 'text')
      .addColumn('created_at', t.time, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'id']).execute();
  },

  async down() {
    throw new Error('0003-administration cannot be undone: restore a backup taken before it.');
  },
}));
