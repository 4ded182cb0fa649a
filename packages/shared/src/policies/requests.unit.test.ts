import { describe, expect, it } from 'vitest';
import { TEXT } from '../texts.js';
import { refusal, type Verdict } from './refusal.js';
import {
  canBeApprovedWithout,
  canDelegate,
  canFileCorrectedCopy,
  canFileForm,
  canSeeApprovalLists,
  canSeeRequest,
  canVote,
  canWithdraw,
  chainProblem,
  DELEGATION_REFUSALS,
  isDelegationActive,
  REQUEST_REFUSALS,
  votingSeat,
  type ApproverSeat,
  type ChainBand,
  type ChainLevel,
  type Delegation,
  type FormAccess,
  type RequestFacts,
} from './requests.js';

const REQUESTER = 1;
const ANA = 2;
const JOSE = 3;
const CARMEN = 4;
const OUTSIDER = 9;

const request = (facts: Partial<RequestFacts> = {}): RequestFacts => ({ status: 'pending', current_level: 1, requester_id: REQUESTER, ...facts });
const seat = (approver_id: number, level: number, has_voted = false): ApproverSeat => ({ approver_id, level, has_voted });
const seats = [seat(ANA, 1), seat(JOSE, 1), seat(CARMEN, 2)];
const conflict = (message: string): Verdict => ({ kind: 'conflict', message });

describe('requests policy', () => {
  it.each<[string, number, RequestFacts, ApproverSeat[], Verdict]>([
    ['a level-1 approver at level 1', ANA, request(), seats, null],
    ['a level-2 approver at level 2', CARMEN, request({ current_level: 2 }), [seat(ANA, 1, true), seat(JOSE, 1), seat(CARMEN, 2)], null],
    ['an approver on both levels, at level 2 after voting at 1', ANA, request({ current_level: 2 }), [seat(ANA, 1, true), seat(ANA, 2)], null],
    ['the requester, even when listed as an approver', REQUESTER, request(), [...seats, seat(REQUESTER, 1)], refusal('forbidden', REQUEST_REFUSALS.ownRequest)],
    ['someone with no seat', OUTSIDER, request(), seats, refusal('not-found', REQUEST_REFUSALS.notFound)],
    ['after the request was approved', CARMEN, request({ status: 'approved', current_level: 2 }), seats, conflict('This request has already been approved.')],
    ['after the request was denied', ANA, request({ status: 'denied' }), seats, conflict('This request has already been denied.')],
    ['a second vote on the same level', ANA, request(), [seat(ANA, 1, true), seat(JOSE, 1)], conflict(REQUEST_REFUSALS.alreadyVoted)],
    ['a level-1 approver once level 1 was decided', JOSE, request({ current_level: 2 }), [seat(ANA, 1, true), seat(JOSE, 1), seat(CARMEN, 2)], conflict('The 1st level of this request has already been decided.')],
    ['a level-1 approver who voted, after level 1', ANA, request({ current_level: 2 }), [seat(ANA, 1, true), seat(CARMEN, 2)], conflict(REQUEST_REFUSALS.alreadyVoted)],
    ['a level-2 approver before level 2', CARMEN, request(), seats, conflict(REQUEST_REFUSALS.notYet)],
    ['a seat on a level past the named ones', ANA, request({ current_level: 4 }), [seat(ANA, 3)], conflict('The 3 level of this request has already been decided.')],
  ])('canVote: %s', (_case, who, facts, places, verdict) => {
    expect(canVote(who, facts, places)).toEqual(verdict);
  });

  it.each<[string, number, Verdict]>([
    ['the requester', REQUESTER, null],
    ['an approver of either level', CARMEN, null],
    ['anyone else', OUTSIDER, refusal('not-found', REQUEST_REFUSALS.notFound)],
  ])('canSeeRequest: %s', (_case, who, verdict) => {
    expect(canSeeRequest(who, request(), seats)).toEqual(verdict);
  });

  const denied = refusal('forbidden', TEXT.permissionDenied);
  it.each<[string, FormAccess | undefined, Verdict]>([
    ['all three pages', { add_page: true, view_page: true, open_page: true }, null],
    ['no add_page', { add_page: false, view_page: true, open_page: true }, denied],
    ['no view_page', { add_page: true, view_page: false, open_page: true }, denied],
    ['no open_page', { add_page: true, view_page: true, open_page: false }, denied],
    ['no grant at all', undefined, denied],
  ])('canFileForm: %s', (_case, access, verdict) => {
    expect(canFileForm(access)).toEqual(verdict);
  });

  it.each<[boolean, Verdict]>([
    [true, null],
    [false, denied],
  ])('canSeeApprovalLists with approval_page %s', (approvalPage, verdict) => {
    expect(canSeeApprovalLists({ approval_page: approvalPage })).toEqual(verdict);
  });

  it('canSeeApprovalLists: a stand-in of today sees them without approval_page', () => {
    expect(canSeeApprovalLists({ approval_page: false }, true)).toBeNull();
  });
});

