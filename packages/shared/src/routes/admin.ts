/**
 * Administration (admins only; docs/DECISIONS.md, "Administration"): people, departments and
 * the ePR's catalogues, who may use each form, approval chains, reminders, overdue requests,
 * the audit log and CSV. The users paths are the fixed ones scripts call.
 */
import { z } from 'zod';
import {
  adminEditUserBodySchema,
  adminFormsResponseSchema,
  approvalChainResponseSchema,
  approvalChainSchema,
  auditQuerySchema,
  auditResponseSchema,
  catalogCreateBodySchema,
  catalogEntryResponseSchema,
  catalogResponseSchema,
  catalogUpdateBodySchema,
  CATALOGS,
  createUserBodySchema,
  createUserResponseSchema,
  csvBodySchema,
  formAccessResponseSchema,
  formAccessSchema,
  importPreviewResponseSchema,
  importResponseSchema,
  legalHoldBodySchema,
  legalHoldResponseSchema,
  legalHoldsResponseSchema,
  overdueResponseSchema,
  peopleQuerySchema,
  peopleResponseSchema,
  requestsExportQuerySchema,
  setPasswordBodySchema,
  setPasswordResponseSchema,
  settingsResponseSchema,
  settingsUpdateBodySchema,
} from '../schemas/admin.js';
import { adminUpdateUserResponseSchema, adminUsersResponseSchema } from '../schemas/accounts.js';
import { idParam, messageOnlySchema } from '../schemas/common.js';
import { routeGroup } from './define.js';

const { get, patch, post, put } = routeGroup(['admin']);
const admin = { access: 'admin' } as const;
const userParams = z.object({ id: idParam('User id') });
const formParams = z.object({ id: idParam('Form id') });
const catalogParams = z.object({ catalog: z.enum(CATALOGS, { error: `The list must be one of ${CATALOGS.join(', ')}.` }) });
const conversationParams = z.object({ id: idParam('Conversation id') });
const zipDownload =
  'A ZIP file: export.json (every record, times in UTC as ISO 8601, amounts in pesos) and files/ with the stored files it names. The export is recorded in the audit log.';
const csvDownload = 'A CSV file (UTF-8 with a byte order mark, so spreadsheets read it as UTF-8); cells that a spreadsheet would run as a formula start with an apostrophe.';

