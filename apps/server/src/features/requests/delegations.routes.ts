/** Naming, listing and ending stand-ins. Thin: schema → service → answer. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { actorOf, caller } from '../../http/authenticate.js';
import { ok, serve } from '../../http/serve-route.js';
import type { DelegationsService } from './delegations.service.js';

const { requests: calls } = routes;

export const delegationsRoutes =
  ({ delegations }: { delegations: DelegationsService }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.delegations, async (request) => ({
      success: ok,
      delegations: await delegations.list(caller(request), request.query.scope),
    }));

    serve(app, calls.createDelegation, async (request) => ({
      success: ok,
      ...(await delegations.create(caller(request), actorOf(request), request.body)),
    }));

    serve(app, calls.revokeDelegation, async (request) => ({
      success: ok,
      ...(await delegations.revoke(caller(request), actorOf(request), request.params.id)),
    }));
  };
