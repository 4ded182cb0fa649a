import { type AuditEntry, DELEGATION_REFUSALS, manilaToday, REQUEST_REFUSALS, TEXT } from '@ichat/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRequestsKit, inDays, type Body, type DelegationBody, type RequestsKit } from '../../test-support/requests-kit.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer;
let kit: RequestsKit;

const DELEGATION_KEYS = ['approver', 'createdAt', 'created_by', 'delegate', 'ends_on', 'id', 'is_active', 'starts_on'];

const idOf = (user: string) => kit.ids[user]!;
const person = (user: string, name: string) => ({ id: idOf(user), display_name: name });
const listIds = async (user: string) => {
  const list = await kit.awaiting(user);
  expect(list.status, `${user}'s pending approvals`).toBe(200);
  return list.body.requests.map((request) => request.id);
};
const delegations = (user: string, scope?: string) =>
  kit.call<Body & { delegations: DelegationBody[] }>(user, 'GET', `/api/v1/delegations${scope ? `?scope=${scope}` : ''}`);
const approvalPage = async (user: string) =>
  (await kit.call<{ permissions: { approval_page: boolean } }>(user, 'GET', '/api/v1/forms/me/permissions')).body.permissions.approval_page;
const fileEpr = async (user = 'maria.santos') => {
  const filed = await kit.fileEpr(user);
  expect(filed.status, filed.body.message).toBe(201);
  return filed.body.request.id;
};
/** Names a stand-in and answers the new delegation's id. */
const standIn = async (caller: string, body: { approver_id?: number; delegate_id: number; starts_on: string; ends_on: string }) => {
  const created = await kit.delegate(caller, body);
  expect(created.status, created.body.message).toBe(201);
  return created.body.delegation.id;
};

beforeAll(async () => {
  server = await startTestServer();
  kit = await createRequestsKit(server);
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  // Each case names its own stand-ins and chain.
  await server.database.db.deleteFrom('delegations').execute();
  await kit.setChain('epr', { approvers: ['ana.reyes', 'jose.garcia'], needed: 1 }, { approvers: ['carmen.flores', 'ramon.bautista'], needed: 1 });
});