const TODAY = '2026-11-25';
/** A delegation from approver to stand-in, by default from yesterday to tomorrow. */
const delegation = (approver_id: number, delegate_id: number, starts_on = '2026-11-24', ends_on = '2026-11-26'): Delegation => ({
  approver_id,
  delegate_id,
  starts_on,
  ends_on,
});

describe('requests policy: stand-ins', () => {
  const STANDIN = 7;

  it.each<[string, number, RequestFacts, ApproverSeat[], Delegation[], ReturnType<typeof votingSeat>]>([
    ['a stand-in votes in the approver’s seat', STANDIN, request(), seats, [delegation(ANA, STANDIN)], { seat: seat(ANA, 1), onBehalfOf: ANA }],
    ['not before the delegation starts', STANDIN, request(), seats, [delegation(ANA, STANDIN, '2026-11-26')], refusal('not-found', REQUEST_REFUSALS.notFound)],
    ['not after it ends', STANDIN, request(), seats, [delegation(ANA, STANDIN, '2026-11-20', '2026-11-24')], refusal('not-found', REQUEST_REFUSALS.notFound)],
    ['a stand-in who is the requester may not', REQUESTER, request(), seats, [delegation(ANA, REQUESTER)], refusal('forbidden', REQUEST_REFUSALS.ownRequest)],
    ['a stand-in with an own seat on the level votes only as themselves', JOSE, request(), seats, [delegation(ANA, JOSE)], { seat: seat(JOSE, 1), onBehalfOf: null }],
    ['…and not again for the approver once they voted', JOSE, request(), [seat(ANA, 1), seat(JOSE, 1, true)], [delegation(ANA, JOSE)], refusal('conflict', REQUEST_REFUSALS.alreadyVoted)],
    ['a stand-in for two approvers of a level votes once, for the first', STANDIN, request(), seats, [delegation(JOSE, STANDIN), delegation(ANA, STANDIN)], { seat: seat(ANA, 1), onBehalfOf: ANA }],
    ['…and once only', STANDIN, request(), [{ ...seat(ANA, 1, true), voted_by: STANDIN }, seat(JOSE, 1), seat(CARMEN, 2)], [delegation(JOSE, STANDIN), delegation(ANA, STANDIN)], refusal('conflict', REQUEST_REFUSALS.alreadyVoted)],
    ['…nor for another approver once the first stand-in has ended', STANDIN, request(), [{ ...seat(ANA, 1, true), voted_by: STANDIN }, seat(JOSE, 1), seat(CARMEN, 2)], [delegation(JOSE, STANDIN)], refusal('conflict', REQUEST_REFUSALS.alreadyVoted)],
    ['not when the approver voted already', STANDIN, request(), [seat(ANA, 1, true), seat(JOSE, 1), seat(CARMEN, 2)], [delegation(ANA, STANDIN)], refusal('conflict', REQUEST_REFUSALS.principalsVoted)],
    ['a stand-in for a level-2 approver waits for level 2', STANDIN, request(), seats, [delegation(CARMEN, STANDIN)], refusal('conflict', REQUEST_REFUSALS.notYet)],
    ['a stand-in after the level was decided', STANDIN, request({ current_level: 2 }), [seat(ANA, 1, true), seat(JOSE, 1), seat(CARMEN, 2)], [delegation(JOSE, STANDIN)], refusal('conflict', 'The 1st level of this request has already been decided.')],
    ['a delegation to oneself gives nothing', ANA, request({ current_level: 2 }), [seat(ANA, 1, true), seat(CARMEN, 2)], [delegation(ANA, ANA)], refusal('conflict', REQUEST_REFUSALS.alreadyVoted)],
  ])('votingSeat: %s', (_case, who, facts, places, delegations, outcome) => {
    expect(votingSeat(who, facts, places, { delegations, today: TODAY })).toEqual(outcome);
  });

  it('lets a stand-in for two approvers say which one they vote for', () => {
    expect(votingSeat(STANDIN, request(), seats, { delegations: [delegation(JOSE, STANDIN), delegation(ANA, STANDIN)], today: TODAY }, JOSE)).toEqual({
      seat: seat(JOSE, 1),
      onBehalfOf: JOSE,
    });
    expect(canVote(STANDIN, request(), seats, { delegations: [delegation(ANA, STANDIN)], today: TODAY })).toBeNull();
  });

  it('refuses a vote for an approver the caller does not stand in for, and says whose seats are taken otherwise', () => {
    expect(votingSeat(STANDIN, request(), seats, { delegations: [delegation(ANA, STANDIN)], today: TODAY }, JOSE)).toEqual(
      refusal('forbidden', REQUEST_REFUSALS.notTheirStandIn),
    );
    const anaVoted = [seat(ANA, 1, true), seat(JOSE, 1), seat(CARMEN, 2)];
    expect(votingSeat(STANDIN, request(), anaVoted, { delegations: [delegation(ANA, STANDIN)], today: TODAY }, ANA)).toEqual(
      refusal('conflict', REQUEST_REFUSALS.principalsVoted),
    );
  });

  it('shows a request to the stand-in of one of its approvers, today only', () => {
    expect(canSeeRequest(STANDIN, request(), seats, { delegations: [delegation(CARMEN, STANDIN)], today: TODAY })).toBeNull();
    expect(canSeeRequest(STANDIN, request(), seats, { delegations: [delegation(CARMEN, STANDIN, '2026-12-01', '2026-12-02')], today: TODAY })).toEqual(
      refusal('not-found', REQUEST_REFUSALS.notFound),
    );
    expect(isDelegationActive(delegation(ANA, STANDIN), TODAY)).toBe(true);
  });

  it('a stand-in who voted keeps seeing the request after the delegation ends', () => {
    const voted = seats.map((seat) => (seat.approver_id === CARMEN ? { ...seat, has_voted: true, voted_by: STANDIN } : seat));
    expect(canSeeRequest(STANDIN, request(), voted)).toBeNull();
  });
});

