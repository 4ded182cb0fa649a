/** Accounts calls of 000 §7, plus logout. Thin: schema → service → response. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { caller } from '../../http/authenticate.js';
import { badRequest } from '../../errors.js';
import { readMultipart } from '../../http/multipart.js';
import { ok, serve } from '../../http/serve-route.js';
import type { FileStore } from '../../storage/file-store.js';
import type { AccountsService } from './accounts.service.js';
import type { NotificationSettingsService } from './notification-settings.service.js';

const { accounts: calls } = routes;

export const accountsRoutes =
  ({ accounts, notificationSettings, files }: { accounts: AccountsService; notificationSettings: NotificationSettingsService; files: FileStore }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.login, async (request) => ({ success: ok, ...(await accounts.login(request.body, request.ip)) }));

    serve(app, calls.logout, async (request) => ({ success: ok, ...(await accounts.logout(caller(request).id)) }));

    serve(app, calls.register, async (request) => ({ success: ok, ...(await accounts.register(request.body)) }));

    serve(app, calls.changePassword, async (request) => ({
      success: ok,
      ...(await accounts.changePassword(caller(request), request.body)),
    }));

    serve(app, calls.me, async (request) => ({ success: ok, user_details: await accounts.getMe(caller(request).id) }));

    serve(app, calls.updateMe, async (request) => {
      const upload = await readMultipart(request, files, calls.updateMe.form);
      try {
        const [photo] = upload.files;
        if (photo && photo.size === 0) throw badRequest('The profile photo is empty.');
        const result = await accounts.updateMe(caller(request).id, {
          displayName: upload.data.display_name,
          uploadedPhotoPath: photo?.path,
        });
        return { success: ok, ...result };
      } finally {
        await upload.cleanup();
      }
    });

    serve(app, calls.notificationSettings, async (request) => ({ success: ok, ...(await notificationSettings.read(caller(request).id)) }));

    serve(app, calls.updateNotificationSettings, async (request) => ({
      success: ok,
      ...(await notificationSettings.update(caller(request).id, request.body)),
    }));

    serve(app, calls.verifyToken, async (request) => ({ success: ok, ...(await accounts.verifyToken(request.body.token)) }));
  };
