/** Administration of staff accounts (admins only). Thin: schema → service → response. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { caller } from '../../http/authenticate.js';
import { serve } from '../../http/serve-route.js';
import type { AccountsService } from '../accounts/accounts.service.js';

const ok = true as const;
const { admin: calls } = routes;

export const adminRoutes =
  ({ accounts }: { accounts: AccountsService }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.users, async () => ({ success: ok, users: await accounts.listUsers() }));

    serve(app, calls.updateUser, async (request) => ({
      success: ok,
      ...(await accounts.updateAccess(caller(request), request.params.id, request.body)),
    }));

    serve(app, calls.unlockUser, async (request) => ({ success: ok, ...(await accounts.unlockLogin(request.params.id)) }));
  };
