/** Version (000 §7 Accounts), liveness and readiness. */
import { versionResponseSchema } from '../schemas/accounts.js';
import { healthResponseSchema, readinessResponseSchema } from '../schemas/system.js';
import { routeGroup } from './define.js';

const { get } = routeGroup(['system']);

export const systemRoutes = {
  version: get('/api/v1/version', 'Web and mobile versions, and the app download links', { access: 'public', response: versionResponseSchema }),
  health: get('/healthz', 'The process is up', { access: 'public', response: healthResponseSchema }),
  readiness: get('/readyz', 'The database answers (503 when it does not)', {
    access: 'public',
    response: readinessResponseSchema,
    statuses: [200, 503],
  }),
};
