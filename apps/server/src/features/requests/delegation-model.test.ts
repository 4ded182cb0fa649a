/**
 * A model test of stand-ins and votes (issue 16, "Done when": no vote counted twice and none
 * by a person not entitled). fast-check draws an approval chain, who files, stand-ins over
 * days around today (some already over, some to come, some refused), ends some of them, and
 * lets random people vote with a random on_behalf_of. Every answer is compared with a small
 * model written here from the rules as the issue states them, and after each run the stored
 * votes are checked on their own: one per seat, one per person and level, each by the
 * approver or by a stand-in whose delegation covered that day, and a status that follows
 * from the counts.
 */
import { manilaToday } from '@ichat/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestsKit, DEMO_USERNAMES, inDays, type RequestsKit } from '../../test-support/requests-kit.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

let server: TestServer;
let kit: RequestsKit;

beforeAll(async () => {
  server = await startTestServer();
  kit = await createRequestsKit(server);
});
afterAll(async () => {
  await server.close();
});

const PEOPLE = DEMO_USERNAMES;
type Person = (typeof PEOPLE)[number];
/** Who may be put on the chain: some with an approval page, some without, some who file. */
const APPROVER_POOL: Person[] = ['ana.reyes', 'jose.garcia', 'juan.delacruz', 'carmen.flores', 'maria.santos', 'grace.tan'];
const REQUESTERS: Person[] = ['maria.santos', 'ana.reyes', 'paolo.villanueva', 'grace.tan'];
/** The demo people whose account has approval_page (seed/demo-data.ts). */
const WITH_APPROVAL_PAGE = new Set<Person>(['admin', 'juan.delacruz', 'ana.reyes', 'jose.garcia', 'liza.mendoza', 'carmen.flores', 'ramon.bautista']);

// ---------------------------------------------------------------- the model

interface ModelDelegation {
  id: number;
  approver: Person;
  delegate: Person;
  starts: string;
  ends: string;
  createdBy: Person;
  revoked: boolean;
}

interface ModelSeat {
  approver: Person;
  level: 1 | 2;
  vote: { by: Person; approved: boolean } | null;
}

interface ModelRequest {
  id: number;
  requester: Person;
  needed: { 1: number; 2: number };
  status: 'pending' | 'approved' | 'denied';
  level: 1 | 2;
  seats: ModelSeat[];
}

interface Model {
  delegations: ModelDelegation[];
  requests: ModelRequest[];
}

/** Whose seats `person` may use today: approvers with a live delegation to them. */
const principalsOf = (model: Model, person: Person, today: string): Set<Person> =>
  new Set(
    model.delegations
      .filter((d) => !d.revoked && d.delegate === person && d.approver !== person && d.starts <= today && today <= d.ends)
      .map((d) => d.approver),
  );

type Expected = { status: 200; seats: ModelSeat[]; own: boolean } | { status: 403 | 404 | 409 };

/**
 * The rules as the issue states them: the requester never votes; someone with no seat on
 * the request and no stand-in for one does not know it exists; everybody votes at most once
 * per level; a person with a seat of their own at the level votes in it and nowhere else;
 * otherwise they vote in an open seat of an approver they stand in for today, the one
 * on_behalf_of names when it names one, and naming someone they do not stand in for there is
 * forbidden.
 */
const expectedVote = (model: Model, person: Person, request: ModelRequest, today: string, onBehalfOf?: Person): Expected => {
  if (person === request.requester) return { status: 403 };
  const principals = principalsOf(model, person, today);
  if (!request.seats.some((seat) => seat.approver === person || principals.has(seat.approver))) return { status: 404 };
  if (request.status !== 'pending') return { status: 409 };
  const here = request.seats.filter((seat) => seat.level === request.level);
  const own = here.find((seat) => seat.approver === person);
  if (own) return own.vote ? { status: 409 } : { status: 200, seats: [own], own: true };
  if (here.some((seat) => seat.vote?.by === person)) return { status: 409 };
  const standIn = here.filter((seat) => principals.has(seat.approver));
  const named = onBehalfOf === undefined ? standIn : standIn.filter((seat) => seat.approver === onBehalfOf);
  if (standIn.length > 0 && named.length === 0) return { status: 403 };
  const open = named.filter((seat) => seat.vote === null);
  return open.length > 0 ? { status: 200, seats: open, own: false } : { status: 409 };
};

