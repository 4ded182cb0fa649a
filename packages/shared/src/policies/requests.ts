/**
 * Who may see, file and decide requests (001 §4, §6), and what makes a sound approval
 * chain, written once for the server's services and the web's controls. A seat is one
 * approver's place on a request at one level, copied onto the request when it was filed; a
 * delegation lets a stand-in use an approver's seat for a range of days.
 */
import { formatPesos, pesosToCentavos } from '../format.js';
import { TEXT } from '../texts.js';
import { isRefusal, refusal, type Refusal, type Verdict } from './refusal.js';

export interface RequestFacts {
  status: 'pending' | 'approved' | 'denied' | 'withdrawn' | (string & {});
  current_level: number;
  requester_id: number;
}

export interface ApproverSeat {
  approver_id: number;
  level: number;
  has_voted: boolean;
  /** The stand-in who voted in this seat, if one did. */
  voted_by?: number | null;
}

/** A stand-in for an approver over inclusive days ('YYYY-MM-DD' in the company's time zone). */
export interface Delegation {
  approver_id: number;
  delegate_id: number;
  starts_on: string;
  ends_on: string;
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
  notYours: 'Only the person who filed a request can withdraw it.',
  notPending: 'Only a pending request can be withdrawn.',
  copyOfDenied: 'Only a denied request of yours can be filed again as a corrected copy.',
  principalsVoted: 'The approvers you stand in for have already voted on this request.',
  notTheirStandIn: 'You do not stand in for that approver on this level of the request.',
} as const;

const LEVEL_NAMES: Record<number, string> = { 1: '1st', 2: '2nd' };
const levelName = (level: number) => LEVEL_NAMES[level] ?? String(level);

/** The delegations a person has received, and today's date: whose seats they may use now. */
export interface StandIns {
  delegations: readonly Delegation[];
  today: string;
}
const NO_STAND_INS: StandIns = { delegations: [], today: '' };

export const isDelegationActive = (delegation: Delegation, today: string): boolean =>
  delegation.starts_on <= today && today <= delegation.ends_on;

/** The approvers whose seats this person may use today as their stand-in. */
const principalsOf = (userId: number, { delegations, today }: StandIns): Set<number> =>
  new Set(
    delegations
      .filter((delegation) => delegation.delegate_id === userId && delegation.approver_id !== userId && isDelegationActive(delegation, today))
      .map((delegation) => delegation.approver_id),
  );

/**
 * The requester, the request's approvers, a stand-in who voted on it and the approvers'
 * stand-ins of today see it; to anyone else it does not exist.
 */
export const canSeeRequest = (
  userId: number,
  request: RequestFacts,
  seats: readonly ApproverSeat[],
  standIns: StandIns = NO_STAND_INS,
): Verdict => {
  if (request.requester_id === userId || seats.some((seat) => seat.approver_id === userId || seat.voted_by === userId)) return null;
  const principals = principalsOf(userId, standIns);
  return seats.some((seat) => principals.has(seat.approver_id)) ? null : refusal('not-found', REQUEST_REFUSALS.notFound);
};

/** The seat a vote goes into: the caller's own, or an approver's they stand in for. */
export interface VotingSeat {
  seat: ApproverSeat;
  /** The approver the caller votes for as a stand-in; null for their own seat. */
  onBehalfOf: number | null;
}

/**
 * Where the caller's vote goes (001 §4), or why it cannot be cast: an approver of the level
 * the request is at who has not voted there, or a stand-in of one, while the request is
 * pending, and never on one's own request. Everyone casts one vote per level: a stand-in who
 * has a seat of their own on that level votes only in it, and one who stands in for two
 * approvers there votes for one of them. `onBehalfOf` picks which, when it matters.
 */
