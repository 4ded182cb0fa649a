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
  requestListResponseSchema,
  submitResponseSchema,
  voteBodySchema,
  voteResponseSchema,
} from '../schemas/requests.js';
import { routeGroup } from './define.js';

const { get, post } = routeGroup(['requests']);
const requestList = { response: requestListResponseSchema } as const;

export const requestRoutes = {
  forms: get('/api/v1/forms', 'The forms the caller may use', { response: formsResponseSchema }),
  pagePermissions: get('/api/v1/forms/me/permissions', 'Page permissions (approval_page)', { response: pagePermissionsResponseSchema }),
  myRequests: get('/api/v1/forms/me/requests', 'The caller’s requests, newest first', requestList),
  approvals: get('/api/v1/forms/me/approvals', 'Requests waiting on the caller’s vote', { ...requestList, refusals: [403] }),
  history: get('/api/v1/forms/me/requests/history', 'Requests the caller is an approver of, searched on the server', {
    ...requestList,
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
    description: `kind is one of ${SUBMIT_PATH_KINDS.join(', ')} (prospecting also files explain-why, ccar and so-lo forms). Offset is JSON; the others are multipart/form-data with the JSON in \`data\` and files in the form's file fields.`,
    params: z.object({ kind: z.enum(SUBMIT_PATH_KINDS, { error: 'Unknown form kind.' }), id: idParam('Form id') }),
    // The data part's schema and the file fields depend on the form: the server reads them
    // once it knows the form (FORM_DATA_SCHEMAS, FORM_FILE_FIELDS).
    form: { data: z.record(z.string(), z.unknown()), files: {} },
    response: submitResponseSchema,
    statuses: [201],
    refusals: [400, 403, 404, 413],
  }),
};
