/** Web Push calls (issue 19): the VAPID public key and this browser's subscription. Thin: schema → service → answer. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { caller } from '../../http/authenticate.js';
import { ok, serve } from '../../http/serve-route.js';
import type { PushService } from './push.service.js';

const { push: calls } = routes;

export const pushRoutes =
  ({ pushes }: { pushes: PushService }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.publicKey, async () => ({ success: ok, public_key: pushes.publicKey() }));

    serve(app, calls.subscribe, async (request) => ({
      success: ok,
      ...(await pushes.subscribe(caller(request).id, request.body, request.headers['user-agent'])),
    }));

    serve(app, calls.unsubscribe, async (request) => ({ success: ok, ...(await pushes.unsubscribe(caller(request).id, request.body.endpoint)) }));
  };
