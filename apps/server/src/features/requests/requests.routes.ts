/** The requests side's calls (001 §7), registered from the shared route table. Thin. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { caller } from '../../http/authenticate.js';
import { readMultipart, type QuotaLookup } from '../../http/multipart.js';
import { ok, serve } from '../../http/serve-route.js';
import type { FileStore } from '../../storage/file-store.js';
import { sendStoredFile } from '../../storage/send-file.js';
import type { ApprovalsService } from './approvals.service.js';
import type { RequestsService } from './requests.service.js';

const { requests: calls } = routes;

export const requestsRoutes =
  ({
    requests,
    approvals,
    files,
    uploadQuota,
  }: {
    requests: RequestsService;
    approvals: ApprovalsService;
    files: FileStore;
    /** What a person's upload quota leaves them (request files count against it). */
    uploadQuota: (userId: number) => ReturnType<QuotaLookup>;
  }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.forms, async (request) => ({ success: ok, forms: await requests.listForms(caller(request).id) }));

    serve(app, calls.pagePermissions, async (request) => ({
      success: ok,
      permissions: await requests.pagePermissions(caller(request).id),
    }));

    serve(app, calls.myRequests, async (request) => ({ success: ok, ...(await requests.listMine(caller(request).id, request.query)) }));

    serve(app, calls.approvals, async (request) => ({ success: ok, ...(await requests.listAwaiting(caller(request).id, request.query)) }));

    serve(app, calls.history, async (request) => ({ success: ok, ...(await requests.listHistory(caller(request).id, request.query)) }));

    serve(app, calls.detail, async (request) => ({
      success: ok,
      request: await requests.detail(caller(request).id, request.params.type, request.params.id),
    }));

    serve(app, calls.vote, async (request) => ({ success: ok, ...(await approvals.vote(caller(request), request.body)) }));

    serve(app, calls.reports, async (request) => ({ success: ok, reports: await requests.reports(caller(request).id) }));

    serve(app, calls.form, async (request) => ({ success: ok, ...(await requests.formDetail(caller(request).id, request.params.id)) }));

    serve(app, calls.submit, async (request) => {
      // The form decides the data part's schema and file fields, so it is read first.
      const form = await requests.formForSubmit(caller(request).id, request.params.id, request.params.kind, request.query.copy_of);
      const upload = await readMultipart(request, files, { data: form.schema, files: form.files }, () => uploadQuota(caller(request).id));
      try {
        return { success: ok, ...(await requests.submit(caller(request), form, upload.data as Record<string, unknown>, upload.files)) };
      } finally {
        await upload.cleanup();
      }
    });

    serve(app, calls.withdraw, async (request) => ({ success: ok, ...(await requests.withdraw(caller(request), request.params.id)) }));

    serve(app, routes.assets.requestAttachment, async (request, reply) =>
      sendStoredFile(reply, await requests.fileFor(caller(request).id, request.params.name)),
    );
  };
