/** The people calls of the admin area (admins only). Thin: schema → service → answer. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { actorOf } from '../../http/authenticate.js';
import { sendCsv } from '../../csv/send-csv.js';
import { ok, serve } from '../../http/serve-route.js';
import type { AccountsService } from './accounts.service.js';
import type { PeopleService } from './people.service.js';

const { admin: calls } = routes;

export const peopleRoutes =
  ({ accounts, people }: { accounts: AccountsService; people: PeopleService }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.users, async () => ({ success: ok, users: await accounts.listUsers() }));

    serve(app, calls.people, async (request) => ({ success: ok, ...(await people.list(request.query)) }));

    serve(app, calls.createUser, async (request) => ({ success: ok, ...(await people.create(actorOf(request), request.body)) }));

    serve(app, calls.updateUser, async (request) => ({
      success: ok,
      ...(await people.edit(actorOf(request), request.params.id, request.body)),
    }));

    serve(app, calls.setPassword, async (request) => ({
      success: ok,
      ...(await people.setTemporaryPassword(actorOf(request), request.params.id, request.body.password)),
    }));

    serve(app, calls.unlockUser, async (request) => ({ success: ok, ...(await people.unlock(actorOf(request), request.params.id)) }));

    serve(app, calls.importPreview, async (request) => ({ success: ok, ...(await people.previewImport(request.body.csv)) }));

    serve(app, calls.importUsers, async (request) => ({ success: ok, ...(await people.importUsers(actorOf(request), request.body.csv)) }));

    serve(app, calls.exportUsers, async (request, reply) => sendCsv(reply, 'people', await people.exportUsers(actorOf(request))));
  };