export const votingSeat = (
  userId: number,
  request: RequestFacts,
  seats: readonly ApproverSeat[],
  standIns: StandIns = NO_STAND_INS,
  onBehalfOf: number | null = null,
): VotingSeat | Refusal => {
  if (request.requester_id === userId) return refusal('forbidden', REQUEST_REFUSALS.ownRequest);
  const mine = seats.filter((seat) => seat.approver_id === userId);
  const principals = principalsOf(userId, standIns);
  const theirs = seats.filter((seat) => principals.has(seat.approver_id));
  if (mine.length === 0 && theirs.length === 0) return refusal('not-found', REQUEST_REFUSALS.notFound);
  if (request.status !== 'pending') return refusal('conflict', `This request has already been ${request.status}.`);
  const level = request.current_level;
  const own = mine.find((seat) => seat.level === level);
  if (own) return own.has_voted ? refusal('conflict', REQUEST_REFUSALS.alreadyVoted) : { seat: own, onBehalfOf: null };
  // Any seat of the level, not only those of today's principals: a stand-in whose delegation
  // ended after they voted has still had their one vote there.
  if (seats.some((seat) => seat.level === level && seat.voted_by === userId)) return refusal('conflict', REQUEST_REFUSALS.alreadyVoted);
  const atLevel = theirs.filter((seat) => seat.level === level);
  const open = atLevel.filter((seat) => !seat.has_voted && (onBehalfOf === null || seat.approver_id === onBehalfOf));
  const [first] = [...open].sort((a, b) => a.approver_id - b.approver_id);
  if (first) return { seat: first, onBehalfOf: first.approver_id };
  if (onBehalfOf !== null && atLevel.length > 0 && !atLevel.some((seat) => seat.approver_id === onBehalfOf)) {
    return refusal('forbidden', REQUEST_REFUSALS.notTheirStandIn);
  }
  if (atLevel.length > 0) return refusal('conflict', REQUEST_REFUSALS.principalsVoted);
  const passed = [...mine, ...theirs].find((seat) => seat.level < level && !seat.has_voted);
  if (passed) return refusal('conflict', `The ${levelName(passed.level)} level of this request has already been decided.`);
  return refusal('conflict', mine.some((seat) => seat.has_voted) ? REQUEST_REFUSALS.alreadyVoted : REQUEST_REFUSALS.notYet);
};

/** Whether the caller may approve or deny now (see votingSeat). */
export const canVote = (...args: Parameters<typeof votingSeat>): Verdict => {
  const outcome = votingSeat(...args);
  return isRefusal(outcome) ? outcome : null;
};

/** The requester may take back a request while nobody has finished deciding it. */
export const canWithdraw = (userId: number, request: RequestFacts): Verdict => {
  if (request.requester_id !== userId) return refusal('forbidden', REQUEST_REFUSALS.notYours);
  return request.status === 'pending' ? null : refusal('conflict', REQUEST_REFUSALS.notPending);
};

/** A corrected copy is filed from one's own denied request. */
export const canFileCorrectedCopy = (userId: number, request: RequestFacts): Verdict =>
  request.requester_id === userId && request.status === 'denied' ? null : refusal('invalid', REQUEST_REFUSALS.copyOfDenied);

/** Opening a form to file it needs all three page permissions (001 §5, §6). */
export const canFileForm = (access: FormAccess | undefined): Verdict =>
  access?.add_page && access.view_page && access.open_page ? null : refusal('forbidden', TEXT.permissionDenied);

/**
 * The approval lists (My Pending Approvals, Requests History) need approval_page (001 §6),
 * or standing in for an approver today.
 */
export const canSeeApprovalLists = (user: { approval_page: boolean }, standsInToday = false): Verdict =>
  user.approval_page || standsInToday ? null : refusal('forbidden', TEXT.permissionDenied);

// ---------------------------------------------------------------- approval chains

export interface ChainLevel {
  approver_ids: readonly number[];
  needed: number;
}

/** One band of a form's chain: requests whose total (pesos) is within it go to its approvers. */
export interface ChainBand {
  min_amount: number;
  /** null: no upper bound. */
  max_amount: number | null;
  level_1: ChainLevel;
  /** No approvers and needed 0: the band has no second level. */
  level_2: ChainLevel;
}

const bandName = (band: ChainBand, bandCount: number): string => {
  if (bandCount === 1) return '';
  const upper = band.max_amount === null ? 'and above' : `to ${formatPesos(band.max_amount)}`;
  return ` of the band ${formatPesos(band.min_amount)} ${upper}`;
};

const levelProblem = (level: ChainLevel, number: 1 | 2, where: string): string | null => {
  const name = `The ${levelName(number)} level${where}`;
  if (new Set(level.approver_ids).size !== level.approver_ids.length) return `${name} lists an approver twice.`;
  const count = level.approver_ids.length;
  if (number === 1 && count === 0) return `${name} needs at least one approver.`;
  if (number === 2 && count === 0) return level.needed === 0 ? null : `${name} needs ${level.needed} approvals but has no approvers.`;
  if (level.needed < 1) return `${name} has approvers: say how many of them must approve (at least 1).`;
  if (level.needed > count) {
    return `${name} needs ${level.needed} approvals but has only ${count} approver${count === 1 ? '' : 's'}.`;
  }
  return null;
};

/**
 * Whether a chain can be saved (issue: administration §5): every amount falls in exactly one
 * band (the first starts at ₱0.00, each next one a centavo after the last, the last open-
 * ended), forms without amounts have one band, and every level can reach its count.
 */
