import { manilaToday, REQUEST_REFUSALS } from '@ichat/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestsKit, inDays, type Body, type ListItem, type RequestsKit } from '../../test-support/requests-kit.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer;
let kit: RequestsKit;

const idOf = (user: string) => kit.ids[user]!;
const withdraw = (user: string, id: number) => kit.call<Body & { status?: string }>(user, 'POST', `/api/v1/forms/me/requests/${id}/withdraw`);
const fileEpr = async (user = 'maria.santos', query = '') => {
  const filed = await kit.fileEpr(user, query);
  expect(filed.status, filed.body.message).toBe(201);
  return filed.body.request;
};
const listIds = async (user: string) => {
  const list = await kit.awaiting(user);
  expect(list.status).toBe(200);
  return list.body.requests.map((request) => request.id);
};
const myRequests = async (user: string) => (await kit.call<Body & { requests: ListItem[] }>(user, 'GET', '/api/v1/forms/me/requests')).body.requests;
/** The bell lines of one kind about one request. */
const told = async (user: string, id: number, type: string) =>
  (await kit.notifications(user)).filter((n) => n.request_notification_form_request_id === id && n.notification_type === type);
const deny = async (id: number) => {
  const denied = await kit.vote('jose.garcia', 'epr', id, 'denied', { comment: 'Wrong supplier.' });
  expect(denied.body.status).toBe('denied');
};

beforeAll(async () => {
  server = await startTestServer();
  kit = await createRequestsKit(server);
});
afterAll(async () => {
  await server.close();
});