const canSee = (model: Model, person: Person, request: ModelRequest, today: string) => {
  const principals = principalsOf(model, person, today);
  return (
    request.requester === person ||
    request.seats.some((seat) => seat.approver === person || seat.vote?.by === person || principals.has(seat.approver))
  );
};

/** A request's status once a vote is in: one denial ends it, enough approvals move it on. */
const applyVote = (request: ModelRequest, seat: ModelSeat, by: Person, approved: boolean) => {
  seat.vote = { by, approved };
  if (!approved) {
    request.status = 'denied';
    return;
  }
  const approvals = request.seats.filter((s) => s.level === request.level && s.vote?.approved).length;
  if (approvals < request.needed[request.level]) return;
  if (request.level === 1 && request.needed[2] > 0) request.level = 2;
  else request.status = 'approved';
};

/** Naming a stand-in: who may, and which days. */
const expectedDelegation = (model: Model, actor: Person, approver: Person, delegate: Person, starts: string, ends: string, today: string) => {
  if (actor !== 'admin' && actor !== approver) return 403;
  if (approver === delegate) return 400;
  if (ends < starts) return 400;
  if (ends < today) return 400;
  // At most one stand-in a day, from today on (days already past are history).
  const sharesADay = (d: ModelDelegation) => [d.starts, starts, today].reduce((a, b) => (a > b ? a : b)) <= (d.ends < ends ? d.ends : ends);
  if (model.delegations.some((d) => !d.revoked && d.approver === approver && sharesADay(d))) return 409;
  return 201;
};

// ---------------------------------------------------------------- scenarios

const person = fc.constantFrom(...PEOPLE);
const chainLevel = (minLength: number) =>
  fc
    .subarray(APPROVER_POOL, { minLength, maxLength: 3 })
    .chain((approvers) =>
      fc.record({
        approvers: fc.constant(approvers),
        needed: approvers.length === 0 ? fc.constant(0) : fc.oneof(fc.constant(approvers.length), fc.integer({ min: 1, max: approvers.length })),
      }),
    );

/**
 * People are drawn as a kind and a number, resolved against the run's state when the command
 * runs, so that most commands concern someone who matters: an approver on the chain, a
 * stand-in of today, anyone named a stand-in so far, the requester, or anyone.
 */
const who = fc.record({
  kind: fc.oneof(
    { weight: 3, arbitrary: fc.constant('seat' as const) },
    { weight: 4, arbitrary: fc.constant('stand-in' as const) },
    { weight: 1, arbitrary: fc.constant('named' as const) },
    { weight: 1, arbitrary: fc.constant('requester' as const) },
    { weight: 1, arbitrary: fc.constant('anyone' as const) },
  ),
  pick: fc.nat(),
});
type Who = typeof who extends fc.Arbitrary<infer W> ? W : never;

