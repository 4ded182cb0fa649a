import { manilaDayStart, TEXT } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestsKit, inDays, type Body, type RequestsKit } from '../../test-support/requests-kit.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer;
let kit: RequestsKit;

/** The settings this file does not change: retention and upload quotas, off by default. */
const OTHER_SETTINGS_OFF = { message_edit_window_minutes: null, retention_days: null, upload_quota_per_user_mb: null, upload_quota_total_mb: null };

const DAY_MS = 86_400_000;
const PEOPLE = ['admin', 'maria.santos', 'juan.delacruz', 'ana.reyes', 'jose.garcia', 'liza.mendoza', 'carmen.flores', 'ramon.bautista', 'paolo.villanueva', 'grace.tan'];

/** A moment `days` from today in Manila, at `hour` o'clock Manila time. */
const at = (days: number, hour: number) => manilaDayStart(inDays(days)) + hour * 3_600_000;
const remind = (now: number) => server.app.jobs.reminders.remind(now);

/** Each person's reminders, as request ids in the bell's order (newest first). */
const remindersByPerson = async () => {
  const result: Record<string, number[]> = {};
  for (const user of PEOPLE) {
    const lines = (await kit.notifications(user)).filter((n) => n.is_reminder);
    result[user] = lines.map((n) => n.request_notification_form_request_id!);
  }
  return result;
};
const fileOffset = async (user: string) => {
  const filed = await kit.fileOffset(user);
  expect(filed.status, filed.body.message).toBe(201);
  return filed.body.request.id;
};
const vote = async (user: string, id: number, status: 'approved' | 'denied', expected: string) => {
  const answer = await kit.vote(user, 'offsetting', id, status, status === 'denied' ? { comment: 'No.' } : {});
  expect(answer.body.status, answer.body.message).toBe(expected);
};

const requests: Record<'atLevel1' | 'denied' | 'withdrawn' | 'atLevel2' | 'approved', number> = {
  atLevel1: 0,
  denied: 0,
  withdrawn: 0,
  atLevel2: 0,
  approved: 0,
};

beforeAll(async () => {
  server = await startTestServer();
  kit = await createRequestsKit(server);
  // Three level-1 approvers of whom two must approve, then Carmen.
  await kit.setChain('offsetting', { approvers: ['liza.mendoza', 'juan.delacruz', 'ana.reyes'], needed: 2 }, { approvers: ['carmen.flores'], needed: 1 });
  requests.atLevel1 = await fileOffset('maria.santos');
  await vote('liza.mendoza', requests.atLevel1, 'approved', 'pending');
  requests.denied = await fileOffset('paolo.villanueva');
  await vote('liza.mendoza', requests.denied, 'denied', 'denied');
  requests.withdrawn = await fileOffset('grace.tan');
  expect((await kit.call('grace.tan', 'POST', `/api/v1/forms/me/requests/${requests.withdrawn}/withdraw`)).status).toBe(200);
  requests.atLevel2 = await fileOffset('maria.santos');
  await vote('liza.mendoza', requests.atLevel2, 'approved', 'pending');
  await vote('juan.delacruz', requests.atLevel2, 'approved', 'pending');
  requests.approved = await fileOffset('jose.garcia');
  await vote('ana.reyes', requests.approved, 'approved', 'pending');
  await vote('liza.mendoza', requests.approved, 'approved', 'pending');
  await vote('carmen.flores', requests.approved, 'approved', 'approved');
});
afterAll(async () => {
  await server.close();
});