describe('requests policy: the requester', () => {
  it.each<[string, number, RequestFacts, Verdict]>([
    ['withdraws a pending request', REQUESTER, request(), null],
    ['not someone else’s', ANA, request(), refusal('forbidden', REQUEST_REFUSALS.notYours)],
    ['not a decided one', REQUESTER, request({ status: 'approved' }), refusal('conflict', REQUEST_REFUSALS.notPending)],
  ])('canWithdraw: %s', (_case, who, facts, verdict) => {
    expect(canWithdraw(who, facts)).toEqual(verdict);
  });

  it.each<[string, number, RequestFacts, Verdict]>([
    ['copies their own denied request', REQUESTER, request({ status: 'denied' }), null],
    ['not a pending one', REQUESTER, request(), refusal('invalid', REQUEST_REFUSALS.copyOfDenied)],
    ['not someone else’s', ANA, request({ status: 'denied' }), refusal('invalid', REQUEST_REFUSALS.copyOfDenied)],
  ])('canFileCorrectedCopy: %s', (_case, who, facts, verdict) => {
    expect(canFileCorrectedCopy(who, facts)).toEqual(verdict);
  });

  const band = (level1: number[], initialNeeded: number, level2: number[] = [], executiveNeeded = 0) => ({ level1, initialNeeded, level2, executiveNeeded });
  it.each<[string, ReturnType<typeof band>, Verdict]>([
    ['others enough on both levels', band([REQUESTER, ANA], 1, [CARMEN], 1), null],
    ['the requester is the only level-1 approver', band([REQUESTER], 1), refusal('invalid', 'This request cannot be approved: its 1st level needs 1 approval and has 0 approvers besides you. Please ask an administrator to change the form\'s approval chain.')],
    ['level 2 needs two, one is the requester', band([ANA], 1, [REQUESTER, CARMEN], 2), refusal('invalid', 'This request cannot be approved: its 2nd level needs 2 approvals and has 1 approver besides you. Please ask an administrator to change the form\'s approval chain.')],
  ])('canBeApprovedWithout: %s', (_case, facts, verdict) => {
    expect(canBeApprovedWithout(REQUESTER, facts)).toEqual(verdict);
  });
});

