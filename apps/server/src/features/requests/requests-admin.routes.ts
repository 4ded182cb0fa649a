/** The admin area's request calls: forms' access and chains, overdue requests, the CSV export. Thin. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { sendCsv } from '../../csv/send-csv.js';
import { actorOf } from '../../http/authenticate.js';
import { ok, serve } from '../../http/serve-route.js';
import type { FormSetupService } from './form-setup.service.js';
import type { RemindersService } from './reminders.service.js';
import type { RequestsExportService } from './requests-export.service.js';

const { admin: calls } = routes;

export const requestsAdminRoutes =
  ({ formSetup, reminders, exports }: { formSetup: FormSetupService; reminders: RemindersService; exports: RequestsExportService }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.forms, async () => ({ success: ok, forms: await formSetup.listForms() }));

    serve(app, calls.formAccess, async (request) => ({ success: ok, access: await formSetup.access(request.params.id) }));

    serve(app, calls.setFormAccess, async (request) => ({
      success: ok,
      access: await formSetup.setAccess(actorOf(request), request.params.id, request.body),
    }));

    serve(app, calls.approvalChain, async (request) => ({ success: ok, chain: await formSetup.chain(request.params.id) }));

    serve(app, calls.setApprovalChain, async (request) => ({
      success: ok,
      chain: await formSetup.setChain(actorOf(request), request.params.id, request.body),
    }));

    serve(app, calls.overdue, async () => ({ success: ok, requests: await reminders.overdue() }));

    serve(app, calls.exportRequests, async (request, reply) =>
      sendCsv(reply, 'requests', await exports.exportCsv(actorOf(request), request.query)),
    );
  };
