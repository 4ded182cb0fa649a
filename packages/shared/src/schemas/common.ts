import { z } from 'zod';

/** Every failure: `{success: false, message}` with a 4xx status (docs/DECISIONS.md, "Errors"). */
export const failureSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type Failure = z.infer<typeof failureSchema>;

/** A success body: `{success: true, ...the document's keys}`. */
export const successSchema = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ success: z.literal(true), ...shape });

export const messageOnlySchema = successSchema({ message: z.string() });

export const idSchema = z.number().int().positive();
export const isoDateSchema = z.string().describe('ISO-8601 date and time in UTC');

/** A positive integer taken from a path segment or query string. */
export const idParam = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number.` })
    .int({ error: `${label} must be a whole number.` })
    .positive({ error: `${label} must be a positive number.` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${label} is too large.` });

/** Required text: trimmed, not blank, bounded. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} must be at most ${max} characters.` });

export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters.` });

/** Where a page sits in a paged list: its number, its size and how many rows there are in all. */
export const paginationSchema = z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int() });

/** Page and limit of a paged list. */
export const pageQuery = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    page: z.coerce
      .number({ error: 'Page must be a number.' })
      .int({ error: 'Page must be a whole number.' })
      .min(1, { error: 'Page must be 1 or more.' })
      .max(1_000_000, { error: 'Page is too large.' })
      .default(1),
    limit: z.coerce
      .number({ error: 'Limit must be a number.' })
      .int({ error: 'Limit must be a whole number.' })
      .min(1, { error: 'Limit must be 1 or more.' })
      .max(maxLimit, { error: `Limit must be at most ${maxLimit}.` })
      .default(defaultLimit),
  });