describe('naming a stand-in', () => {
  it('an approver names one for themselves: 201 with the delegation, listed for both of them', async () => {
    const today = manilaToday();
    const created = await kit.delegate('ana.reyes', { delegate_id: idOf('grace.tan'), starts_on: today, ends_on: inDays(3) });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['delegation', 'message', 'success']);
    expect(created.body.message).toBe('Grace Tan will stand in for Ana Reyes.');
    const { delegation } = created.body;
    expect(Object.keys(delegation).sort()).toEqual(DELEGATION_KEYS);
    expect(delegation).toMatchObject({
      approver: person('ana.reyes', 'Ana Reyes'),
      delegate: person('grace.tan', 'Grace Tan'),
      created_by: person('ana.reyes', 'Ana Reyes'),
      starts_on: today,
      ends_on: inDays(3),
      is_active: true,
    });
    expect(delegation.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const future = await kit.delegate('jose.garcia', { delegate_id: idOf('grace.tan'), starts_on: inDays(5), ends_on: inDays(6) });
    expect(future.status).toBe(201);
    expect(future.body.delegation.is_active).toBe(false);

    expect((await delegations('ana.reyes')).body.delegations.map((d) => d.id)).toEqual([delegation.id]);
    expect((await delegations('grace.tan')).body.delegations.map((d) => d.id)).toEqual([future.body.delegation.id, delegation.id]);
    expect((await delegations('maria.santos')).body.delegations).toEqual([]);
  });

  it('an administrator names one for another approver; anyone else may not', async () => {
    const byAdmin = await kit.delegate('admin', { approver_id: idOf('jose.garcia'), delegate_id: idOf('paolo.villanueva'), starts_on: manilaToday(), ends_on: inDays(1) });
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.delegation).toMatchObject({
      approver: person('jose.garcia', 'Jose Garcia'),
      delegate: person('paolo.villanueva', 'Paolo Villanueva'),
      created_by: person('admin', 'Admin'),
    });
    for (const caller of ['maria.santos', 'ana.reyes']) {
      const refused = await kit.delegate(caller, { approver_id: idOf('carmen.flores'), delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(1) });
      expect(refused.status, caller).toBe(403);
      expect(refused.body).toEqual({ success: false, message: DELEGATION_REFUSALS.notYours });
    }
    // Naming oneself as the approver is naming a stand-in for oneself.
    expect((await kit.delegate('carmen.flores', { approver_id: idOf('carmen.flores'), delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(1) })).status).toBe(201);
  });

  it('refuses oneself, a last day before the first, an end in the past, overlapping days and a deactivated person', async () => {
    const today = manilaToday();
    const grace = idOf('grace.tan');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ delegate_id: idOf('ana.reyes'), starts_on: today, ends_on: inDays(1) }, 400, DELEGATION_REFUSALS.self],
      [{ approver_id: idOf('ana.reyes'), delegate_id: idOf('ana.reyes'), starts_on: today, ends_on: today }, 400, DELEGATION_REFUSALS.self],
      [{ delegate_id: grace, starts_on: inDays(3), ends_on: inDays(2) }, 400, DELEGATION_REFUSALS.order],
      [{ delegate_id: grace, starts_on: inDays(-3), ends_on: inDays(-1) }, 400, DELEGATION_REFUSALS.past],
      [{ delegate_id: grace, starts_on: today, ends_on: 'next week' }, 400, 'Last day must be a date (YYYY-MM-DD).'],
      [{ delegate_id: grace, ends_on: today }, 400, 'First day is required.'],
      [{ delegate_id: 999_999, starts_on: today, ends_on: today }, 404, DELEGATION_REFUSALS.inactive],
    ];
    for (const [body, status, message] of cases) {
      const refused = await kit.call('ana.reyes', 'POST', '/api/v1/delegations', body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
      expect(refused.body, JSON.stringify(body)).toEqual({ success: false, message });
    }

    // A delegation ending today is still allowed; one more on any of its days is not.
    await standIn('ana.reyes', { delegate_id: grace, starts_on: inDays(-2), ends_on: inDays(2) });
    for (const [starts, ends] of [[2, 4], [-1, 0], [-5, 5], [0, 0]] as const) {
      const overlap = await kit.delegate('ana.reyes', { delegate_id: idOf('paolo.villanueva'), starts_on: inDays(starts), ends_on: inDays(ends) });
      expect(overlap.status, `${starts}..${ends}`).toBe(409);
      expect(overlap.body.message).toBe(DELEGATION_REFUSALS.overlap);
    }
    // The day after it ends is free, and another approver's stand-in days are theirs.
    await standIn('ana.reyes', { delegate_id: idOf('paolo.villanueva'), starts_on: inDays(3), ends_on: inDays(4) });
    await standIn('jose.garcia', { delegate_id: grace, starts_on: today, ends_on: inDays(2) });

    // Deactivated in the database: what matters here is the stored flag, not how it was set.
    const paolo = idOf('paolo.villanueva');
    const setActive = (isActive: boolean) => server.database.db.updateTable('users').set({ is_active: isActive }).where('id', '=', paolo).execute();
    await setActive(false);
    try {
      const inactive = await kit.delegate('carmen.flores', { delegate_id: paolo, starts_on: today, ends_on: today });
      expect(inactive.status).toBe(400);
      expect(inactive.body).toEqual({ success: false, message: DELEGATION_REFUSALS.inactive });
    } finally {
      await setActive(true);
    }
  });

  it('lists every delegation to administrators only (scope=all)', async () => {
    const mine = await standIn('ana.reyes', { delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(1) });
    const other = await standIn('admin', { approver_id: idOf('carmen.flores'), delegate_id: idOf('ramon.bautista'), starts_on: inDays(1), ends_on: inDays(2) });
    const refused = await delegations('ana.reyes', 'all');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: 'Only an administrator can see every delegation.' });
    const all = await delegations('admin', 'all');
    expect(all.status).toBe(200);
    expect(all.body.delegations.map((d) => d.id)).toEqual([other, mine]);
    expect((await delegations('admin')).body.delegations.map((d) => d.id)).toEqual([]);
    expect((await delegations('admin', 'everyone')).status).toBe(400);
  });
});

