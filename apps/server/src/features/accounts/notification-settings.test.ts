/**
 * One's own notification settings (issue 19): do not disturb until a moment, quiet hours in a
 * time zone, push previews; each key changed alone, every mistake said in a sentence. What they
 * silence is in features/push/push.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { DND_IN_THE_PAST } from './notification-settings.service.js';

let server: TestServer;
const tokens: Record<string, string> = {};
const PATH = '/api/v1/accounts/me/notification-settings';

type Body = Record<string, unknown> & { success: boolean; message?: string };

const read = (user: string) => server.request<Body>('GET', PATH, { token: tokens[user] });
const change = (user: string, json: unknown) => server.request<Body>('PUT', PATH, { token: tokens[user], json });

beforeAll(async () => {
  server = await startTestServer();
  for (const user of ['maria.santos', 'juan.delacruz']) tokens[user] = await server.login(user);
});
afterAll(async () => {
  await server.close();
});

describe('notification settings', () => {
  it('start with nothing silenced and previews on', async () => {
    const settings = await read('maria.santos');
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({ success: true, do_not_disturb_until: null, quiet_hours: null, push_previews: true });
  });

  it('change only the keys given, and answer them as they now are', async () => {
    const until = new Date(Date.now() + 3_600_000);
    const dnd = await change('maria.santos', { do_not_disturb_until: until.toISOString() });
    expect(dnd.status).toBe(200);
    expect(dnd.body).toEqual({ success: true, do_not_disturb_until: until.toISOString(), quiet_hours: null, push_previews: true });

    const quiet = await change('maria.santos', { quiet_hours: { from: '22:00', to: '07:00', time_zone: 'Europe/Berlin' }, push_previews: false });
    expect(quiet.body).toEqual({
      success: true,
      do_not_disturb_until: until.toISOString(),
      quiet_hours: { from: '22:00', to: '07:00', time_zone: 'Europe/Berlin' },
      push_previews: false,
    });
    expect((await read('maria.santos')).body).toEqual(quiet.body);
    // Another person's settings are their own.
    expect((await read('juan.delacruz')).body).toMatchObject({ do_not_disturb_until: null, quiet_hours: null, push_previews: true });

    // A time with an offset is the same moment; the zone defaults to Manila; null turns each off.
    const inManila = await change('maria.santos', { do_not_disturb_until: '2099-01-01T08:00:00+08:00', quiet_hours: { from: '12:00', to: '13:00' } });
    expect(inManila.body).toMatchObject({ do_not_disturb_until: '2099-01-01T00:00:00.000Z', quiet_hours: { from: '12:00', to: '13:00', time_zone: 'Asia/Manila' } });
    const off = await change('maria.santos', { do_not_disturb_until: null, quiet_hours: null, push_previews: true });
    expect(off.body).toEqual({ success: true, do_not_disturb_until: null, quiet_hours: null, push_previews: true });
  });

  it('read a do not disturb that has ended as off', async () => {
    await change('juan.delacruz', { do_not_disturb_until: new Date(Date.now() + 60_000).toISOString() });
    await server.database.db.updateTable('users').set({ dnd_until: Date.now() - 1 }).where('username', '=', 'juan.delacruz').execute();
    expect((await read('juan.delacruz')).body).toMatchObject({ do_not_disturb_until: null });
  });

  it('refuse what they cannot hold, each with a sentence', async () => {
    const cases: [unknown, RegExp][] = [
      [{ do_not_disturb_until: new Date(Date.now() - 60_000).toISOString() }, new RegExp(DND_IN_THE_PAST.replace(/[().]/g, '\\$&'))],
      [{ do_not_disturb_until: 'tomorrow' }, /Do not disturb must end at a date and time \(ISO 8601\), or be null\./],
      [{ quiet_hours: { from: '25:00', to: '07:00' } }, /The start of quiet hours must be a time of day as HH:MM, such as 22:00\./],
      [{ quiet_hours: { from: '22:00', to: '7:00' } }, /The end of quiet hours must be a time of day as HH:MM, such as 22:00\./],
      [{ quiet_hours: { from: '22:00', to: '22:00' } }, /Quiet hours must start and end at different times\./],
      [{ quiet_hours: { from: '22:00', to: '07:00', time_zone: 'Mars/Olympus' } }, /The time zone must be a name such as Asia\/Manila\./],
      [{ quiet_hours: '22-07' }, /Quiet hours must be \{from, to, time_zone\} or null\./],
      [{ push_previews: 'no' }, /push_previews must be true or false\./],
      [{}, /Nothing to update\./],
    ];
    for (const [body, message] of cases) {
      const refused = await change('maria.santos', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await read('maria.santos')).body).toEqual({ success: true, do_not_disturb_until: null, quiet_hours: null, push_previews: true });
  });

  it('are for the signed-in person only (401 first)', async () => {
    expect((await server.request('GET', PATH)).status).toBe(401);
    expect((await server.request('PUT', PATH, { json: { push_previews: false } })).status).toBe(401);
  });
});
