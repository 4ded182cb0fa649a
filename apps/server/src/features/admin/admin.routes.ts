/** Administration of staff accounts (admins only). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUpdateUserBodySchema,
  adminUpdateUserResponseSchema,
  adminUsersResponseSchema,
  idParam,
  messageOnlySchema,
} from '@ichat/shared';
import { adminRoute, caller } from '../../http/authenticate.js';
import { failures } from '../../http/route-schema.js';
import type { AccountsService } from '../accounts/accounts.service.js';

export const adminRoutes =
  ({ accounts }: { accounts: AccountsService }) =>
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['admin'];

    app.get(
      '/api/v1/admin/users',
      {
        config: adminRoute,
        schema: { tags, summary: 'Every staff account', response: { 200: adminUsersResponseSchema, ...failures(401, 403) } },
      },
      async () => ({ success: true as const, users: await accounts.listUsers() }),
    );

    app.patch(
      '/api/v1/admin/users/:id',
      {
        config: adminRoute,
        schema: {
          tags,
          summary: 'Deactivate or reactivate a user, or change admin access',
          params: z.object({ id: idParam('User id') }),
          body: adminUpdateUserBodySchema,
          response: { 200: adminUpdateUserResponseSchema, ...failures(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await accounts.updateAccess(caller(request), request.params.id, request.body)),
      }),
    );

    app.post(
      '/api/v1/admin/users/:id/unlock',
      {
        config: adminRoute,
        schema: {
          tags,
          summary: 'Lift the login limits on a user locked out by failed sign-ins',
          params: z.object({ id: idParam('User id') }),
          response: { 200: messageOnlySchema, ...failures(401, 403, 404) },
        },
      },
      async (request) => ({ success: true as const, ...(await accounts.unlockLogin(request.params.id)) }),
    );
  };
