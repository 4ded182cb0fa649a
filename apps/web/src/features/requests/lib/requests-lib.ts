/**
 * Pure helpers of the requests area (001 §2): which view p names, status badges, dates,
 * the detail address and the safety of its return address.
 */
import { FORM_TYPE_NAMES, FORM_TYPES, type FormType } from '@ichat/shared';
import { formatDay } from '../../../lib/dates';

export const REQUEST_VIEWS = [
  'view-forms',
  'view-requests',
  'new-request',
  'view-request-detail',
  'view-approval-list',
  'view-approval-history',
  'dashboard',
] as const;
export type RequestView = (typeof REQUEST_VIEWS)[number];

/** The view named by p; anything else (or none) is null, which shows 'No content'. */
export const parseRequestView = (p: string | null): RequestView | null =>
  (REQUEST_VIEWS as readonly string[]).includes(p ?? '') ? (p as RequestView) : null;

/** A positive integer from a query parameter, or null. */
export const parsePositiveId = (value: string | null): number | null => {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
};

export const isFormType = (value: string | null): value is FormType =>
  (FORM_TYPES as readonly string[]).includes(value ?? '');

/** The readable name of a request type ('epr' → 'Electronic Purchase Requisition'). */
export const formTypeName = (type: string): string =>
  isFormType(type) ? FORM_TYPE_NAMES[type] : type;

export { COMPANY_TIME_NOTE, formatCompanyDateTime, formatDate, formatDateTime, formatDay as formatCalendarDate } from '../../../lib/dates';

export type StatusBadge =
  | { label: 'Approved'; color: 'success' }
  | { label: 'Pending'; color: 'warning' }
  | { label: 'Rejected'; color: 'error' }
  | { label: 'Withdrawn'; color: 'neutral' };

/**
 * Approved while overall_approval_status is true; Rejected for a denied request (the
 * specification's word for a vote against, used for every outcome of a denial, issue 17); Withdrawn,
 * in the theme's neutral grey, for one its requester took back (docs/DECISIONS.md,
 * "Administration"); else Pending.
 */
export const statusBadge = (request: { overall_approval_status: boolean; status: string }): StatusBadge => {
  if (request.status === 'denied') return { label: 'Rejected', color: 'error' };
  if (request.status === 'withdrawn') return { label: 'Withdrawn', color: 'neutral' };
  if (request.overall_approval_status || request.status === 'approved') return { label: 'Approved', color: 'success' };
  return { label: 'Pending', color: 'warning' };
};

/**
 * Who cast a vote as the trail shows it: the approver, or '<stand-in> for <approver>' when a
 * stand-in voted in their seat (docs/DECISIONS.md, "Administration", Delegation).
 */
export const voterName = (approver: string, standIn: { display_name: string } | null): string =>
  standIn ? `${standIn.display_name} for ${approver}` : approver;

/** One approver's state (001 §4): Pending (not voted), Approved, or Rejected. */
export const approverStatus = (approver: { approved: boolean; has_voted: boolean }): 'Pending' | 'Approved' | 'Rejected' => {
  if (!approver.has_voted) return 'Pending';
  return approver.approved ? 'Approved' : 'Rejected';
};

/**
 * The Go Back target (001 §2): only a same-site path (one leading slash, no scheme, no
 * protocol-relative '//' or backslash trick); anything else falls back to '/'.
 */
export const safeReturnUrl = (value: string | null): string => {
  if (!value) return '/';
  const trimmed = value.trim();
  if (!trimmed.startsWith('/') || trimmed.startsWith('//') || trimmed.startsWith('/\\')) return '/';
  if (trimmed.includes('\\') || Array.from(trimmed).some((char) => char.charCodeAt(0) < 32)) return '/';
  try {
    const url = new URL(trimmed, 'http://same.site');
    if (url.origin !== 'http://same.site') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
};

/** The detail address of a request, remembering the page to come back to. */
export const requestDetailPath = (
  request: { request_type: string; id: number },
  returnUrl?: string,
): string => {
  const params = new URLSearchParams({ p: 'view-request-detail', t: request.request_type, r: String(request.id) });
  if (returnUrl) params.set('r_url', returnUrl);
  return `/requests?${params.toString()}`;
};

export const newRequestPath = (formId: number): string => `/requests?p=new-request&f=${formId}`;

/** The new request screen of a denied request's form, filled in from it as its corrected copy. */
export const correctedCopyPath = (request: { form_id: number; id: number }): string =>
  `${newRequestPath(request.form_id)}&copy_of=${request.id}`;

/** A field key as a person reads it: 'date_needed' / 'dateOffset' → 'Date needed' / 'Date offset'. */
export const readableLabel = (key: string): string => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  if (words === '') return key;
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A filed value shown as text: booleans as Yes/No, dates kept readable, lists joined. */
export const readableValue = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : value;
  if (Array.isArray(value)) return value.map(readableValue).join(', ');
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};