export const adminRoutes = {
  // ---------------------------------------------------------------- people
  users: get('/api/v1/admin/users', 'Every staff account', { ...admin, response: adminUsersResponseSchema, refusals: [403] }),
  people: get('/api/v1/admin/people', 'One page of staff accounts, searched and sorted, for the people table', {
    ...admin,
    query: peopleQuerySchema,
    response: peopleResponseSchema,
    refusals: [400, 403],
  }),
  createUser: post('/api/v1/admin/users', 'Create a staff account; they must change the password at their first sign-in', {
    ...admin,
    body: createUserBodySchema,
    response: createUserResponseSchema,
    statuses: [201],
    refusals: [400, 403, 409],
  }),
  updateUser: patch('/api/v1/admin/users/:id', 'Edit a user, change their access, or deactivate or reactivate them', {
    ...admin,
    description: 'Deactivation signs the person out everywhere at once; their messages, requests and votes stay as others see them.',
    params: userParams,
    body: adminEditUserBodySchema,
    response: adminUpdateUserResponseSchema,
    refusals: [400, 403, 404, 409],
  }),
  setPassword: post('/api/v1/admin/users/:id/password', 'Set a temporary password (one is made when none is sent); answered once', {
    ...admin,
    description: 'The person is signed out everywhere and must change the password at their next sign-in.',
    params: userParams,
    body: setPasswordBodySchema,
    response: setPasswordResponseSchema,
    refusals: [400, 403, 404],
  }),
  unlockUser: post('/api/v1/admin/users/:id/unlock', 'Lift the login limits on a user locked out by failed sign-ins', {
    ...admin,
    params: userParams,
    response: messageOnlySchema,
    refusals: [403, 404],
  }),
  importPreview: post('/api/v1/admin/users/import/preview', 'Read a CSV of users and say what importing it would do, row by row', {
    ...admin,
    description: 'Columns: first_name, last_name, email_address, username, department (a header row first). Nothing is stored.',
    body: csvBodySchema,
    response: importPreviewResponseSchema,
    refusals: [400, 403],
  }),
  importUsers: post('/api/v1/admin/users/import', 'Import a CSV of users: all rows or none', {
    ...admin,
    description: 'Refused with 400 if any row is wrong. New people get a temporary password, answered once.',
    body: csvBodySchema,
    response: importResponseSchema,
    refusals: [400, 403],
  }),
  exportUsers: get('/api/v1/admin/users/export', 'Every staff account as CSV', { ...admin, description: csvDownload, refusals: [403] }),

  // ---------------------------------------------------------------- departments and catalogues
  catalog: get('/api/v1/admin/catalogs/:catalog', 'Departments, companies or purchase request types, retired ones included', {
    ...admin,
    params: catalogParams,
    response: catalogResponseSchema,
    refusals: [400, 403],
  }),
  createCatalogEntry: post('/api/v1/admin/catalogs/:catalog', 'Add a department, company or purchase request type', {
    ...admin,
    params: catalogParams,
    body: catalogCreateBodySchema,
    response: catalogEntryResponseSchema,
    statuses: [201],
    refusals: [400, 403, 409],
  }),
  updateCatalogEntry: patch('/api/v1/admin/catalogs/:catalog/:id', 'Rename, retire or bring back a catalogue value', {
    ...admin,
    description: 'A retired value stays on the records that have it and leaves the choices.',
    params: catalogParams.extend({ id: idParam('Id') }),
    body: catalogUpdateBodySchema,
    response: catalogEntryResponseSchema,
    refusals: [400, 403, 404, 409],
  }),

  // ---------------------------------------------------------------- forms
  forms: get('/api/v1/admin/forms', 'Every form, for its access and approval chain', { ...admin, response: adminFormsResponseSchema, refusals: [403] }),
  formAccess: get('/api/v1/admin/forms/:id/access', 'Which departments and people may file a form, see its list and open its requests', {
    ...admin,
    params: formParams,
    response: formAccessResponseSchema,
    refusals: [400, 403, 404],
  }),
  setFormAccess: put('/api/v1/admin/forms/:id/access', 'Replace who may use a form', {
    ...admin,
    params: formParams,
    body: formAccessSchema,
    response: formAccessResponseSchema,
    refusals: [400, 403, 404],
  }),
  approvalChain: get('/api/v1/admin/forms/:id/chain', 'A form’s approval chain: bands by total amount, each with its two levels', {
    ...admin,
    params: formParams,
    response: approvalChainResponseSchema,
    refusals: [400, 403, 404],
  }),
  setApprovalChain: put('/api/v1/admin/forms/:id/chain', 'Replace a form’s approval chain; requests already filed keep theirs', {
    ...admin,
    params: formParams,
    body: approvalChainSchema,
    response: approvalChainResponseSchema,
    refusals: [400, 403, 404],
  }),

  // ---------------------------------------------------------------- reminders, overdue, audit
  settings: get('/api/v1/admin/settings', 'Company settings: the reminder delay, the message edit window, message retention and upload quotas', { ...admin, response: settingsResponseSchema, refusals: [403] }),
  updateSettings: patch('/api/v1/admin/settings', 'Change company settings', {
    ...admin,
    body: settingsUpdateBodySchema,
    response: settingsResponseSchema,
    refusals: [400, 403],
  }),
  overdue: get('/api/v1/admin/overdue', 'Pending requests waiting on an approver longer than the reminder delay, oldest first', {
    ...admin,
    response: overdueResponseSchema,
    refusals: [403],
  }),
  auditLog: get('/api/v1/admin/audit-log', 'Administrative changes and delegations, newest first', {
    ...admin,
    query: auditQuerySchema,
    response: auditResponseSchema,
    refusals: [400, 403],
  }),
  // ---------------------------------------------------------------- retention, legal holds, exports
  legalHolds: get('/api/v1/admin/legal-holds', 'Conversations on legal hold: retention deletes none of their messages', {
    ...admin,
    response: legalHoldsResponseSchema,
    refusals: [403],
  }),
  setLegalHold: put('/api/v1/admin/conversations/:id/legal-hold', 'Put a conversation on legal hold, or lift the hold', {
    ...admin,
    description: 'While held, the retention setting deletes none of its messages or files. Recorded in the audit log.',
    params: conversationParams,
    body: legalHoldBodySchema,
    response: legalHoldResponseSchema,
    refusals: [400, 403, 404],
  }),
  exportConversation: get('/api/v1/admin/exports/conversations/:id', 'One conversation, whole: members, messages and thread replies, reactions, activity and files', {
    ...admin,
    description: zipDownload,
    params: conversationParams,
    refusals: [400, 403, 404],
  }),
  exportUser: get('/api/v1/admin/exports/users/:id', "One person's data (a data request): profile, messages sent, requests, votes, notifications and files", {
    ...admin,
    description: zipDownload,
    params: userParams,
    refusals: [400, 403, 404],
  }),
  exportRequests: get('/api/v1/admin/requests/export', 'Requests as CSV: one row per request with its decision, amounts in pesos', {
    ...admin,
    description: `${csvDownload} Filter by form type, status and filing days (from, to: YYYY-MM-DD, Manila time).`,
    query: requestsExportQuerySchema,
    refusals: [400, 403],
  }),
};
