import { FORM_TYPES, type Message } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { toBool } from '../db/values.js';
import { DEMO_PASSWORD, startTestServer, useTestServer } from '../test-support/test-server.js';
import { DEMO_PEOPLE } from './demo-data.js';
import { ensureAdmin, seedDemoOrganisation } from './seed.js';

const server = useTestServer();

describe('the demo organisation', () => {
  it('has the admin with admin access and the approval page', async () => {
    const admin = await server.database.db.selectFrom('users').selectAll().where('email_key', '=', 'admin@demo.local').executeTakeFirstOrThrow();
    expect(toBool(admin.admin_access)).toBe(true);
    expect(toBool(admin.approval_page)).toBe(true);
  });

  it('has at least 8 more staff in at least 3 departments, every one signing in with the demo password', async () => {
    const staff = await server.database.db
      .selectFrom('users')
      .innerJoin('departments', 'departments.id', 'users.department_id')
      .select(['users.username', 'departments.name as department'])
      .where('users.email_key', '!=', 'admin@demo.local')
      .execute();
    expect(staff.length).toBeGreaterThanOrEqual(8);
    expect(new Set(staff.map((person) => person.department)).size).toBeGreaterThanOrEqual(3);
    for (const person of DEMO_PEOPLE) {
      const response = await server.request('POST', '/api/v1/accounts/login', { json: { username: person.email, password: DEMO_PASSWORD } });
      expect(response.status, person.email).toBe(200);
    }
  });

  it('gives every form first- and second-level approvers among the staff, and keeps one plain requester', async () => {
    const { db } = server.database;
    const forms = await db.selectFrom('forms').select(['id', 'type']).execute();
    expect(forms.map((form) => form.type).sort()).toEqual([...FORM_TYPES].sort());
    const approvers = await db
      .selectFrom('approval_band_approvers as a')
      .innerJoin('approval_bands as b', 'b.id', 'a.band_id')
      .select(['b.form_id', 'a.level', 'a.user_id'])
      .execute();
    const rules = await db.selectFrom('approval_bands').selectAll().execute();
    for (const form of forms) {
      expect(approvers.some((row) => row.form_id === form.id && row.level === 1), form.type).toBe(true);
      expect(approvers.some((row) => row.form_id === form.id && row.level === 2), form.type).toBe(true);
      const rule = rules.find((row) => row.form_id === form.id);
      expect(rule?.initial_needed).toBeGreaterThanOrEqual(1);
      expect(rule?.executive_needed).toBeGreaterThanOrEqual(1);
    }
    const maria = await db.selectFrom('users').selectAll().where('username_key', '=', 'maria.santos').executeTakeFirstOrThrow();
    expect(approvers.some((row) => row.user_id === maria.id)).toBe(false);
    expect(toBool(maria.approval_page)).toBe(false);
    expect(toBool(maria.admin_access)).toBe(false);
  });

  it('has personal and group conversations with messages, and the members read up to a cursor', async () => {
    const { db } = server.database;
    const conversations = await db.selectFrom('conversations').selectAll().execute();
    expect(conversations.some((conversation) => toBool(conversation.is_group))).toBe(true);
    expect(conversations.some((conversation) => !toBool(conversation.is_group))).toBe(true);
    for (const conversation of conversations) {
      const messages = await db.selectFrom('messages').select(['id', 'created_at']).where('conversation_id', '=', conversation.id).orderBy('id').execute();
      expect(messages.length).toBeGreaterThan(0);
      expect(conversation.last_message_id).toBe(messages.at(-1)?.id);
      expect(conversation.last_message_at).toBe(messages.at(-1)?.created_at);
    }
  });

  it('shows a thread and reactions in the Sales Team, found by search', async () => {
    const token = await server.login('maria.santos');
    const groups = await server.request<{ conversations: { id: number; name: string }[] }>('GET', '/api/v2/conversations?conversation_filter=group', { token });
    const sales = groups.body.conversations.find((conversation) => conversation.name === 'Sales Team')!;
    const page = await server.request<{ messages: Message[] }>('GET', `/api/v1/messages/${sales.id}`, { token });
    const review = page.body.messages.find((message) => message.content.startsWith('Team, the monthly target review'))!;
    expect(review.thread_replies).toHaveLength(1);
    expect(review.message_reactions.map((reaction) => [reaction.type, reaction.user.display_name])).toEqual([
      ['like', 'Maria Santos'],
      ['thanks', 'Carmen Flores'],
    ]);
    const hits = await server.request<{ result: { reply_to_thread_message_id: number | null }[] }>('POST', '/api/v1/messages/global/search/', {
      token,
      json: { keyword: 'supplier call' },
    });
    expect(hits.body.result).toEqual([expect.objectContaining({ reply_to_thread_message_id: review.id })]);
  });

  it('seeds only an empty database', async () => {
    const before = await server.database.db.selectFrom('users').select('id').execute();
    expect(await seedDemoOrganisation(server.database.db, DEMO_PASSWORD)).toBe(false);
    const after = await server.database.db.selectFrom('users').select('id').execute();
    expect(after.length).toBe(before.length);
  });
});

describe('SEED_DEMO=0 and ADMIN_EMAIL', () => {
  it('starts empty without the seed, then ensures the configured admin idempotently', async () => {
    const empty = await startTestServer({ seed: false });
    try {
      const { db } = empty.database;
      expect(await db.selectFrom('users').select('id').execute()).toEqual([]);
      const admin = { email: 'it.head@company.test', password: 'first-password' };
      expect(await ensureAdmin(db, admin)).toBe('created');
      expect(await ensureAdmin(db, admin)).toBe('unchanged');
      const token = await empty.login('it.head@company.test', 'first-password');
      expect((await empty.request('GET', '/api/v1/admin/users', { token })).status).toBe(200);

      expect(await ensureAdmin(db, { ...admin, password: 'second-password' })).toBe('updated');
      expect((await empty.request('GET', '/api/v1/admin/users', { token })).status).toBe(401);
      await empty.login('it.head@company.test', 'second-password');
    } finally {
      await empty.close();
    }
  });
});
