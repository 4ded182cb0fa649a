import { REQUEST_STATUSES } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import {
  approvalSteps,
  approverStatus,
  correctedCopyPath,
  extraDetails,
  parsePositiveId,
  parseRequestView,
  readableLabel,
  readableValue,
  requestDetailPath,
  safeReturnUrl,
  statusBadge,
  voterName,
} from './requests-lib';

describe('statusBadge', () => {
  it('is Approved when overall_approval_status is true', () => {
    expect(statusBadge({ overall_approval_status: true, status: 'approved' }).label).toBe('Approved');
  });
  it('is Pending while not approved', () => {
    expect(statusBadge({ overall_approval_status: false, status: 'pending' }).label).toBe('Pending');
  });
  it('is Rejected for a denied request, the word of the vote against it (issue 17)', () => {
    expect(statusBadge({ overall_approval_status: false, status: 'denied' })).toEqual({ label: 'Rejected', color: 'error' });
  });
  it('is Withdrawn, in the neutral grey, for a request its requester took back', () => {
    expect(statusBadge({ overall_approval_status: false, status: 'withdrawn' })).toEqual({ label: 'Withdrawn', color: 'neutral' });
  });
  it('gives every status of the contract its own label', () => {
    const labels = REQUEST_STATUSES.map((status) => statusBadge({ overall_approval_status: status === 'approved', status }).label);
    expect(labels).toEqual(['Pending', 'Approved', 'Rejected', 'Withdrawn']);
  });
});

describe('voterName', () => {
  it('is the approver, or the stand-in for the approver', () => {
    expect(voterName('Jose Garcia', null)).toBe('Jose Garcia');
    expect(voterName('Jose Garcia', { display_name: 'Ramon Bautista' })).toBe('Ramon Bautista for Jose Garcia');
  });
});

describe('correctedCopyPath', () => {
  it('opens the form of the denied request with copy_of', () => {
    expect(correctedCopyPath({ form_id: 3, id: 41 })).toBe('/requests?p=new-request&f=3&copy_of=41');
  });
});

describe('approverStatus', () => {
  it('is Pending, Approved or Rejected', () => {
    expect(approverStatus({ approved: false, has_voted: false })).toBe('Pending');
    expect(approverStatus({ approved: true, has_voted: true })).toBe('Approved');
    expect(approverStatus({ approved: false, has_voted: true })).toBe('Rejected');
  });
});

describe('safeReturnUrl', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeReturnUrl('/requests?p=view-requests')).toBe('/requests?p=view-requests');
    expect(safeReturnUrl('/requests?p=view-approval-history&x=%2F%2Fevil')).toBe('/requests?p=view-approval-history&x=%2F%2Fevil');
  });
  it('falls back to / for missing, absolute, protocol-relative and script addresses', () => {
    for (const value of [null, '', 'https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'requests', '/\tx']) {
      expect(safeReturnUrl(value)).toBe('/');
    }
  });
});

describe('views and addresses', () => {
  it('reads p and ids', () => {
    expect(parseRequestView('dashboard')).toBe('dashboard');
    expect(parseRequestView('other')).toBeNull();
    expect(parseRequestView(null)).toBeNull();
    expect(parsePositiveId('12')).toBe(12);
    expect(parsePositiveId('0')).toBeNull();
    expect(parsePositiveId('1e3')).toBeNull();
    expect(parsePositiveId(null)).toBeNull();
  });
  it('builds the detail address with the return page', () => {
    expect(requestDetailPath({ request_type: 'epr', id: 7 }, '/requests?p=view-requests')).toBe(
      '/requests?p=view-request-detail&t=epr&r=7&r_url=%2Frequests%3Fp%3Dview-requests',
    );
  });
  it('turns field keys and values into readable text', () => {
    expect(readableLabel('date_needed')).toBe('Date needed');
    expect(readableLabel('dateOffset')).toBe('Date offset');
    expect(readableValue(true)).toBe('Yes');
    expect(readableValue('')).toBe('—');
    expect(readableValue('2026-01-05')).toBe('Jan 5, 2026');
  });
});

describe('extraDetails', () => {
  it('drops what the request card already shows and bare ids', () => {
    expect(
      extraDetails({ company_id: 1, company_name: 'X', urgent: false, date_needed: '2026-01-05', dateOffset: '2026-01-06', typeOffset: 'Whole Day', receiver_id: 4 }),
    ).toEqual([
      ['dateOffset', '2026-01-06'],
      ['typeOffset', 'Whole Day'],
    ]);
  });
});

describe('approval steps (issue 17)', () => {
  const approver = (id: number, vote: 'approved' | 'denied' | null) => ({
    id,
    display_name: `Approver ${id}`,
    profile_photo: null,
    approved: vote === 'approved',
    has_voted: vote !== null,
    date: vote ? '2026-11-24T10:00:00.000Z' : null,
    comment: vote === 'denied' ? 'Wrong supplier.' : null,
    voted_by: null,
  });
  const request = (status: string, currentLevel: number, first: ReturnType<typeof approver>[], second: ReturnType<typeof approver>[], needed = [1, 1]) => ({
    status,
    current_level: currentLevel,
    approval: { first_level_approval: first, second_level_approval: second, initial_approval_needed_count: needed[0]!, executive_approval_needed_count: needed[1]! },
  });

  it('approved at level 1 and rejected at level 2: both decided, the other approver moot', () => {
    const [first, second] = approvalSteps(request('denied', 2, [approver(1, 'approved'), approver(2, null)], [approver(3, 'denied'), approver(4, null)]));
    expect(first).toMatchObject({ title: '1st Level', state: 'Approved', progress: '1 of 1 approved' });
    expect(first!.approvers.map((one) => one.vote)).toEqual(['Approved', 'Not needed']);
    expect(second).toMatchObject({ title: '2nd Level', state: 'Rejected', progress: '0 of 1 approved' });
    expect(second!.approvers.map((one) => one.vote)).toEqual(['Rejected', 'Not needed']);
  });

  it('rejected at level 1: level 2 is not needed', () => {
    const [first, second] = approvalSteps(request('denied', 1, [approver(1, 'denied')], [approver(3, null)]));
    expect(first!.state).toBe('Rejected');
    expect(second!.state).toBe('Not needed');
    expect(second!.approvers[0]!.vote).toBe('Not needed');
  });

  it('pending: the current level decides now, counting toward what it needs; the next waits', () => {
    const [first, second] = approvalSteps(request('pending', 1, [approver(1, 'approved'), approver(2, null)], [approver(3, null)], [2, 1]));
    expect(first).toMatchObject({ state: 'Deciding now', progress: '1 of 2 approved' });
    expect(first!.approvers.map((one) => one.vote)).toEqual(['Approved', 'Pending']);
    expect(second).toMatchObject({ state: 'Waiting', progress: '0 of 1 approved' });
  });

  it('withdrawn: the open levels say so', () => {
    expect(approvalSteps(request('withdrawn', 1, [approver(1, null)], [approver(3, null)])).map((step) => step.state)).toEqual(['Withdrawn', 'Withdrawn']);
  });
});
