/** Version (000 §7 Accounts), liveness and readiness. */
import { versionResponseSchema } from '../schemas/accounts.js';
import { healthResponseSchema, readinessResponseSchema } from '../schemas/system.js';
import { defineRoute } from './define.js';

const tags = ['system'];

export const systemRoutes = {
  version: defineRoute({
    method: 'GET',
    path: '/api/v1/version',
    access: 'public',
    tags,
    summary: 'Web and mobile versions, and the app download links',
    response: versionResponseSchema,
  }),
  health: defineRoute({
    method: 'GET',
    path: '/healthz',
    access: 'public',
    tags,
    summary: 'The process is up',
    response: healthResponseSchema,
  }),
  readiness: defineRoute({
    method: 'GET',
    path: '/readyz',
    access: 'public',
    tags,
    summary: 'The database answers (503 when it does not)',
    response: readinessResponseSchema,
  }),
};