describe('withdrawing a request', () => {
  it('the requester withdraws a pending request: it leaves the pending lists and the approvers asked are told', async () => {
    const { id } = await fileEpr();
    expect(await listIds('ana.reyes')).toContain(id);
    expect(await listIds('jose.garcia')).toContain(id);
    expect((await kit.detail('maria.santos', 'epr', id)).body.request).toMatchObject({ can_withdraw: true, can_copy: false });
    expect((await kit.detail('ana.reyes', 'epr', id)).body.request.can_withdraw).toBe(false);

    const withdrawn = await withdraw('maria.santos', id);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toEqual({ success: true, message: 'Request withdrawn.', status: 'withdrawn' });

    const shown = (await kit.detail('maria.santos', 'epr', id)).body.request;
    expect(shown).toMatchObject({ status: 'withdrawn', overall_approval_status: false, can_withdraw: false, can_copy: false, can_vote: false });
    expect((await myRequests('maria.santos')).find((r) => r.id === id)?.status).toBe('withdrawn');
    expect(await listIds('ana.reyes')).not.toContain(id);
    expect(await listIds('jose.garcia')).not.toContain(id);
    expect((await kit.detail('ana.reyes', 'epr', id)).body.request.can_vote).toBe(false);

    for (const approver of ['ana.reyes', 'jose.garcia']) {
      const lines = await told(approver, id, 'withdrawn form request');
      expect(lines, approver).toHaveLength(1);
      expect(lines[0]).toMatchObject({ is_reminder: false, notification_sender_details: { display_name: 'Maria Santos' } });
    }
    // Level 2 was never asked, and the requester is not told of her own withdrawal.
    expect(await told('carmen.flores', id, 'withdrawn form request')).toEqual([]);
    expect(await told('maria.santos', id, 'withdrawn form request')).toEqual([]);
  });

  it('at level 2 both levels’ approvers are told', async () => {
    const { id } = await fileEpr('paolo.villanueva');
    expect((await kit.vote('ana.reyes', 'epr', id, 'approved')).body.status).toBe('pending');
    expect(await listIds('carmen.flores')).toContain(id);
    expect((await withdraw('paolo.villanueva', id)).status).toBe(200);
    expect(await listIds('carmen.flores')).not.toContain(id);
    for (const approver of ['ana.reyes', 'jose.garcia', 'carmen.flores', 'ramon.bautista']) {
      expect(await told(approver, id, 'withdrawn form request'), approver).toHaveLength(1);
    }
  });

  it('only the requester withdraws: an approver or stand-in gets 403, anyone else 404', async () => {
    const { id } = await fileEpr();
    const byApprover = await withdraw('ana.reyes', id);
    expect(byApprover.status).toBe(403);
    expect(byApprover.body).toEqual({ success: false, message: REQUEST_REFUSALS.notYours });
    const delegation = await kit.delegate('jose.garcia', { delegate_id: idOf('grace.tan'), starts_on: manilaToday(), ends_on: inDays(1) });
    expect(delegation.status).toBe(201);
    const byStandIn = await withdraw('grace.tan', id);
    expect(byStandIn.status).toBe(403);
    expect(byStandIn.body.message).toBe(REQUEST_REFUSALS.notYours);
    expect((await kit.call('jose.garcia', 'DELETE', `/api/v1/delegations/${delegation.body.delegation.id}`)).status).toBe(200);
    const byStranger = await withdraw('paolo.villanueva', id);
    expect(byStranger.status).toBe(404);
    expect(byStranger.body).toEqual({ success: false, message: REQUEST_REFUSALS.notFound });
    expect((await withdraw('maria.santos', 999_999)).status).toBe(404);
    expect((await withdraw('maria.santos', 0)).status).toBe(400);
    expect((await kit.detail('maria.santos', 'epr', id)).body.request.status).toBe('pending');
  });

  it('a request withdrawn already or decided cannot be withdrawn, and a withdrawn one takes no votes', async () => {
    const { id } = await fileEpr();
    expect((await withdraw('maria.santos', id)).status).toBe(200);
    const twice = await withdraw('maria.santos', id);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ success: false, message: REQUEST_REFUSALS.notPending });
    for (const approver of ['ana.reyes', 'jose.garcia']) {
      const vote = await kit.vote(approver, 'epr', id, 'approved');
      expect(vote.status, approver).toBe(409);
      expect(vote.body.message).toBe('This request has already been withdrawn.');
    }
    expect((await kit.detail('maria.santos', 'epr', id)).body.request.votes).toEqual([]);
    // Withdrawn once: the approvers were told once.
    expect(await told('ana.reyes', id, 'withdrawn form request')).toHaveLength(1);

    const denied = await fileEpr();
    await deny(denied.id);
    const approved = await fileEpr();
    expect((await kit.vote('ana.reyes', 'epr', approved.id, 'approved')).body.status).toBe('pending');
    expect((await kit.vote('carmen.flores', 'epr', approved.id, 'approved')).body.status).toBe('approved');
    for (const [decided, status] of [[denied.id, 'denied'], [approved.id, 'approved']] as const) {
      const refused = await withdraw('maria.santos', decided);
      expect(refused.status, status).toBe(409);
      expect(refused.body.message).toBe(REQUEST_REFUSALS.notPending);
      expect((await kit.detail('maria.santos', 'epr', decided)).body.request).toMatchObject({ status, can_withdraw: false });
      expect(await told('ana.reyes', decided, 'withdrawn form request')).toEqual([]);
    }
  });

  it('withdrawn and denied at the same moment: one of them happens, the other is refused', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id } = await fileEpr();
      const [withdrawn, denied] = await Promise.all([
        withdraw('maria.santos', id),
        kit.vote('jose.garcia', 'epr', id, 'denied', { comment: 'Wrong supplier.' }),
      ]);
      expect([withdrawn.status, denied.status].sort()).toEqual([200, 409]);
      const status = (await kit.detail('maria.santos', 'epr', id)).body.request.status;
      expect(status).toBe(withdrawn.status === 200 ? 'withdrawn' : 'denied');
      expect((await told('jose.garcia', id, 'withdrawn form request')).length).toBe(withdrawn.status === 200 ? 1 : 0);
    }
  });
});

