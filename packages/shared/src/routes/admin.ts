/** Administration of staff accounts (admins only). */
import { adminUpdateUserBodySchema, adminUpdateUserResponseSchema, adminUsersResponseSchema } from '../schemas/accounts.js';
import { idParam, messageOnlySchema } from '../schemas/common.js';
import { z } from 'zod';
import { defineRoute } from './define.js';

const tags = ['admin'];
const userParams = z.object({ id: idParam('User id') });

export const adminRoutes = {
  users: defineRoute({
    method: 'GET',
    path: '/api/v1/admin/users',
    access: 'admin',
    tags,
    summary: 'Every staff account',
    response: adminUsersResponseSchema,
    refusals: [403],
  }),
  updateUser: defineRoute({
    method: 'PATCH',
    path: '/api/v1/admin/users/:id',
    access: 'admin',
    tags,
    summary: 'Deactivate or reactivate a user, or change admin access',
    params: userParams,
    body: adminUpdateUserBodySchema,
    response: adminUpdateUserResponseSchema,
    refusals: [400, 403, 404],
  }),
  unlockUser: defineRoute({
    method: 'POST',
    path: '/api/v1/admin/users/:id/unlock',
    access: 'admin',
    tags,
    summary: 'Lift the login limits on a user locked out by failed sign-ins',
    params: userParams,
    response: messageOnlySchema,
    refusals: [403, 404],
  }),
};