describe('the daily reminder round', () => {
  it('reminds each approver still to vote at the current level once a day, after reminder_days (2)', async () => {
    expect((await kit.call('admin', 'GET', '/api/v1/admin/settings')).body).toEqual({ success: true, settings: { reminder_days: 2, ...OTHER_SETTINGS_OFF } });
    // Filed today: not yet overdue tomorrow.
    expect(await remind(at(1, 23))).toBe(0);
    expect(Object.values(await remindersByPerson()).flat()).toEqual([]);

    expect(await remind(at(3, 9))).toBe(3);
    const expected = {
      ...Object.fromEntries(PEOPLE.map((user) => [user, [] as number[]])),
      'juan.delacruz': [requests.atLevel1],
      'ana.reyes': [requests.atLevel1],
      'carmen.flores': [requests.atLevel2],
    };
    expect(await remindersByPerson()).toEqual(expected);
    const [line] = (await kit.notifications('juan.delacruz')).filter((n) => n.is_reminder);
    expect(line).toMatchObject({
      notification_type: 'new form request',
      is_reminder: true,
      request_notification_form_request_id: requests.atLevel1,
      notification_sender_details: { display_name: 'Maria Santos' },
    });
    // The first ask stays as it was, not a reminder.
    expect((await kit.notifications('juan.delacruz')).filter((n) => n.request_notification_form_request_id === requests.atLevel1 && !n.is_reminder)).toHaveLength(1);

    // Later the same Manila day: nothing new.
    expect(await remind(at(3, 9))).toBe(0);
    expect(await remind(at(3, 23))).toBe(0);
    expect(await remindersByPerson()).toEqual(expected);

    // The next day: once more each, even when two processes run the round at once.
    const [first, second] = await Promise.all([remind(at(4, 0)), remind(at(4, 0))]);
    expect(first + second).toBe(3);
    expect(await remindersByPerson()).toEqual({
      ...expected,
      'juan.delacruz': [requests.atLevel1, requests.atLevel1],
      'ana.reyes': [requests.atLevel1, requests.atLevel1],
      'carmen.flores': [requests.atLevel2, requests.atLevel2],
    });
  });
});

describe('settings', () => {
  it('reminder_days moves the reminders later; the change is audited', async () => {
    const changed = await kit.call('admin', 'PATCH', '/api/v1/admin/settings', { reminder_days: 5 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ success: true, settings: { reminder_days: 5, ...OTHER_SETTINGS_OFF } });
    expect((await kit.call('admin', 'GET', '/api/v1/admin/settings')).body).toEqual({ success: true, settings: { reminder_days: 5, ...OTHER_SETTINGS_OFF } });

    const fresh = await fileOffset('grace.tan');
    // Day 5 at midnight is less than five days after anything filed today: none, where a
    // delay of 2 would remind all three requests' approvers.
    expect(await remind(at(5, 0))).toBe(0);
    expect(await remind(at(3, 12))).toBe(0);
    expect(await remind(at(6, 12))).toBe(6);
    const reminders = await remindersByPerson();
    expect(reminders['liza.mendoza']).toEqual([fresh]);
    expect(reminders['juan.delacruz']).toEqual([fresh, requests.atLevel1, requests.atLevel1, requests.atLevel1]);

    const log = await kit.call<Body & { entries: Record<string, unknown>[] }>('admin', 'GET', '/api/v1/admin/audit-log?action=settings.update');
    expect(log.body.entries).toHaveLength(1);
    expect(log.body.entries[0]).toMatchObject({
      action: 'settings.update',
      actor: { id: kit.ids['admin'], display_name: 'Admin' },
      target_type: 'settings',
      target_id: null,
      summary: 'Changed reminder_days',
      before: { reminder_days: 2 },
      after: { reminder_days: 5 },
      address: '127.0.0.1',
    });

    expect((await kit.call('admin', 'PATCH', '/api/v1/admin/settings', { reminder_days: 2 })).body).toEqual({ success: true, settings: { reminder_days: 2, ...OTHER_SETTINGS_OFF } });
    // A withdrawn fresh request stops its reminders.
    expect((await kit.call('grace.tan', 'POST', `/api/v1/forms/me/requests/${fresh}/withdraw`)).status).toBe(200);
    expect(await remind(at(7, 12))).toBe(3);
  });

  it('refuses a reminder delay that is not a whole number of days from 1 to 60', async () => {
    // The schema's lower-case sentences come back with the field named in front
    // ('reminder_days: reminder_days must be a number.'): only their end is pinned here.
    const cases: [unknown, RegExp][] = [
      [{ reminder_days: 0 }, /^Reminders come after at least 1 day\.$/],
      [{ reminder_days: 'x' }, /(^|: )reminder_days must be a number\.$/],
      [{ reminder_days: 1.5 }, /(^|: )reminder_days must be a whole number\.$/],
      [{ reminder_days: 61 }, /^Reminders come after at most 60 days\.$/],
      [{}, /^Nothing to update\.$/],
    ];
    for (const [body, message] of cases) {
      const refused = await kit.call('admin', 'PATCH', '/api/v1/admin/settings', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.success).toBe(false);
      expect(refused.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await kit.call('admin', 'GET', '/api/v1/admin/settings')).body).toEqual({ success: true, settings: { reminder_days: 2, ...OTHER_SETTINGS_OFF } });
  });
});