describe('a stand-in at work', () => {
  it('sees the approver’s pending request and approves it in the approver’s seat; the approver cannot vote there again', async () => {
    await kit.setChain('epr', { approvers: ['ana.reyes', 'jose.garcia'], needed: 2 }, { approvers: ['carmen.flores'], needed: 1 });
    const id = await fileEpr();
    // Before: Grace has no approval page and no business with the request.
    expect(await approvalPage('grace.tan')).toBe(false);
    expect((await kit.awaiting('grace.tan')).status).toBe(403);
    expect((await kit.detail('grace.tan', 'epr', id)).status).toBe(404);
    // A stand-in from tomorrow gives nothing today.
    const tomorrow = await standIn('ana.reyes', { delegate_id: idOf('grace.tan'), starts_on: inDays(1), ends_on: inDays(2) });
    expect(await approvalPage('grace.tan')).toBe(false);
    expect((await kit.detail('grace.tan', 'epr', id)).status).toBe(404);
    expect((await kit.call('ana.reyes', 'DELETE', `/api/v1/delegations/${tomorrow}`)).status).toBe(200);

    await standIn('ana.reyes', { delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(2) });
    expect(await approvalPage('grace.tan')).toBe(true);
    expect(await listIds('grace.tan')).toContain(id);
    const before = await kit.detail('grace.tan', 'epr', id);
    expect(before.status).toBe(200);
    expect(before.body.request).toMatchObject({ can_vote: true, votes_on_behalf_of: person('ana.reyes', 'Ana Reyes'), can_withdraw: false, can_copy: false });

    const approved = await kit.vote('grace.tan', 'epr', id, 'approved', { comment: 'For Ana, on leave.' });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ success: true, message: 'Request approved.', status: 'pending', overall_approval_status: false });

    const shown = (await kit.detail('maria.santos', 'epr', id)).body.request;
    expect(shown.current_level).toBe(1);
    expect(shown.approval.first_level_approval.map((a) => [a.id, a.has_voted, a.approved, a.voted_by, a.comment])).toEqual([
      [idOf('ana.reyes'), true, true, person('grace.tan', 'Grace Tan'), 'For Ana, on leave.'],
      [idOf('jose.garcia'), false, false, null, null],
    ]);
    expect(shown.votes.map((v) => ({ level: v.level, status: v.status, approver: v.approver, cast_by: v.cast_by }))).toEqual([
      { level: 1, status: 'approved', approver: person('ana.reyes', 'Ana Reyes'), cast_by: person('grace.tan', 'Grace Tan') },
    ]);
    const stored = await server.database.db.selectFrom('request_votes').select(['approver_id', 'cast_by']).where('request_id', '=', id).execute();
    expect(stored).toEqual([{ approver_id: idOf('ana.reyes'), cast_by: idOf('grace.tan') }]);
    // In the stand-in's History, where they have no seat: without a page, on a page, and counted.
    const history = await kit.call<{ requests: { id: number }[] }>('grace.tan', 'GET', '/api/v1/forms/me/requests/history');
    expect(history.body.requests.map((request) => request.id)).toContain(id);
    const newest = await kit.call<{ requests: { id: number }[]; pagination: { total: number } }>('grace.tan', 'GET', '/api/v1/forms/me/requests/history?page=1&limit=1');
    expect(newest.body.requests.map((request) => request.id)).toEqual([history.body.requests[0]!.id]);
    expect(newest.body.pagination.total).toBe(history.body.requests.length);

    // The seat is taken: neither the approver nor the stand-in votes in it again.
    const byAna = await kit.vote('ana.reyes', 'epr', id, 'approved');
    expect(byAna.status).toBe(409);
    expect(byAna.body.message).toBe(REQUEST_REFUSALS.alreadyVoted);
    const again = await kit.vote('grace.tan', 'epr', id, 'denied', { comment: 'Changed my mind.' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REQUEST_REFUSALS.alreadyVoted);
    expect(await listIds('ana.reyes')).not.toContain(id);
    expect(await listIds('grace.tan')).not.toContain(id);
    expect((await kit.detail('ana.reyes', 'epr', id)).body.request.can_vote).toBe(false);
    expect((await kit.detail('grace.tan', 'epr', id)).body.request).toMatchObject({ can_vote: false, votes_on_behalf_of: null });
    expect(await listIds('jose.garcia')).toContain(id);

    expect((await kit.vote('jose.garcia', 'epr', id, 'approved')).body).toMatchObject({ status: 'pending' });
    expect((await kit.detail('maria.santos', 'epr', id)).body.request.current_level).toBe(2);
  });

  it('a stand-in who is an approver on the same level votes once, in their own seat', async () => {
    await kit.setChain('epr', { approvers: ['ana.reyes', 'jose.garcia'], needed: 2 }, { approvers: ['carmen.flores'], needed: 1 });
    const id = await fileEpr();
    await standIn('ana.reyes', { delegate_id: idOf('jose.garcia'), starts_on: manilaToday(), ends_on: inDays(1) });
    expect((await kit.detail('jose.garcia', 'epr', id)).body.request).toMatchObject({ can_vote: true, votes_on_behalf_of: null });

    // Even when asking for Ana's seat, Jose's vote goes to his own.
    const first = await kit.vote('jose.garcia', 'epr', id, 'approved', { on_behalf_of: idOf('ana.reyes') });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('pending');
    for (const extra of [{}, { on_behalf_of: idOf('ana.reyes') }]) {
      const second = await kit.vote('jose.garcia', 'epr', id, 'approved', extra);
      expect(second.status).toBe(409);
      expect(second.body.message).toBe(REQUEST_REFUSALS.alreadyVoted);
    }
    const shown = (await kit.detail('maria.santos', 'epr', id)).body.request;
    expect(shown.current_level).toBe(1);
    expect(shown.approval.first_level_approval.map((a) => [a.id, a.has_voted, a.voted_by])).toEqual([
      [idOf('ana.reyes'), false, null],
      [idOf('jose.garcia'), true, null],
    ]);
    expect(shown.votes.map((v) => [v.approver.id, v.cast_by])).toEqual([[idOf('jose.garcia'), null]]);
    expect(await listIds('jose.garcia')).not.toContain(id);
    expect(await listIds('ana.reyes')).toContain(id);
    expect((await kit.vote('ana.reyes', 'epr', id, 'approved')).body.status).toBe('pending');
    expect((await kit.detail('maria.santos', 'epr', id)).body.request.current_level).toBe(2);
  });

  it('a stand-in who filed the request cannot vote on it', async () => {
    await standIn('ana.reyes', { delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(1) });
    const own = await fileEpr('grace.tan');
    const other = await fileEpr('maria.santos');
    expect((await kit.detail('grace.tan', 'epr', own)).body.request).toMatchObject({ can_vote: false, votes_on_behalf_of: null, can_withdraw: true });
    const refused = await kit.vote('grace.tan', 'epr', own, 'approved', { on_behalf_of: idOf('ana.reyes') });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(REQUEST_REFUSALS.ownRequest);
    const list = await listIds('grace.tan');
    expect(list).not.toContain(own);
    expect(list).toContain(other);
    const shown = (await kit.detail('maria.santos', 'epr', other)).body.request;
    expect(shown.votes).toEqual([]);
    // Her own request is still Ana's to decide.
    expect((await kit.vote('ana.reyes', 'epr', own, 'approved')).status).toBe(200);
  });

  it('ending a delegation takes the access away', async () => {
    const id = await fileEpr();
    // Juan has an approval page of his own, so his list answers either way.
    const delegationId = await standIn('ana.reyes', { delegate_id: idOf('juan.delacruz'), starts_on: manilaToday(), ends_on: inDays(2) });
    expect(await listIds('juan.delacruz')).toContain(id);
    expect((await kit.detail('juan.delacruz', 'epr', id)).status).toBe(200);

    const stranger = await kit.call('maria.santos', 'DELETE', `/api/v1/delegations/${delegationId}`);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({ success: false, message: 'That delegation does not exist.' });
    const ended = await kit.call('ana.reyes', 'DELETE', `/api/v1/delegations/${delegationId}`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ success: true, message: 'The delegation has ended.' });
    expect((await kit.call('ana.reyes', 'DELETE', `/api/v1/delegations/${delegationId}`)).status).toBe(404);

    expect(await listIds('juan.delacruz')).not.toContain(id);
    const hidden = await kit.detail('juan.delacruz', 'epr', id);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(REQUEST_REFUSALS.notFound);
    const vote = await kit.vote('juan.delacruz', 'epr', id, 'approved');
    expect(vote.status).toBe(404);
    expect((await delegations('juan.delacruz')).body.delegations).toEqual([]);

    // A stand-in without an approval page of their own loses the lists too.
    const graceDelegation = await standIn('ana.reyes', { delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(2) });
    expect(await approvalPage('grace.tan')).toBe(true);
    expect((await kit.call('admin', 'DELETE', `/api/v1/delegations/${graceDelegation}`)).status).toBe(200);
    expect(await approvalPage('grace.tan')).toBe(false);
    const list = await kit.awaiting('grace.tan');
    expect(list.status).toBe(403);
    expect(list.body.message).toBe(TEXT.permissionDenied);
  });

  it('a stand-in for two approvers of one level votes once, in the seat on_behalf_of names', async () => {
    await kit.setChain('epr', { approvers: ['ana.reyes', 'jose.garcia'], needed: 2 }, { approvers: ['carmen.flores'], needed: 1 });
    const id = await fileEpr();
    await standIn('ana.reyes', { delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(1) });
    await standIn('jose.garcia', { delegate_id: idOf('grace.tan'), starts_on: inDays(-1), ends_on: manilaToday() });
    const before = (await kit.detail('grace.tan', 'epr', id)).body.request;
    expect(before.can_vote).toBe(true);
    expect([idOf('ana.reyes'), idOf('jose.garcia')]).toContain(before.votes_on_behalf_of?.id);

    const forJose = await kit.vote('grace.tan', 'epr', id, 'approved', { on_behalf_of: idOf('jose.garcia') });
    expect(forJose.status).toBe(200);
    const forAna = await kit.vote('grace.tan', 'epr', id, 'approved', { on_behalf_of: idOf('ana.reyes') });
    expect(forAna.status).toBe(409);
    expect(forAna.body.message).toBe(REQUEST_REFUSALS.alreadyVoted);
    expect((await kit.vote('grace.tan', 'epr', id, 'approved')).status).toBe(409);

    const shown = (await kit.detail('maria.santos', 'epr', id)).body.request;
    expect(shown.current_level).toBe(1);
    expect(shown.approval.first_level_approval.map((a) => [a.id, a.has_voted, a.voted_by?.id ?? null])).toEqual([
      [idOf('ana.reyes'), false, null],
      [idOf('jose.garcia'), true, idOf('grace.tan')],
    ]);
    expect(shown.votes.map((v) => [v.approver.id, v.cast_by?.id])).toEqual([[idOf('jose.garcia'), idOf('grace.tan')]]);
    expect(await listIds('grace.tan')).not.toContain(id);
    expect(await listIds('ana.reyes')).toContain(id);
  });

  it('a vote for someone the caller does not stand in for is refused', async () => {
    await kit.setChain('epr', { approvers: ['ana.reyes', 'jose.garcia'], needed: 2 }, { approvers: ['carmen.flores'], needed: 1 });
    const id = await fileEpr();
    await standIn('ana.reyes', { delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(1) });
    const refused = await kit.vote('grace.tan', 'epr', id, 'approved', { on_behalf_of: idOf('jose.garcia') });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: REQUEST_REFUSALS.notTheirStandIn });
    expect((await kit.detail('maria.santos', 'epr', id)).body.request.votes).toEqual([]);
    // Without on_behalf_of, or naming Ana, the vote goes to Ana's seat.
    expect((await kit.vote('grace.tan', 'epr', id, 'approved', { on_behalf_of: idOf('ana.reyes') })).status).toBe(200);
    expect((await kit.detail('maria.santos', 'epr', id)).body.request.votes.map((v) => [v.approver.id, v.cast_by?.id])).toEqual([
      [idOf('ana.reyes'), idOf('grace.tan')],
    ]);
  });
});

