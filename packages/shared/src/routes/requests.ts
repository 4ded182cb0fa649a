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
import { defineRoute } from './define.js';

const tags = ['requests'];

export const requestRoutes = {
  forms: defineRoute({
    method: 'GET',
    path: '/api/v1/forms',
    tags,
    summary: 'The forms the caller may use',
    response: formsResponseSchema,
  }),
  pagePermissions: defineRoute({
    method: 'GET',
    path: '/api/v1/forms/me/permissions',
    tags,
    summary: 'Page permissions (approval_page)',
    response: pagePermissionsResponseSchema,
  }),
  myRequests: defineRoute({
    method: 'GET',
    path: '/api/v1/forms/me/requests',
    tags,
    summary: 'The caller’s requests, newest first',
    response: requestListResponseSchema,
  }),
  approvals: defineRoute({
    method: 'GET',
    path: '/api/v1/forms/me/approvals',
    tags,
    summary: 'Requests waiting on the caller’s vote',
    response: requestListResponseSchema,
    refusals: [403],
  }),
  history: defineRoute({
    method: 'GET',
    path: '/api/v1/forms/me/requests/history',
    tags,
    summary: 'Requests the caller is an approver of, searched on the server',
    query: historyQuerySchema,
    response: requestListResponseSchema,
    refusals: [400, 403],
  }),
  detail: defineRoute({
    method: 'GET',
    path: '/api/v1/forms/me/requests/:type/:id',
    tags,
    summary: 'One request with its lines, files, approvers and votes (requester and approvers only)',
    params: z.object({ type: z.string().max(40), id: idParam('Request id') }),
    response: requestDetailResponseSchema,
    refusals: [400, 404],
  }),
  vote: defineRoute({
    method: 'POST',
    path: '/api/v1/forms/me/requests',
    tags,
    summary: 'Approve or deny a request (a denial needs a comment)',
    body: voteBodySchema,
    response: voteResponseSchema,
    refusals: [400, 403, 404, 409],
  }),
  reports: defineRoute({
    method: 'GET',
    path: '/api/v1/forms/me/reports',
    tags,
    summary: 'Dashboard figures',
    response: reportsResponseSchema,
  }),
  form: defineRoute({
    method: 'GET',
    path: '/api/v1/forms/:id',
    tags,
    summary: 'A form with the caller’s permissions (add_page, view_page, open_page)',
    params: z.object({ id: idParam('Form id') }),
    response: formDetailResponseSchema,
    refusals: [400, 404],
  }),
  submit: defineRoute({
    method: 'POST',
    path: '/api/v1/forms/:kind/:id',
    tags,
    summary: 'File a request with a form',
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
