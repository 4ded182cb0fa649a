/**
 * Who may see, file and decide requests (001 §4, §6), written once for the server's
 * services and the web's controls. A seat is one approver's place on a request at one level,
 * copied onto the request when it was filed.
 */
import { TEXT } from '../texts.js';
import { refusal, type Verdict } from './refusal.js';

export interface RequestFacts {
  status: 'pending' | 'approved' | 'denied' | (string & {});
  current_level: number;
  requester_id: number;
}

export interface ApproverSeat {
  approver_id: number;
  level: number;
  has_voted: boolean;
}

export interface FormAccess {
  add_page: boolean;
  view_page: boolean;
  open_page: boolean;
}

export const REQUEST_REFUSALS = {
  notFound: 'That request does not exist or is not yours to see.',
  ownRequest: 'You cannot approve or deny your own request.',
  alreadyVoted: 'You have already voted on this request.',
  notYet: 'This request is not waiting for your approval yet.',
} as const;

const LEVEL_NAMES: Record<number, string> = { 1: '1st', 2: '2nd' };
const levelName = (level: number) => LEVEL_NAMES[level] ?? String(level);

const seatsOf = (userId: number, seats: readonly ApproverSeat[]) => seats.filter((seat) => seat.approver_id === userId);

/** The requester and the request's approvers see it; to anyone else it does not exist. */
export const canSeeRequest = (userId: number, request: RequestFacts, seats: readonly ApproverSeat[]): Verdict =>
  request.requester_id === userId || seatsOf(userId, seats).length > 0 ? null : refusal('not-found', REQUEST_REFUSALS.notFound);

/**
 * Approve or deny (001 §4): an approver of the level the request is at, who has not voted
 * there, while the request is pending, and never on their own request. The refusal names
 * what happened: the request was decided, the caller's level was decided, they voted, or
 * their level has not come yet.
 */
export const canVote = (userId: number, request: RequestFacts, seats: readonly ApproverSeat[]): Verdict => {
  if (request.requester_id === userId) return refusal('forbidden', REQUEST_REFUSALS.ownRequest);
  const mine = seatsOf(userId, seats);
  if (mine.length === 0) return refusal('not-found', REQUEST_REFUSALS.notFound);
  if (request.status !== 'pending') return refusal('conflict', `This request has already been ${request.status}.`);
  const due = mine.find((seat) => seat.level === request.current_level);
  if (due) return due.has_voted ? refusal('conflict', REQUEST_REFUSALS.alreadyVoted) : null;
  const passed = mine.find((seat) => seat.level < request.current_level && !seat.has_voted);
  if (passed) return refusal('conflict', `The ${levelName(passed.level)} level of this request has already been decided.`);
  return refusal('conflict', mine.some((seat) => seat.has_voted) ? REQUEST_REFUSALS.alreadyVoted : REQUEST_REFUSALS.notYet);
};

/** Opening a form to file it needs all three page permissions (001 §5, §6). */
export const canFileForm = (access: FormAccess | undefined): Verdict =>
  access?.add_page && access.view_page && access.open_page ? null : refusal('forbidden', TEXT.permissionDenied);

/** The approval lists (My Pending Approvals, Requests History) need approval_page (001 §6). */
export const canSeeApprovalLists = (user: { approval_page: boolean }): Verdict =>
  user.approval_page ? null : refusal('forbidden', TEXT.permissionDenied);
