/** The catalogue calls of the admin area (admins only). Thin: schema → service → answer. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { actorOf } from '../../http/authenticate.js';
import { ok, serve } from '../../http/serve-route.js';
import type { CatalogsService } from './catalogs.service.js';

const { admin: calls } = routes;

export const catalogsRoutes =
  ({ catalogs }: { catalogs: CatalogsService }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.catalog, async (request) => ({ success: ok, entries: await catalogs.list(request.params.catalog) }));

    serve(app, calls.createCatalogEntry, async (request) => ({
      success: ok,
      ...(await catalogs.create(actorOf(request), request.params.catalog, request.body.name)),
    }));

    serve(app, calls.updateCatalogEntry, async (request) => ({
      success: ok,
      ...(await catalogs.update(actorOf(request), request.params.catalog, request.params.id, request.body)),
    }));
  };