describe('overdue requests', () => {
  it('lists every overdue request once, oldest wait first, with whom it waits on and for how many days', async () => {
    const now = Date.now();
    const setStarted = (id: number, startedAt: number) =>
      server.database.db.updateTable('form_requests').set({ level_started_at: startedAt }).where('id', '=', id).execute();
    // The HTTP call reads the real clock: these requests are made to have waited.
    await setStarted(requests.atLevel1, now - 3.5 * DAY_MS);
    await setStarted(requests.atLevel2, now - 10.5 * DAY_MS);
    for (const id of [requests.denied, requests.withdrawn, requests.approved]) await setStarted(id, now - 20.5 * DAY_MS);
    const notYet = await fileOffset('maria.santos');
    await setStarted(notYet, now - 1.5 * DAY_MS);

    const overdue = await kit.call<
      Body & { requests: (Record<string, unknown> & { id: number; waiting_on: { id: number; display_name: string }[]; waiting_days: number })[] }
    >('admin', 'GET', '/api/v1/admin/overdue');
    expect(overdue.status).toBe(200);
    expect(overdue.body.requests.map((r) => r.id)).toEqual([requests.atLevel2, requests.atLevel1]);
    const [level2, level1] = overdue.body.requests;
    expect(Object.keys(level1!).sort()).toEqual(
      ['createdAt', 'form_id', 'id', 'overall_approval_status', 'reference_id', 'request_link_id', 'request_type', 'requester_user_detail', 'status', 'total_cost', 'user_detail', 'waiting_days', 'waiting_on'].sort(),
    );
    expect(level1).toMatchObject({ status: 'pending', request_type: 'offsetting', user_detail: { display_name: 'Maria Santos' }, waiting_days: 3 });
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect([...level1!.waiting_on].sort(byId)).toEqual(
      [
        { id: kit.ids['juan.delacruz']!, display_name: 'Juan Dela Cruz' },
        { id: kit.ids['ana.reyes']!, display_name: 'Ana Reyes' },
      ].sort(byId),
    );
    expect(level2).toMatchObject({ waiting_days: 10, waiting_on: [{ id: kit.ids['carmen.flores'], display_name: 'Carmen Flores' }] });

    // The round a job runs reads the same list.
    const viaJob = await server.app.jobs.reminders.overdue(now);
    expect(viaJob.map((r) => [r.id, r.waiting_days])).toEqual([
      [requests.atLevel2, 10],
      [requests.atLevel1, 3],
    ]);
  });

  it('is for administrators only, as are the settings', async () => {
    for (const user of ['ana.reyes', 'maria.santos']) {
      for (const [method, url, json] of [
        ['GET', '/api/v1/admin/overdue', undefined],
        ['GET', '/api/v1/admin/settings', undefined],
        ['PATCH', '/api/v1/admin/settings', { reminder_days: 9 }],
      ] as const) {
        const refused = await kit.call(user, method, url, json);
        expect(refused.status, `${user} ${method} ${url}`).toBe(403);
        expect(refused.body).toEqual({ success: false, message: TEXT.permissionDenied });
      }
    }
    expect((await kit.call('admin', 'GET', '/api/v1/admin/settings')).body).toEqual({ success: true, settings: { reminder_days: 2, ...OTHER_SETTINGS_OFF } });
    expect((await kit.call(null, 'GET', '/api/v1/admin/overdue')).status).toBe(401);
  });
});