describe('filing a corrected copy', () => {
  it('a denied request of one’s own can be copied; the copy says what it corrects', async () => {
    const original = await fileEpr();
    expect((await kit.detail('maria.santos', 'epr', original.id)).body.request.can_copy).toBe(false);
    await deny(original.id);
    expect((await kit.detail('maria.santos', 'epr', original.id)).body.request).toMatchObject({ status: 'denied', can_copy: true, can_withdraw: false, copied_from: null });
    expect((await kit.detail('jose.garcia', 'epr', original.id)).body.request.can_copy).toBe(false);

    const copy = await fileEpr('maria.santos', `?copy_of=${original.id}`);
    expect(copy.id).not.toBe(original.id);
    const shown = (await kit.detail('maria.santos', 'epr', copy.id)).body.request;
    expect(shown).toMatchObject({
      status: 'pending',
      current_level: 1,
      copied_from: { id: original.id, reference_id: original.reference_id },
      can_copy: false,
      can_withdraw: true,
    });
    expect(await listIds('ana.reyes')).toContain(copy.id);
    // The approvers see where it comes from too; the original is left as it was.
    expect((await kit.detail('ana.reyes', 'epr', copy.id)).body.request.copied_from).toEqual({ id: original.id, reference_id: original.reference_id });
    expect((await kit.detail('maria.santos', 'epr', original.id)).body.request).toMatchObject({ status: 'denied', copied_from: null });
    const stored = await server.database.db.selectFrom('form_requests').select('copied_from_id').where('id', '=', copy.id).executeTakeFirstOrThrow();
    expect(stored.copied_from_id).toBe(original.id);
  });

  it('refuses a copy of a request that is not denied (400), not one’s own (404) or of another form (400), and stores nothing', async () => {
    const pending = await fileEpr();
    const approved = await fileEpr();
    expect((await kit.vote('ana.reyes', 'epr', approved.id, 'approved')).status).toBe(200);
    expect((await kit.vote('ramon.bautista', 'epr', approved.id, 'approved')).body.status).toBe('approved');
    const withdrawn = await fileEpr();
    expect((await withdraw('maria.santos', withdrawn.id)).status).toBe(200);
    const denied = await fileEpr();
    await deny(denied.id);
    const hers = await fileEpr('grace.tan');
    await deny(hers.id);

    const before = (await myRequests('maria.santos')).length;
    const cases: [string, () => Promise<{ status: number; body: Body }>, number, string][] = [
      ['pending', () => kit.fileEpr('maria.santos', `?copy_of=${pending.id}`), 400, REQUEST_REFUSALS.copyOfDenied],
      ['approved', () => kit.fileEpr('maria.santos', `?copy_of=${approved.id}`), 400, REQUEST_REFUSALS.copyOfDenied],
      ['withdrawn', () => kit.fileEpr('maria.santos', `?copy_of=${withdrawn.id}`), 400, REQUEST_REFUSALS.copyOfDenied],
      ['someone else’s denied', () => kit.fileEpr('maria.santos', `?copy_of=${hers.id}`), 404, REQUEST_REFUSALS.notFound],
      ['one that does not exist', () => kit.fileEpr('maria.santos', '?copy_of=999999'), 404, REQUEST_REFUSALS.notFound],
      ['another form', () => kit.fileOffset('maria.santos', `?copy_of=${denied.id}`), 400, 'A corrected copy is filed with the form of the request it corrects.'],
    ];
    for (const [name, file, status, message] of cases) {
      const refused = await file();
      expect(refused.status, name).toBe(status);
      expect(refused.body, name).toEqual({ success: false, message });
    }
    expect((await kit.fileEpr('maria.santos', '?copy_of=abc')).status).toBe(400);
    expect((await myRequests('maria.santos')).length).toBe(before);
    // Grace may copy her own.
    expect((await kit.fileEpr('grace.tan', `?copy_of=${hers.id}`)).status).toBe(201);
  });
});
