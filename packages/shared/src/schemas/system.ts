import { z } from 'zod';

/** GET /healthz: the process is up. GET /readyz: the database answers. */
export const healthResponseSchema = z.object({ status: z.literal('ok') });
export const readinessResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['sqlite', 'postgres']),
});