export const chainProblem = (bands: readonly ChainBand[], { hasAmounts }: { hasAmounts: boolean }): Verdict => {
  const invalid = (message: string) => refusal('invalid', message);
  if (bands.length === 0) return invalid('A form needs at least one band of approvers.');
  if (!hasAmounts && (bands.length > 1 || bands[0]!.min_amount !== 0 || bands[0]!.max_amount !== null)) {
    return invalid('This form has no amounts: its chain has one band, from ₱0.00 with no upper limit.');
  }
  if (bands[0]!.min_amount !== 0) return invalid('The first band must start at ₱0.00.');
  for (const [index, band] of bands.entries()) {
    const isLast = index === bands.length - 1;
    if (band.max_amount === null && !isLast) return invalid('Only the last band may have no upper limit.');
    if (band.max_amount !== null && isLast) {
      return invalid(`Amounts above ${formatPesos(band.max_amount)} have no band: the last band must have no upper limit.`);
    }
    if (band.max_amount !== null && band.max_amount < band.min_amount) {
      return invalid(`The band from ${formatPesos(band.min_amount)} ends below where it starts.`);
    }
    const next = bands[index + 1];
    if (next && band.max_amount !== null) {
      const expected = pesosToCentavos(band.max_amount) + 1;
      const start = pesosToCentavos(next.min_amount);
      if (start < expected) return invalid(`The bands up to ${formatPesos(band.max_amount)} and from ${formatPesos(next.min_amount)} overlap.`);
      if (start > expected) return invalid(`Amounts between ${formatPesos(band.max_amount)} and ${formatPesos(next.min_amount)} have no band.`);
    }
    const where = bandName(band, bands.length);
    const problem = levelProblem(band.level_1, 1, where) ?? levelProblem(band.level_2, 2, where);
    if (problem) return invalid(problem);
  }
  return null;
};

/**
 * A request is filed only if its chain can be completed without its requester, who never
 * approves their own request (their seats are left out when the chain is copied).
 */
export const canBeApprovedWithout = (
  requesterId: number,
  band: { initialNeeded: number; executiveNeeded: number; level1: readonly number[]; level2: readonly number[] },
): Verdict => {
  const levels: [1 | 2, readonly number[], number][] = [
    [1, band.level1, band.initialNeeded],
    [2, band.level2, band.executiveNeeded],
  ];
  for (const [number, approvers, needed] of levels) {
    const others = approvers.filter((id) => id !== requesterId).length;
    if (others < needed) {
      return refusal(
        'invalid',
        `This request cannot be approved: its ${levelName(number)} level needs ${needed} approval${needed === 1 ? '' : 's'} and has ${others} approver${others === 1 ? '' : 's'} besides you. Please ask an administrator to change the form's approval chain.`,
      );
    }
  }
  return null;
};

// ---------------------------------------------------------------- delegation

export const DELEGATION_REFUSALS = {
  notYours: 'You can name a stand-in only for yourself.',
  self: 'A stand-in must be someone else.',
  order: 'The last day must be on or after the first day.',
  past: 'A delegation cannot end in the past.',
  overlap: 'This approver already has a stand-in on some of those days.',
  inactive: 'That person is not an active user.',
} as const;

/**
 * Naming a stand-in: an approver for themselves, or an administrator for anyone; someone
 * else, active, for days that have not all passed, and at most one stand-in a day.
 */
export const canDelegate = (
  actor: { id: number; isAdmin: boolean },
  wanted: Delegation,
  facts: { delegateIsActive: boolean; today: string; existing: readonly Delegation[] },
): Verdict => {
  if (wanted.approver_id !== actor.id && !actor.isAdmin) return refusal('forbidden', DELEGATION_REFUSALS.notYours);
  if (wanted.delegate_id === wanted.approver_id) return refusal('invalid', DELEGATION_REFUSALS.self);
  if (!facts.delegateIsActive) return refusal('invalid', DELEGATION_REFUSALS.inactive);
  if (wanted.ends_on < wanted.starts_on) return refusal('invalid', DELEGATION_REFUSALS.order);
  if (wanted.ends_on < facts.today) return refusal('invalid', DELEGATION_REFUSALS.past);
  const overlaps = facts.existing.some(
    (other) => other.approver_id === wanted.approver_id && other.starts_on <= wanted.ends_on && wanted.starts_on <= other.ends_on,
  );
  return overlaps ? refusal('conflict', DELEGATION_REFUSALS.overlap) : null;
};
