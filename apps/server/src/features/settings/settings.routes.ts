/** Company settings in the admin area. Thin: schema → service → answer. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { actorOf } from '../../http/authenticate.js';
import { ok, serve } from '../../http/serve-route.js';
import type { SettingsService } from './settings.service.js';

const { admin: calls } = routes;

export const settingsRoutes =
  ({ settings }: { settings: SettingsService }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.settings, async () => ({ success: ok, settings: await settings.read() }));

    serve(app, calls.updateSettings, async (request) => ({ success: ok, settings: await settings.update(actorOf(request), request.body) }));
  };
