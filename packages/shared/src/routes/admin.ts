/** Administration of staff accounts (admins only). */
import { z } from 'zod';
import { adminUpdateUserBodySchema, adminUpdateUserResponseSchema, adminUsersResponseSchema } from '../schemas/accounts.js';
import { idParam, messageOnlySchema } from '../schemas/common.js';
import { routeGroup } from './define.js';

const { get, patch, post } = routeGroup(['admin']);
const userParams = z.object({ id: idParam('User id') });

export const adminRoutes = {
  users: get('/api/v1/admin/users', 'Every staff account', { access: 'admin', response: adminUsersResponseSchema, refusals: [403] }),
  updateUser: patch('/api/v1/admin/users/:id', 'Deactivate or reactivate a user, or change admin access', {
    access: 'admin',
    params: userParams,
    body: adminUpdateUserBodySchema,
    response: adminUpdateUserResponseSchema,
    refusals: [400, 403, 404],
  }),
  unlockUser: post('/api/v1/admin/users/:id/unlock', 'Lift the login limits on a user locked out by failed sign-ins', {
    access: 'admin',
    params: userParams,
    response: messageOnlySchema,
    refusals: [403, 404],
  }),
};
