/**
 * Text as it arrives, before any route validates it (found by http/fuzz.test.ts, each a 500
 * on PostgreSQL only):
 * - The NUL character: PostgreSQL cannot store it and fails the query; SQLite stores it.
 *   Nobody types one, so it is refused, alike on both databases.
 * - A lone UTF-16 surrogate (half an emoji, as a client that cut a string sends it; JSON's
 *   "\ud800"): PostgreSQL's jsonb refuses it (the audit trail's before/after, a form's data).
 *   It is replaced by U+FFFD, the replacement character, which is what storing it as UTF-8
 *   makes of it anyway, so the text kept is the text answered, on both databases.
 * Checked in path parameters, query string, a JSON body, and the JSON data part of a form
 * (http/multipart.ts). File names are cleaned of control characters on their own
 * (storage/file-names.ts). Live socket events store no text and answer only ids.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

export const NUL_REFUSED = 'Text cannot contain the NUL character.';

/**
 * The value with every lone surrogate in its strings (keys included) replaced; objects and
 * arrays are changed in place, since they are the request's own freshly parsed input.
 * Throws the 400 for a NUL anywhere in it.
 */
export const cleanInputText = (value: unknown): unknown => {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw badRequest(NUL_REFUSED);
    return value.toWellFormed();
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) value[index] = cleanInputText(value[index]);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      const cleanKey = cleanInputText(key) as string;
      const cleanItem = cleanInputText(item);
      if (cleanKey !== key) delete record[key];
      if (cleanKey !== key || cleanItem !== item) record[cleanKey] = cleanItem;
    }
  }
  return value;
};

/** Before any route validates its input: a NUL anywhere in it is a 400, a lone surrogate a U+FFFD. */
export const registerInputTextGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      request.params = cleanInputText(request.params);
      request.query = cleanInputText(request.query);
      request.body = cleanInputText(request.body);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
};
