/** The requests side's calls (001 §7). */
import { z } from 'zod';
import { SUBMIT_PATH_KINDS } from '../options.js';
import { idParam } from '../schemas/common.js';
import {
  formDetailResponseSchema,
  formsResponseSchema,
  historyQuerySchema,
  pagePermissionsResponseSchema,
  reportsResponseSchema,
  requestDetailResponseSchema,
  requestListQuerySchema,
  requestListResponseSchema,
  submitResponseSchema,
  voteBodySchema,
  voteResponseSchema,
} from '../schemas/requests.js';
import {
  createDelegationBodySchema,
  delegationResponseSchema,
  delegationsQuerySchema,
  delegationsResponseSchema,
  submitQuerySchema,
  withdrawResponseSchema,
} from '../schemas/admin.js';
import { messageOnlySchema } from '../schemas/common.js';
import { routeGroup } from './define.js';

const { get, post } = routeGroup(['requests']);
const delegation = routeGroup(['delegation']);
const requestList = { response: requestListResponseSchema } as const;
const listDescription =
  'Without page and limit: every row, newest first, as the document describes the call. With page (from 1) or limit (1–100, default 20): that page, newest first, and `pagination`. `query` searches the reference id, the request type by code or name, the date as the list shows it (Jan 5, 2026 · Jan 5 · 2026-01-05 · 2026-01) in `time_zone` (default Asia/Manila), and the names the list shows.';

export const requestRoutes = {
  forms: get('/api/v1/forms', 'The forms the caller may use', { response: formsResponseSchema }),
  pagePermissions: get('/api/v1/forms/me/permissions', 'Page permissions (approval_page)', { response: pagePermissionsResponseSchema }),
  myRequests: get('/api/v1/forms/me/requests', 'The caller’s requests, newest first', {
    ...requestList,
    description: listDescription,
    query: requestListQuerySchema,
    refusals: [400],
  }),
  approvals: get('/api/v1/forms/me/approvals', 'Requests waiting on the caller’s vote', {
    ...requestList,
    description: `${listDescription} Names: the requester's first and last name.`,
    query: requestListQuerySchema,
    refusals: [400, 403],
  }),
  history: get('/api/v1/forms/me/requests/history', 'Requests the caller is an approver of, searched on the server', {
    ...requestList,
    description: `${listDescription} Names: the requester's first, last and display name. Without page and limit, \`query\` matches as the document's call always did: the reference id, the type's code and the requester's names.`,
    query: historyQuerySchema,
    refusals: [400, 403],
  }),
  detail: get('/api/v1/forms/me/requests/:type/:id', 'One request with its lines, files, approvers and votes (requester and approvers only)', {
    params: z.object({ type: z.string().max(40), id: idParam('Request id') }),
    response: requestDetailResponseSchema,
    refusals: [400, 404],
  }),
  vote: post('/api/v1/forms/me/requests', 'Approve or deny a request (a denial needs a comment)', {
    body: voteBodySchema,
    response: voteResponseSchema,
    refusals: [400, 403, 404, 409],
  }),
  reports: get('/api/v1/forms/me/reports', 'Dashboard figures', { response: reportsResponseSchema }),
  form: get('/api/v1/forms/:id', 'A form with the caller’s permissions (add_page, view_page, open_page)', {
    params: z.object({ id: idParam('Form id') }),
    response: formDetailResponseSchema,
    refusals: [400, 404],
  }),
  submit: post('/api/v1/forms/:kind/:id', 'File a request with a form', {
    description: `kind is one of ${SUBMIT_PATH_KINDS.join(', ')} (prospecting also files explain-why, ccar and so-lo forms). Offset is JSON; the others are multipart/form-data with the JSON in \`data\` and files in the form's file fields. With \`copy_of\`, the request is filed as the corrected copy of the caller's denied request of the same form.`,
    params: z.object({ kind: z.enum(SUBMIT_PATH_KINDS, { error: 'Unknown form kind.' }), id: idParam('Form id') }),
    query: submitQuerySchema,
    // The data part's schema and the file fields depend on the form: the server reads them
    // once it knows the form (FORM_DATA_SCHEMAS, FORM_FILE_FIELDS).
    form: { data: z.record(z.string(), z.unknown()), files: {} },
    response: submitResponseSchema,
    statuses: [201],
    refusals: [400, 403, 404, 413],
  }),
  withdraw: post('/api/v1/forms/me/requests/:id/withdraw', 'Withdraw one’s own pending request; its approvers are told', {
    params: z.object({ id: idParam('Request id') }),
    response: withdrawResponseSchema,
    refusals: [400, 403, 404, 409],
  }),

  // ---------------------------------------------------------------- delegation
  delegations: delegation.get('/api/v1/delegations', 'Stand-ins given or received by the caller (every one, for an administrator asking for all)', {
    query: delegationsQuerySchema,
    response: delegationsResponseSchema,
    refusals: [400, 403],
  }),
  createDelegation: delegation.post('/api/v1/delegations', 'Name a stand-in for a range of days (an administrator may name one for any approver)', {
    body: createDelegationBodySchema,
    response: delegationResponseSchema,
    statuses: [201],
    refusals: [400, 403, 404, 409],
  }),
  revokeDelegation: delegation.delete('/api/v1/delegations/:id', 'End a delegation now', {
    params: z.object({ id: idParam('Delegation id') }),
    response: messageOnlySchema,
    refusals: [400, 403, 404],
  }),
};
