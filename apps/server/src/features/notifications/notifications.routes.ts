/** The bell's calls (000 §7): the list, and read/delete of one notification. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, messageOnlySchema, notificationActionBodySchema, notificationsResponseSchema } from '@ichat/shared';
import { z } from 'zod';
import { caller } from '../../http/authenticate.js';
import { failures } from '../../http/route-schema.js';
import type { NotificationsService } from './notifications.service.js';

export const notificationsRoutes =
  ({ notifications }: { notifications: NotificationsService }) =>
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['notifications'];

    app.get(
      '/api/v1/users/notifications',
      {
        schema: { tags, summary: 'The caller’s notifications, newest first', response: { 200: notificationsResponseSchema, ...failures(401) } },
      },
      async (request) => ({ success: true as const, ...(await notifications.list(caller(request).id)) }),
    );

    app.post(
      '/api/v1/notifications/:id',
      {
        schema: {
          tags,
          summary: 'Mark one of the caller’s notifications read, or delete it',
          params: z.object({ id: idParam('Notification id') }),
          body: notificationActionBodySchema,
          response: { 200: messageOnlySchema, ...failures(400, 401, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await notifications.act(caller(request).id, request.params.id, request.body.action)),
      }),
    );
  };
