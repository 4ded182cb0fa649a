/** Reading the audit log (admins only). There is no call that changes it. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { serve } from '../../http/serve-route.js';
import type { AuditTrail } from './audit.service.js';

export const auditRoutes =
  ({ audit }: { audit: AuditTrail }) =>
  async (app: FastifyInstance) => {
    serve(app, routes.admin.auditLog, async (request) => ({ success: true as const, ...(await audit.list(request.query)) }));
  };