/** The image types shown as thumbnails among attachments. */
export const isImageFile = (file: { file_type: string; attachment: string }): boolean =>
  file.file_type.startsWith('image/') || /\.(png|jpe?g|gif|webp|bmp|svg)$/i.test(file.attachment);

/**
 * Keys of `details` that the request card already shows from the requisition's own fields
 * (company, purchase type, supplier, urgency, date needed, totals), and ids no one reads.
 */
const SHOWN_ELSEWHERE = new Set([
  'company_id',
  'company_name',
  'purchase_request_id',
  'purchase_request_type',
  'recommended_supplier',
  'urgent',
  'date_needed',
  'total_cost',
]);

/** The form's own fields worth listing as label/value pairs. */
export const extraDetails = (details: Record<string, unknown>): [string, unknown][] =>
  Object.entries(details).filter(
    ([key, value]) => !SHOWN_ELSEWHERE.has(key) && !key.endsWith('_id') && (typeof value !== 'object' || value === null || Array.isArray(value)),
  );

// ---------------------------------------------------------------- approval steps (issue 17)

type StepApprover = { id: number; display_name: string; profile_photo: string | null; approved: boolean; has_voted: boolean; date: string | null; comment: string | null; voted_by: { display_name: string } | null };

/** Where a level stands: decided, deciding now, waiting for the level before, or made moot. */
export type StepState = 'Approved' | 'Rejected' | 'Deciding now' | 'Waiting' | 'Not needed' | 'Withdrawn';

/** One approver's vote in a step: the specification's three states, or moot once the level no longer decides. */
export type StepVote = 'Pending' | 'Approved' | 'Rejected' | 'Not needed';

export interface ApprovalStep {
  level: 1 | 2;
  title: '1st Level' | '2nd Level';
  /** The specification's 'Initial' or 'Executive approvals needed'. */
  neededLabel: string;
  needed: number;
  approvedCount: number;
  /** '1 of 2 approved'. */
  progress: string;
  state: StepState;
  approvers: (StepApprover & { vote: StepVote; name: string })[];
}

interface StepsSource {
  status: string;
  current_level: number;
  approval: {
    first_level_approval: StepApprover[];
    second_level_approval: StepApprover[];
    initial_approval_needed_count: number;
    executive_approval_needed_count: number;
  };
}

/**
 * The approval as steps (issue 17): each level with its approvers by name and vote, how many
 * of how many approved, which level decides now, and 'Not needed' for a level a denial made
 * moot. One word per outcome everywhere: Approved, Rejected, Pending.
 */
export const approvalSteps = (request: StepsSource): ApprovalStep[] => {
  const levels = [
    { level: 1 as const, title: '1st Level' as const, neededLabel: 'Initial approvals needed', approvers: request.approval.first_level_approval, needed: request.approval.initial_approval_needed_count },
    { level: 2 as const, title: '2nd Level' as const, neededLabel: 'Executive approvals needed', approvers: request.approval.second_level_approval, needed: request.approval.executive_approval_needed_count },
  ];
  return levels.map(({ level, title, neededLabel, approvers, needed }) => {
    const approvedCount = approvers.filter((approver) => approver.has_voted && approver.approved).length;
    const isRejected = approvers.some((approver) => approver.has_voted && !approver.approved);
    const state: StepState = isRejected
      ? 'Rejected'
      : approvedCount >= needed || request.status === 'approved'
        ? 'Approved'
        : request.status === 'denied'
          ? 'Not needed'
          : request.status === 'withdrawn'
            ? 'Withdrawn'
            : request.current_level === level
              ? 'Deciding now'
              : 'Waiting';
    const isOpen = state === 'Deciding now' || state === 'Waiting';
    return {
      level,
      title,
      neededLabel,
      needed,
      approvedCount,
      progress: `${approvedCount} of ${needed} approved`,
      state,
      approvers: approvers.map((approver) => ({
        ...approver,
        name: voterName(approver.display_name, approver.voted_by),
        vote: approver.has_voted ? (approver.approved ? 'Approved' : 'Rejected') : isOpen ? 'Pending' : 'Not needed',
      })),
    };
  });
};