const delegateCommand = fc.record({
  kind: fc.constant('delegate' as const),
  /** Who asks: the approver themselves mostly, an administrator, or someone drawn. */
  actor: fc.oneof({ weight: 4, arbitrary: fc.constant('approver' as const) }, { weight: 1, arbitrary: fc.constant('admin' as const) }, { weight: 1, arbitrary: person }),
  approver: fc.oneof({ weight: 3, arbitrary: fc.constant('seat' as const) }, { weight: 1, arbitrary: fc.constantFrom<Person>(...APPROVER_POOL, 'liza.mendoza') }),
  approverPick: fc.nat(),
  /** Mostly someone with no seat of their own on the chain, who can only vote as a stand-in. */
  delegate: fc.oneof({ weight: 2, arbitrary: fc.constantFrom<Person>('paolo.villanueva', 'liza.mendoza', 'ramon.bautista', 'admin') }, { weight: 2, arbitrary: person }),
  start: fc.oneof({ weight: 2, arbitrary: fc.constantFrom(-1, 0) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 2 }) }),
  length: fc.oneof({ weight: 1, arbitrary: fc.constant(-1) }, { weight: 6, arbitrary: fc.integer({ min: 0, max: 3 }) }),
});
const revokeCommand = fc.record({
  kind: fc.constant('revoke' as const),
  actor: fc.oneof(fc.constantFrom('approver' as const, 'delegate' as const, 'admin' as const), person),
  pick: fc.nat(),
});
const voteCommand = fc.record({
  kind: fc.constant('vote' as const),
  voter: who,
  pick: fc.nat(),
  deny: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
  /** No on_behalf_of, an approver the voter has a delegation from, or anyone. */
  onBehalfOf: fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.record({ principal: fc.nat() }) }, { weight: 1, arbitrary: person }),
});

