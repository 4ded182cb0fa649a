/** The bell's calls (000 §7): the list, and read/delete of one notification. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { caller } from '../../http/authenticate.js';
import { ok, serve } from '../../http/serve-route.js';
import type { NotificationsService } from './notifications.service.js';

const { notifications: calls } = routes;

export const notificationsRoutes =
  ({ notifications }: { notifications: NotificationsService }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.list, async (request) => ({ success: ok, ...(await notifications.list(caller(request).id)) }));

    serve(app, calls.act, async (request) => ({
      success: ok,
      ...(await notifications.act(caller(request).id, request.params.id, request.body.action)),
    }));
  };