describe('at the same moment', () => {
  it('of several overlapping delegations for one approver sent at once, one is named and the rest refused', async () => {
    const attempts = ['grace.tan', 'paolo.villanueva', 'juan.delacruz', 'liza.mendoza', 'ramon.bautista'].map((delegate, index) =>
      kit.delegate('ana.reyes', { delegate_id: idOf(delegate), starts_on: manilaToday(), ends_on: inDays(1 + index) }),
    );
    const answers = await Promise.all(attempts);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body.message).toBe(DELEGATION_REFUSALS.overlap);
    const stored = await server.database.db.selectFrom('delegations').select('id').where('approver_id', '=', idOf('ana.reyes')).where('revoked_at', 'is', null).execute();
    expect(stored).toHaveLength(1);
  });

  it('an approver and their stand-in voting at once fill the seat once', async () => {
    await kit.setChain('epr', { approvers: ['ana.reyes', 'jose.garcia'], needed: 2 }, { approvers: ['carmen.flores'], needed: 1 });
    await standIn('ana.reyes', { delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(1) });
    const id = await fileEpr();
    const answers = await Promise.all([
      kit.vote('ana.reyes', 'epr', id, 'approved'),
      kit.vote('grace.tan', 'epr', id, 'approved'),
      kit.vote('grace.tan', 'epr', id, 'approved', { on_behalf_of: idOf('ana.reyes') }),
      kit.vote('ana.reyes', 'epr', id, 'approved'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    const shown = (await kit.detail('maria.santos', 'epr', id)).body.request;
    expect(shown.votes).toHaveLength(1);
    expect(shown.votes[0]!.approver.id).toBe(idOf('ana.reyes'));
    expect(shown.current_level).toBe(1);
  });

  it('a stand-in for two approvers voting for both at once is counted once', async () => {
    await kit.setChain('epr', { approvers: ['ana.reyes', 'jose.garcia'], needed: 2 }, { approvers: ['carmen.flores'], needed: 1 });
    await standIn('ana.reyes', { delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(1) });
    await standIn('jose.garcia', { delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(1) });
    const id = await fileEpr();
    const answers = await Promise.all(
      ['ana.reyes', 'jose.garcia', 'ana.reyes', 'jose.garcia'].map((principal) => kit.vote('grace.tan', 'epr', id, 'approved', { on_behalf_of: idOf(principal) })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body.message).toBe(REQUEST_REFUSALS.alreadyVoted);
    const shown = (await kit.detail('maria.santos', 'epr', id)).body.request;
    expect(shown.votes).toHaveLength(1);
    expect(shown.current_level).toBe(1);
  });
});

describe('the audit log', () => {
  it('records naming and ending a stand-in: who, what before and after, and from where', async () => {
    const starts = manilaToday();
    const ends = inDays(4);
    const id = await standIn('ana.reyes', { delegate_id: idOf('grace.tan'), starts_on: starts, ends_on: ends });
    expect((await kit.call('admin', 'DELETE', `/api/v1/delegations/${id}`)).status).toBe(200);
    const terms = { approver_id: idOf('ana.reyes'), delegate_id: idOf('grace.tan'), starts_on: starts, ends_on: ends };

    const log = await kit.call<Body & { entries: AuditEntry[]; total: number }>('admin', 'GET', `/api/v1/admin/audit-log?target_type=delegation&target_id=${id}`);
    expect(log.status).toBe(200);
    expect(log.body.total).toBe(2);
    const [revoked, created] = log.body.entries;
    expect(created).toMatchObject({
      action: 'delegation.create',
      actor: person('ana.reyes', 'Ana Reyes'),
      target_type: 'delegation',
      target_id: id,
      summary: `Grace Tan stands in for Ana Reyes from ${starts} to ${ends}`,
      before: null,
      after: terms,
      address: '127.0.0.1',
    });
    expect(revoked).toMatchObject({
      action: 'delegation.revoke',
      actor: person('admin', 'Admin'),
      target_type: 'delegation',
      target_id: id,
      summary: 'Ended Grace Tan standing in for Ana Reyes',
      before: terms,
      after: null,
      address: '127.0.0.1',
    });
    const byAction = await kit.call<Body & { entries: AuditEntry[] }>('admin', 'GET', '/api/v1/admin/audit-log?action=delegation.revoke');
    expect(byAction.body.entries.every((entry) => entry.action === 'delegation.revoke')).toBe(true);
    expect(byAction.body.entries.map((entry) => entry.target_id)).toContain(id);

    const refused = await kit.call('ana.reyes', 'GET', '/api/v1/admin/audit-log');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, message: TEXT.permissionDenied });
  });
});