describe('requests policy: approval chains', () => {
  const level = (approver_ids: number[], needed: number): ChainLevel => ({ approver_ids, needed });
  const band = (min_amount: number, max_amount: number | null, level_1 = level([ANA, JOSE], 1), level_2 = level([], 0)): ChainBand => ({
    min_amount,
    max_amount,
    level_1,
    level_2,
  });
  const invalid = (message: string) => refusal('invalid', message);

  it.each<[string, ChainBand[], boolean, Verdict]>([
    ['one open band', [band(0, null)], false, null],
    ['two bands, level 2 above ₱50,000', [band(0, 50_000), band(50_000.01, null, level([ANA, JOSE], 1), level([CARMEN, 8, 9], 2))], true, null],
    ['no band at all', [], true, invalid('A form needs at least one band of approvers.')],
    ['bands on a form without amounts', [band(0, 100), band(100.01, null)], false, invalid('This form has no amounts: its chain has one band, from ₱0.00 with no upper limit.')],
    ['a first band above zero', [band(1, null)], true, invalid('The first band must start at ₱0.00.')],
    ['an open band before the last', [band(0, null), band(10, null)], true, invalid('Only the last band may have no upper limit.')],
    ['a closed last band', [band(0, 100)], true, invalid('Amounts above ₱100.00 have no band: the last band must have no upper limit.')],
    ['a band ending below its start', [band(0, 100), band(100.01, 50), band(50.01, null)], true, invalid('The band from ₱100.01 ends below where it starts.')],
    ['overlapping bands', [band(0, 50_000), band(40_000, null)], true, invalid('The bands up to ₱50,000.00 and from ₱40,000.00 overlap.')],
    ['a gap', [band(0, 50_000), band(60_000, null)], true, invalid('Amounts between ₱50,000.00 and ₱60,000.00 have no band.')],
    ['level 1 without approvers', [band(0, null, level([], 1))], false, invalid('The 1st level needs at least one approver.')],
    ['more needed than approvers', [band(0, null, level([ANA, JOSE], 3))], false, invalid('The 1st level needs 3 approvals but has only 2 approvers.')],
    ['a level needing none of its approvers', [band(0, null, level([ANA], 0))], false, invalid('The 1st level has approvers: say how many of them must approve (at least 1).')],
    ['an approver twice', [band(0, null, level([ANA, ANA], 1))], false, invalid('The 1st level lists an approver twice.')],
    ['level 2 counting without approvers', [band(0, null, level([ANA], 1), level([], 1))], false, invalid('The 2nd level needs 1 approvals but has no approvers.')],
    ['level 2 of a named band short of approvers', [band(0, 50_000), band(50_000.01, null, level([ANA], 1), level([CARMEN], 2))], true, invalid('The 2nd level of the band ₱50,000.01 and above needs 2 approvals but has only 1 approver.')],
    ['level 1 of a bounded band', [band(0, 50_000, level([], 1)), band(50_000.01, null)], true, invalid('The 1st level of the band ₱0.00 to ₱50,000.00 needs at least one approver.')],
  ])('chainProblem: %s', (_case, bands, hasAmounts, verdict) => {
    expect(chainProblem(bands, { hasAmounts })).toEqual(verdict);
  });
});

describe('requests policy: naming a stand-in', () => {
  /** A delegation being named, by default from today for a few days. */
  const wanted = (approver_id: number, delegate_id: number, starts_on = TODAY, ends_on = '2026-11-30') => delegation(approver_id, delegate_id, starts_on, ends_on);
  const facts = (overrides: Partial<{ delegateIsActive: boolean; existing: Delegation[] }> = {}) => ({
    delegateIsActive: true,
    today: TODAY,
    existing: [],
    ...overrides,
  });
  it.each<[string, { id: number; isAdmin: boolean }, Delegation, ReturnType<typeof facts>, Verdict]>([
    ['an approver for themselves', { id: ANA, isAdmin: false }, wanted(ANA, JOSE), facts(), null],
    ['an administrator for an approver', { id: 9, isAdmin: true }, wanted(ANA, JOSE), facts(), null],
    ['not for someone else', { id: JOSE, isAdmin: false }, wanted(ANA, JOSE), facts(), refusal('forbidden', DELEGATION_REFUSALS.notYours)],
    ['not to oneself', { id: ANA, isAdmin: false }, wanted(ANA, ANA), facts(), refusal('invalid', DELEGATION_REFUSALS.self)],
    ['not to an inactive person', { id: ANA, isAdmin: false }, wanted(ANA, JOSE), facts({ delegateIsActive: false }), refusal('invalid', DELEGATION_REFUSALS.inactive)],
    ['not ending before it starts', { id: ANA, isAdmin: false }, wanted(ANA, JOSE, '2026-11-30', '2026-11-29'), facts(), refusal('invalid', DELEGATION_REFUSALS.order)],
    ['not wholly in the past', { id: ANA, isAdmin: false }, wanted(ANA, JOSE, '2026-11-01', '2026-11-02'), facts(), refusal('invalid', DELEGATION_REFUSALS.past)],
    ['not overlapping another', { id: ANA, isAdmin: false }, wanted(ANA, JOSE), facts({ existing: [wanted(ANA, CARMEN, '2026-11-28', '2026-12-02')] }), refusal('conflict', DELEGATION_REFUSALS.overlap)],
    ['beside another approver’s', { id: ANA, isAdmin: false }, wanted(ANA, JOSE), facts({ existing: [wanted(CARMEN, JOSE)] }), null],
  ])('canDelegate: %s', (_case, actor, delegation, known, verdict) => {
    expect(canDelegate(actor, delegation, known)).toEqual(verdict);
  });
});
