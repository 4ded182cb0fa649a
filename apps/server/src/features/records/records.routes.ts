/** The admin area's calls for what the company keeps: legal holds and exports. Thin. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { routes } from '@ichat/shared';
import { actorOf } from '../../http/authenticate.js';
import { ok, serve } from '../../http/serve-route.js';
import { attachmentDisposition } from '../../storage/send-file.js';
import type { DataExportService, ExportBundle } from './data-export.service.js';
import { exportZip } from './export-archive.js';
import type { RetentionService } from './retention.service.js';

const { admin: calls } = routes;

export const recordsRoutes =
  ({ retention, dataExport }: { retention: RetentionService; dataExport: DataExportService }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.legalHolds, async () => ({ success: ok, conversations: await retention.legalHolds() }));

    serve(app, calls.setLegalHold, async (request) => ({
      success: ok,
      ...(await retention.setLegalHold(actorOf(request), request.params.id, request.body.legal_hold)),
    }));

    const sendZip = (reply: FastifyReply, bundle: ExportBundle) =>
      reply
        .type('application/zip')
        .header('content-disposition', attachmentDisposition(`${bundle.name}.zip`))
        .header('cache-control', 'no-store')
        .send(exportZip(bundle));

    serve(app, calls.exportConversation, async (request, reply) => sendZip(reply, await dataExport.conversation(actorOf(request), request.params.id)));

    serve(app, calls.exportUser, async (request, reply) => sendZip(reply, await dataExport.user(actorOf(request), request.params.id)));
  };
