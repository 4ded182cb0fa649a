/**
 * Start-up data: the demo organisation on an empty database (SEED_DEMO=1), and the
 * administrator named by ADMIN_EMAIL and ADMIN_PASSWORD. Both are idempotent.
 */
import type { Kysely } from 'kysely';
import { FORM_TYPE_NAMES } from '@ichat/shared';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import type { Database } from '../db/tables.js';
import { lookupKey, nowMs } from '../db/values.js';
import { createAccountsRepository } from '../features/accounts/accounts.repository.js';
import {
  DEMO_COMPANIES,
  DEMO_CONVERSATIONS,
  DEMO_DEPARTMENTS,
  DEMO_FORM_RULES,
  DEMO_PEOPLE,
  DEMO_PURCHASE_REQUEST_TYPES,
} from './demo-data.js';

const MINUTE = 60_000;

/** Seeds the demo organisation if, and only if, there are no users yet. Returns whether it did. */
export const seedDemoOrganisation = async (db: Kysely<Database>, password: string): Promise<boolean> => {
  const hashes = await Promise.all(DEMO_PEOPLE.map(() => hashPassword(password)));
  const time = nowMs();

  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    const departmentIds = new Map<string, number>();
    for (const name of DEMO_DEPARTMENTS) {
      const { id } = await trx
        .insertInto('departments')
        .values({ name, name_key: lookupKey(name), created_at: time })
        .returning('id')
        .executeTakeFirstOrThrow();
      departmentIds.set(name, id);
    }

    const userIds = new Map<string, number>();
    for (const [index, person] of DEMO_PEOPLE.entries()) {
      const { id } = await trx
        .insertInto('users')
        .values({
          email_address: person.email,
          email_key: lookupKey(person.email),
          username: person.username,
          username_key: lookupKey(person.username),
          first_name: person.firstName,
          last_name: person.lastName,
          display_name: person.displayName,
          department_id: departmentIds.get(person.department) ?? null,
          password_hash: hashes[index] ?? '',
          admin_access: person.admin ?? false,
          approval_page: person.approvalPage ?? false,
          created_at: time,
          updated_at: time,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.set(person.username, id);
    }
    const userId = (username: string) => {
      const id = userIds.get(username);
      if (id === undefined) throw new Error(`Demo data names an unknown person: ${username}`);
      return id;
    };

    await trx.insertInto('companies').values(DEMO_COMPANIES.map((name) => ({ name }))).execute();
    await trx
      .insertInto('purchase_request_types')
      .values(DEMO_PURCHASE_REQUEST_TYPES.map((name) => ({ name })))
      .execute();

    for (const rule of DEMO_FORM_RULES) {
      const { id: formId } = await trx
        .insertInto('forms')
        .values({ name: FORM_TYPE_NAMES[rule.type], type: rule.type, created_at: time })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('form_permissions')
        .values(
          rule.departments.map((department) => ({
            form_id: formId,
            department_id: departmentIds.get(department) ?? null,
            created_at: time,
          })),
        )
        .execute();
      // One band for every amount; an administrator splits it by amount later.
      const { id: bandId } = await trx
        .insertInto('approval_bands')
        .values({
          form_id: formId,
          position: 0,
          min_total: 0,
          max_total: null,
          initial_needed: rule.initialNeeded,
          executive_needed: rule.executiveNeeded,
          updated_at: time,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('approval_band_approvers')
        .values([
          ...rule.level1.map((username) => ({ band_id: bandId, level: 1, user_id: userId(username) })),
          ...rule.level2.map((username) => ({ band_id: bandId, level: 2, user_id: userId(username) })),
        ])
        .execute();
    }

    for (const conversation of DEMO_CONVERSATIONS) {
      const isGroup = conversation.name !== undefined;
      const memberIds = conversation.members.map(userId);
      const creator = conversation.admins?.[0] ?? conversation.members[0] ?? 'admin';
      const firstAt = time - (conversation.messages[0]?.[2] ?? 0) * MINUTE - MINUTE;
      const { id: conversationId } = await trx
        .insertInto('conversations')
        .values({
          name: conversation.name ?? null,
          is_group: isGroup,
          personal_key: isGroup ? null : [...memberIds].sort((a, b) => a - b).join(':'),
          created_by: userId(creator),
          last_message_at: firstAt,
          created_at: firstAt,
          updated_at: firstAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      let lastMessage = { id: 0, at: firstAt };
      const lastReadBy = new Map<number, number>();
      const messageIds: number[] = [];
      for (const [sender, text, minutesAgo, threadOf] of conversation.messages) {
        const at = time - minutesAgo * MINUTE;
        const { id } = await trx
          .insertInto('messages')
          .values({
            conversation_id: conversationId,
            sender_id: userId(sender),
            content: text,
            thread_parent_id: threadOf === undefined ? null : (messageIds[threadOf] ?? null),
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        messageIds.push(id);
        lastMessage = { id, at };
        // A sender has read the conversation up to their own message.
        lastReadBy.set(userId(sender), id);
      }
      for (const username of conversation.readBy) lastReadBy.set(userId(username), lastMessage.id);
      const reactions = (conversation.reactions ?? []).flatMap(([index, username, type]) => {
        const messageId = messageIds[index];
        return messageId === undefined ? [] : [{ message_id: messageId, user_id: userId(username), type, created_at: time }];
      });
      if (reactions.length > 0) await trx.insertInto('message_reactions').values(reactions).execute();

      await trx
        .insertInto('conversation_members')
        .values(
          memberIds.map((memberId) => ({
            conversation_id: conversationId,
            user_id: memberId,
            is_admin: isGroup && (conversation.admins ?? []).map(userId).includes(memberId),
            last_read_message_id: lastReadBy.get(memberId) ?? 0,
            joined_at: firstAt,
          })),
        )
        .execute();
      await trx
        .updateTable('conversations')
        .set({ last_message_id: lastMessage.id, last_message_at: lastMessage.at, updated_at: lastMessage.at })
        .where('id', '=', conversationId)
        .execute();
      if (isGroup) {
        await trx
          .insertInto('conversation_actions')
          .values({ conversation_id: conversationId, user_id: userId(creator), action: 'CREATE', created_at: firstAt })
          .execute();
      }
    }
    return true;
  });
};

const usernameFromEmail = (email: string): string =>
  (email.split('@')[0] ?? 'admin').replace(/[^A-Za-z0-9._-]/g, '').slice(0, 32) || 'admin';

/**
 * Makes sure the administrator from ADMIN_EMAIL exists, is active, has admin access and
 * signs in with ADMIN_PASSWORD. Changing the password revokes that account's old tokens.
 */
export const ensureAdmin = async (
  db: Kysely<Database>,
  admin: { email: string; password: string },
): Promise<'created' | 'updated' | 'unchanged'> => {
  const repo = createAccountsRepository(db);
  const emailKey = lookupKey(admin.email);
  const existing = await db.selectFrom('users').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
  const time = nowMs();

  if (!existing) {
    const base = usernameFromEmail(admin.email);
    let username = base;
    for (let suffix = 2; await db.selectFrom('users').select('id').where('username_key', '=', lookupKey(username)).executeTakeFirst(); suffix += 1) {
      username = `${base}${suffix}`;
    }
    await repo.insert({
      email_address: admin.email,
      email_key: emailKey,
      username,
      username_key: lookupKey(username),
      first_name: 'System',
      last_name: 'Administrator',
      display_name: 'Administrator',
      department_id: null,
      password_hash: await hashPassword(admin.password),
      admin_access: true,
      approval_page: true,
      created_at: time,
      updated_at: time,
    });
    return 'created';
  }

  let changed = false;
  if (!(await verifyPassword(admin.password, existing.password_hash))) {
    await repo.replacePassword(existing.id, await hashPassword(admin.password), { mustChange: false });
    changed = true;
  }
  if (existing.admin_access !== true && existing.admin_access !== 1) changed = true;
  if (existing.is_active !== true && existing.is_active !== 1) changed = true;
  if (changed) await repo.updateUser(existing.id, { admin_access: true, is_active: true }, { revokeTokens: false });
  return changed ? 'updated' : 'unchanged';
};
