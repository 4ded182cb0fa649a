/** Version (000 §7 Accounts), liveness and readiness. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, readinessResponseSchema, versionResponseSchema } from '@ichat/shared';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/dialect.js';
import { publicRoute } from '../../http/authenticate.js';

export const systemRoutes =
  ({ config, database }: { config: Config; database: DatabaseHandle }) =>
  async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/v1/version',
      {
        config: publicRoute,
        schema: { tags: ['system'], summary: 'Web and mobile versions, and the app download links', response: { 200: versionResponseSchema } },
      },
      async () => ({
        success: true as const,
        APP_VERSION: config.appVersion,
        MOBILE_VERSION: config.mobileVersion,
        ANDROID_APP_URL: config.androidAppUrl,
        IOS_APP_URL: config.iosAppUrl,
      }),
    );

    app.get(
      '/healthz',
      { logLevel: 'warn', schema: { tags: ['system'], summary: 'The process is up', response: { 200: healthResponseSchema } } },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/readyz',
      {
        logLevel: 'warn',
        schema: {
          tags: ['system'],
          summary: 'The database answers',
          response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
        },
      },
      async (_request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const, database: database.dialect };
        } catch {
          reply.code(503);
          return { status: 'unavailable' as const, database: database.dialect };
        }
      },
    );
  };
