import { describe, expect, it } from 'vitest';
import { TEXT } from '../texts.js';
import { refusal, type Verdict } from './refusal.js';
import {
  canFileForm,
  canSeeApprovalLists,
  canSeeRequest,
  canVote,
  REQUEST_REFUSALS,
  type ApproverSeat,
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
});