const scenario = fc.record({
  level1: chainLevel(1),
  level2: chainLevel(0),
  requesters: fc.array(fc.constantFrom(...REQUESTERS), { minLength: 1, maxLength: 3 }),
  /** Delegations already over, written straight into the table (the API refuses them). */
  past: fc.array(fc.record({ approver: fc.constantFrom(...APPROVER_POOL), delegate: person, start: fc.integer({ min: -8, max: -2 }), length: fc.integer({ min: 0, max: 3 }) }), { maxLength: 2 }),
  /** Stand-ins named before anyone votes; more are named, and some ended, between the votes. */
  standIns: fc.array(delegateCommand, { minLength: 1, maxLength: 4 }),
  commands: fc.array(
    fc.oneof({ weight: 2, arbitrary: delegateCommand }, { weight: 1, arbitrary: revokeCommand }, { weight: 6, arbitrary: voteCommand }),
    { minLength: 8, maxLength: 30 },
  ),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never;

// ---------------------------------------------------------------- a run

const tallies = new Map<string, number>();
const tally = (key: string) => tallies.set(key, (tallies.get(key) ?? 0) + 1);

const run = async (s: Scenario) => {
  const db = server.database.db;
  const id = (user: Person) => kit.ids[user]!;
  const byId = new Map(PEOPLE.map((user) => [kit.ids[user]!, user]));
  // A fresh start: no stand-ins, and nothing left pending from earlier runs.
  await db.deleteFrom('delegations').execute();
  await db.updateTable('form_requests').set({ status: 'withdrawn' }).where('status', '=', 'pending').execute();
  await kit.setChain('offsetting', s.level1, s.level2);
  const model: Model = { delegations: [], requests: [] };
  const runStart = manilaToday();

  for (const past of s.past) {
    if (past.approver === past.delegate) continue;
    const starts = inDays(past.start, runStart);
    const ends = inDays(Math.min(past.start + past.length, -1), runStart);
    const row = await db
      .insertInto('delegations')
      .values({ approver_id: id(past.approver), delegate_id: id(past.delegate), starts_on: starts, ends_on: ends, created_by: id(past.approver), created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    model.delegations.push({ id: row.id, approver: past.approver, delegate: past.delegate, starts, ends, createdBy: past.approver, revoked: false });
  }

  for (const requester of s.requesters) {
    const others = (level: { approvers: Person[] }) => level.approvers.filter((user) => user !== requester);
    const fileable = others(s.level1).length >= s.level1.needed && others(s.level2).length >= s.level2.needed;
    const filed = await kit.fileOffset(requester);
    expect(filed.status, `${requester} files: ${filed.body.message}`).toBe(fileable ? 201 : 400);
    if (!fileable) continue;
    model.requests.push({
      id: filed.body.request.id,
      requester,
      needed: { 1: s.level1.needed, 2: s.level2.needed },
      status: 'pending',
      level: 1,
      seats: [
        ...others(s.level1).map((approver): ModelSeat => ({ approver, level: 1, vote: null })),
        ...others(s.level2).map((approver): ModelSeat => ({ approver, level: 2, vote: null })),
      ],
    });
  }

  const seated = [...new Set(model.requests.flatMap((request) => request.seats.map((seat) => seat.approver)))];
  const from = <T,>(list: readonly T[], pick: number): T | undefined => list[pick % Math.max(list.length, 1)];
  const resolve = (drawn: Who, request: ModelRequest | undefined): Person =>
    (drawn.kind === 'seat'
      ? from(request?.seats.map((seat) => seat.approver) ?? seated, drawn.pick)
      : drawn.kind === 'stand-in'
        ? from(model.delegations.filter((d) => principalsOf(model, d.delegate, manilaToday()).size > 0).map((d) => d.delegate), drawn.pick)
        : drawn.kind === 'named'
          ? from(model.delegations.map((d) => d.delegate), drawn.pick)
          : drawn.kind === 'requester'
            ? request?.requester
            : undefined) ?? PEOPLE[drawn.pick % PEOPLE.length]!;

  for (const [step, command] of [...s.standIns, ...s.commands].entries()) {
    const today = manilaToday();
    const where = `step ${step}: ${JSON.stringify(command)}`;
    if (command.kind === 'delegate') {
      const approver = command.approver === 'seat' ? (from(seated, command.approverPick) ?? 'ana.reyes') : command.approver;
      const actor = command.actor === 'approver' ? approver : command.actor;
      const starts = inDays(command.start, today);
      const ends = inDays(command.start + command.length, today);
      const expected = expectedDelegation(model, actor, approver, command.delegate, starts, ends, today);
      const body = { ...(actor === approver ? {} : { approver_id: id(approver) }), delegate_id: id(command.delegate), starts_on: starts, ends_on: ends };
      const answer = await kit.delegate(actor, body);
      expect(answer.status, `${where}: ${answer.body.message}`).toBe(expected);
      tally(`delegate ${expected}`);
      if (answer.status === 201) {
        model.delegations.push({ id: answer.body.delegation.id, approver, delegate: command.delegate, starts, ends, createdBy: actor, revoked: false });
      }
    } else if (command.kind === 'revoke') {
      if (model.delegations.length === 0) continue;
      const delegation = model.delegations[command.pick % model.delegations.length]!;
      const actor = command.actor === 'approver' ? delegation.approver : command.actor === 'delegate' ? delegation.delegate : command.actor;
      const mayEnd = actor === 'admin' || [delegation.approver, delegation.delegate, delegation.createdBy].includes(actor);
      const answer = await kit.call(actor, 'DELETE', `/api/v1/delegations/${delegation.id}`);
      expect(answer.status, `${where} by ${actor}: ${answer.body.message}`).toBe(!delegation.revoked && mayEnd ? 200 : 404);
      if (answer.status === 200) delegation.revoked = true;
    } else {
      if (model.requests.length === 0) continue;
      const request = model.requests[command.pick % model.requests.length]!;
      const voter = resolve(command.voter, request);
      const onBehalfOf =
        typeof command.onBehalfOf === 'object'
          ? from(model.delegations.filter((d) => d.delegate === voter).map((d) => d.approver), command.onBehalfOf.principal)
          : command.onBehalfOf;
      const expected = expectedVote(model, voter, request, today, onBehalfOf);
      const answer = await kit.vote(voter, 'offsetting', request.id, command.deny ? 'denied' : 'approved', {
        ...(command.deny ? { comment: 'Not this time.' } : {}),
        ...(onBehalfOf === undefined ? {} : { on_behalf_of: id(onBehalfOf) }),
      });
      expect(answer.status, `${where}: ${voter} for ${onBehalfOf ?? '-'} on ${request.id}: ${answer.body.message}`).toBe(expected.status);
      tally(`vote ${expected.status}${expected.status === 200 ? (expected.own ? ' own' : ' stand-in') : ''}`);
      if (expected.status !== 200) continue;
      const stored = await db
        .selectFrom('request_votes')
        .select(['approver_id', 'cast_by', 'level'])
        .where('request_id', '=', request.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const seat = expected.seats.find((candidate) => id(candidate.approver) === stored.approver_id);
      expect(seat, `${where}: the vote went to ${byId.get(stored.approver_id)}`).toBeDefined();
      expect(stored.level).toBe(request.level);
      expect(stored.cast_by, where).toBe(expected.own ? null : id(voter));
      applyVote(request, seat!, voter, !command.deny);
      expect(answer.body.status, where).toBe(request.status);
    }
  }

  await checkStoredVotes(model);
  await checkViews(model);
};

/** The invariants, read from the tables and not from the model's bookkeeping. */
const checkStoredVotes = async (model: Model) => {
  if (model.requests.length === 0) return;
  const db = server.database.db;
  const ids = model.requests.map((request) => request.id);
  const [votes, seats, requests, delegations] = await Promise.all([
    db.selectFrom('request_votes').select(['request_id', 'approver_id', 'cast_by', 'level', 'status', 'created_at']).where('request_id', 'in', ids).execute(),
    db.selectFrom('request_approvers').select(['request_id', 'approver_id', 'level', 'has_voted', 'approved', 'voted_by']).where('request_id', 'in', ids).execute(),
    db.selectFrom('form_requests').select(['id', 'requester_id', 'status', 'current_level', 'initial_approval_needed_count', 'executive_approval_needed_count']).where('id', 'in', ids).execute(),
    db.selectFrom('delegations').select(['approver_id', 'delegate_id', 'starts_on', 'ends_on', 'revoked_at']).execute(),
  ]);
  const countBy = (keys: string[]) => keys.reduce((counts, key) => counts.set(key, (counts.get(key) ?? 0) + 1), new Map<string, number>());
  const twice = (keys: string[]) => [...countBy(keys)].filter(([, count]) => count > 1).map(([key]) => key);

  // No seat counted twice, and nobody voting twice on one level of one request.
  expect(twice(votes.map((v) => `${v.request_id}/${v.level}/seat ${v.approver_id}`))).toEqual([]);
  expect(twice(votes.map((v) => `${v.request_id}/${v.level}/by ${v.cast_by ?? v.approver_id}`))).toEqual([]);

  for (const request of requests) {
    const mine = votes.filter((v) => v.request_id === request.id);
    const seatsOf = seats.filter((seat) => seat.request_id === request.id);
    // The seats say what the votes say.
    const voted = seatsOf.filter((seat) => Boolean(seat.has_voted));
    expect(voted.map((seat) => [seat.approver_id, seat.level, Boolean(seat.approved), seat.voted_by]).sort()).toEqual(
      mine.map((v) => [v.approver_id, v.level, v.status === 'approved', v.cast_by]).sort(),
    );
    for (const vote of mine) {
      const voter = vote.cast_by ?? vote.approver_id;
      expect(voter, `request ${request.id}: a vote by its requester`).not.toBe(request.requester_id);
      expect(seatsOf.some((seat) => seat.approver_id === vote.approver_id && seat.level === vote.level)).toBe(true);
      if (vote.cast_by === null) continue;
      // A stand-in: covered by a delegation from that approver on the day of the vote, not
      // ended before it, and without a seat of their own on that level.
      const day = manilaToday(vote.created_at);
      const covering = delegations.filter(
        (d) => d.approver_id === vote.approver_id && d.delegate_id === vote.cast_by && d.starts_on <= day && day <= d.ends_on && (d.revoked_at === null || d.revoked_at >= vote.created_at),
      );
      expect(covering.length, `request ${request.id}: vote for ${vote.approver_id} by ${vote.cast_by} without a delegation`).toBeGreaterThan(0);
      expect(seatsOf.some((seat) => seat.approver_id === vote.cast_by && seat.level === vote.level)).toBe(false);
    }
    // The status follows from the counts.
    const approvals = (level: number) => mine.filter((v) => v.level === level && v.status === 'approved').length;
    const needed1 = request.initial_approval_needed_count;
    const needed2 = request.executive_approval_needed_count;
    const expected = mine.some((v) => v.status === 'denied')
      ? { status: 'denied', current_level: mine.find((v) => v.status === 'denied')!.level }
      : approvals(1) < needed1
        ? { status: 'pending', current_level: 1 }
        : needed2 === 0
          ? { status: 'approved', current_level: 1 }
          : approvals(2) < needed2
            ? { status: 'pending', current_level: 2 }
            : { status: 'approved', current_level: 2 };
    expect({ status: request.status, current_level: request.current_level }, `request ${request.id}`).toEqual(expected);
    // Never more approvals on a level than it needed, and nothing after a denial.
    expect(approvals(1)).toBeLessThanOrEqual(needed1);
    expect(approvals(2)).toBeLessThanOrEqual(needed2);
    expect(mine.filter((v) => v.status === 'denied').length).toBeLessThanOrEqual(1);

    const modelled = model.requests.find((r) => r.id === request.id)!;
    expect({ status: request.status, current_level: request.current_level }).toEqual({ status: modelled.status, current_level: modelled.level });
  }
};

/** What each person is shown: the detail (or 404), can_vote, whose seat, their pending list. */
const checkViews = async (model: Model) => {
  if (model.requests.length === 0) return;
  const today = manilaToday();
  for (const user of PEOPLE) {
    const principals = principalsOf(model, user, today);
    const mayList = WITH_APPROVAL_PAGE.has(user) || principals.size > 0;
    const permissions = await kit.call<{ permissions: { approval_page: boolean } }>(user, 'GET', '/api/v1/forms/me/permissions');
    expect(permissions.body.permissions.approval_page, `${user}'s approval page`).toBe(mayList);
    const list = await kit.awaiting(user);
    expect(list.status, `${user}'s list`).toBe(mayList ? 200 : 403);
    for (const request of model.requests) {
      const expected = expectedVote(model, user, request, today);
      const where = `${user} on request ${request.id}`;
      if (mayList) expect(list.body.requests.some((r) => r.id === request.id), `${where}: listed`).toBe(expected.status === 200);
      const detail = await kit.detail(user, 'offsetting', request.id);
      expect(detail.status, where).toBe(canSee(model, user, request, today) ? 200 : 404);
      if (detail.status !== 200) continue;
      expect(detail.body.request.can_vote, `${where}: can_vote`).toBe(expected.status === 200);
      const behalf = detail.body.request.votes_on_behalf_of;
      if (expected.status === 200 && !expected.own) expect(expected.seats.map((seat) => kit.ids[seat.approver])).toContain(behalf?.id);
      else expect(behalf, `${where}: votes_on_behalf_of`).toBeNull();
    }
  }
};

describe('stand-ins and votes, against a model', () => {
  it('no seat counts twice, every vote is by someone entitled, and every answer agrees with the model', async () => {
    // MODEL_RUNS and MODEL_SEED (printed with a failure) repeat or widen a search.
    const numRuns = Number(process.env['MODEL_RUNS'] ?? 40);
    const seed = process.env['MODEL_SEED'] === undefined ? undefined : Number(process.env['MODEL_SEED']);
    await fc.assert(fc.asyncProperty(scenario, run), { numRuns, ...(seed === undefined ? {} : { seed }) });
    if (process.env['MODEL_STATS']) console.info(Object.fromEntries([...tallies].sort()));
    // The runs reached what they are for: votes in own seats and as a stand-in, and refusals.
    if (numRuns >= 30) {
      for (const outcome of ['vote 200 own', 'vote 200 stand-in', 'vote 403', 'vote 404', 'vote 409', 'delegate 201', 'delegate 409']) {
        expect(tallies.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
      }
    }
  }, 180_000);
});
