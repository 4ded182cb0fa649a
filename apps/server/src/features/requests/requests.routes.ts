/** The requests side's calls (001 §7). Thin: schema → service → response. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  formDetailResponseSchema,
  formsResponseSchema,
  historyQuerySchema,
  idParam,
  pagePermissionsResponseSchema,
  reportsResponseSchema,
  requestDetailResponseSchema,
  requestListResponseSchema,
  submitResponseSchema,
  voteBodySchema,
  voteResponseSchema,
} from '@ichat/shared';
import { z } from 'zod';
import { caller } from '../../http/authenticate.js';
import { readMultipart } from '../../http/multipart.js';
import { failures } from '../../http/route-schema.js';
import type { FileStore } from '../../storage/file-store.js';
import { sendStoredFile } from '../../storage/send-file.js';
import type { ApprovalsService } from './approvals.service.js';
import { SUBMIT_PATH_KINDS, type RequestsService } from './requests.service.js';

export const requestsRoutes =
  ({
    requests,
    approvals,
    files,
  }: {
    requests: RequestsService;
    approvals: ApprovalsService;
    files: FileStore;
  }) =>
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['requests'];
    const ok = true as const;

    app.get(
      '/api/v1/forms',
      { schema: { tags, summary: 'The forms the caller may use', response: { 200: formsResponseSchema, ...failures(401) } } },
      async (request) => ({ success: ok, forms: await requests.listForms(caller(request).id) }),
    );

    app.get(
      '/api/v1/forms/me/permissions',
      {
        schema: { tags, summary: 'Page permissions (approval_page)', response: { 200: pagePermissionsResponseSchema, ...failures(401) } },
      },
      async (request) => ({ success: ok, permissions: await requests.pagePermissions(caller(request).id) }),
    );

    app.get(
      '/api/v1/forms/me/requests',
      { schema: { tags, summary: 'The caller’s requests, newest first', response: { 200: requestListResponseSchema, ...failures(401) } } },
      async (request) => ({ success: ok, requests: await requests.listMine(caller(request).id) }),
    );

    app.get(
      '/api/v1/forms/me/approvals',
      {
        schema: { tags, summary: 'Requests waiting on the caller’s vote', response: { 200: requestListResponseSchema, ...failures(401, 403) } },
      },
      async (request) => ({ success: ok, requests: await requests.listAwaiting(caller(request).id) }),
    );

    app.get(
      '/api/v1/forms/me/requests/history',
      {
        schema: {
          tags,
          summary: 'Requests the caller is an approver of, searched on the server',
          querystring: historyQuerySchema,
          response: { 200: requestListResponseSchema, ...failures(400, 401, 403) },
        },
      },
      async (request) => ({ success: ok, requests: await requests.listHistory(caller(request).id, request.query.query) }),
    );

    app.get(
      '/api/v1/forms/me/requests/:type/:id',
      {
        schema: {
          tags,
          summary: 'One request with its lines, files, approvers and votes (requester and approvers only)',
          params: z.object({ type: z.string().max(40), id: idParam('Request id') }),
          response: { 200: requestDetailResponseSchema, ...failures(400, 401, 404) },
        },
      },
      async (request) => ({
        success: ok,
        request: await requests.detail(caller(request).id, request.params.type, request.params.id),
      }),
    );

    app.post(
      '/api/v1/forms/me/requests',
      {
        schema: {
          tags,
          summary: 'Approve or deny a request (a denial needs a comment)',
          body: voteBodySchema,
          response: { 200: voteResponseSchema, ...failures(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ({ success: ok, ...(await approvals.vote(caller(request), request.body)) }),
    );

    app.get(
      '/api/v1/forms/me/reports',
      { schema: { tags, summary: 'Dashboard figures', response: { 200: reportsResponseSchema, ...failures(401) } } },
      async (request) => ({ success: ok, reports: await requests.reports(caller(request).id) }),
    );

    app.get(
      '/api/v1/forms/:id',
      {
        schema: {
          tags,
          summary: 'A form with the caller’s permissions (add_page, view_page, open_page)',
          params: z.object({ id: idParam('Form id') }),
          response: { 200: formDetailResponseSchema, ...failures(400, 401, 404) },
        },
      },
      async (request) => ({ success: ok, ...(await requests.formDetail(caller(request).id, request.params.id)) }),
    );

    app.post(
      '/api/v1/forms/:kind/:id',
      {
        schema: {
          tags,
          summary: 'File a request with a form',
          description: `kind is one of ${SUBMIT_PATH_KINDS.join(', ')} (prospecting also files explain-why, ccar and so-lo forms). Offset is JSON; the others are multipart/form-data with the JSON in \`data\` and files in the form's file fields.`,
          consumes: ['multipart/form-data', 'application/json'],
          params: z.object({
            kind: z.enum(SUBMIT_PATH_KINDS as [string, ...string[]], { error: 'Unknown form kind.' }),
            id: idParam('Form id'),
          }),
          response: { 201: submitResponseSchema, ...failures(400, 401, 403, 404, 413) },
        },
      },
      async (request, reply) => {
        const form = await requests.formForSubmit(caller(request).id, request.params.id, request.params.kind);
        const upload = await readMultipart(request, files, { data: form.schema, files: form.files });
        try {
          const result = await requests.submit(caller(request), form, upload.data as Record<string, unknown>, upload.files);
          reply.code(201);
          return { success: ok, ...result };
        } finally {
          await upload.cleanup();
        }
      },
    );

    app.get(
      '/assets/requests-attachments/:name',
      { schema: { hide: true, params: z.object({ name: z.string().max(200) }) } },
      async (request, reply) => sendStoredFile(reply, await requests.fileFor(caller(request).id, request.params.name)),
    );
  };
