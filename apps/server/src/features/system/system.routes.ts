/** Version (000 §7 Accounts), liveness and readiness. */
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/dialect.js';
import { serve } from '../../http/serve-route.js';

const { system: calls } = routes;

export const systemRoutes =
  ({ config, database }: { config: Config; database: DatabaseHandle }) =>
  async (app: FastifyInstance) => {
    serve(app, calls.version, async () => ({
      success: true as const,
      APP_VERSION: config.appVersion,
      MOBILE_VERSION: config.mobileVersion,
      ANDROID_APP_URL: config.androidAppUrl,
      IOS_APP_URL: config.iosAppUrl,
    }));

    serve(app, calls.health, async () => ({ status: 'ok' as const }), { logLevel: 'warn' });

    serve(
      app,
      calls.readiness,
      async (_request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const, database: database.dialect };
        } catch {
          reply.code(503);
          return { status: 'unavailable' as const, database: database.dialect };
        }
      },
      { logLevel: 'warn' },
    );
  };
