/** The bell's calls (000 §7): the list, and read/delete of one notification. */
import { z } from 'zod';
import { notificationActionBodySchema, notificationsResponseSchema } from '../schemas/chat.js';
import { idParam, messageOnlySchema } from '../schemas/common.js';
import { routeGroup } from './define.js';

const { get, post } = routeGroup(['notifications']);

export const notificationRoutes = {
  list: get('/api/v1/users/notifications', 'The caller’s notifications, newest first', { response: notificationsResponseSchema }),
  act: post('/api/v1/notifications/:id', 'Mark one of the caller’s notifications read, or delete it', {
    params: z.object({ id: idParam('Notification id') }),
    body: notificationActionBodySchema,
    response: messageOnlySchema,
    refusals: [400, 404],
  }),
};
