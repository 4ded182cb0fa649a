import { failureSchema } from '@ichat/shared';
import type { ClientErrorStatus } from './errors.js';

/** Response schemas for the refusals a route documents in OpenAPI. */
export const failures = (...statuses: ClientErrorStatus[]) =>
  Object.fromEntries(statuses.map((status) => [status, failureSchema])) as Record<
    ClientErrorStatus,
    typeof failureSchema
  >;
