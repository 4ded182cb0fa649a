/** The bell's calls (000 §7): the list, and read/delete of one notification. */
import { notificationActionBodySchema, notificationsResponseSchema } from '../schemas/chat.js';
import { idParam, messageOnlySchema } from '../schemas/common.js';
import { z } from 'zod';
import { defineRoute } from './define.js';

const tags = ['notifications'];

export const notificationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/users/notifications',
    tags,
    summary: 'The caller’s notifications, newest first',
    response: notificationsResponseSchema,
  }),
  act: defineRoute({
    method: 'POST',
    path: '/api/v1/notifications/:id',
    tags,
    summary: 'Mark one of the caller’s notifications read, or delete it',
    params: z.object({ id: idParam('Notification id') }),
    body: notificationActionBodySchema,
    response: messageOnlySchema,
    refusals: [400, 404],
  }),
};
