/**
 * The NUL character in text: PostgreSQL cannot store it and fails the query (found by
 * http/fuzz.test.ts: a 500), SQLite stores it. Nobody types one, so it is refused where
 * input arrives, alike on both databases: path parameters, query string, a JSON body, and
 * the JSON data part of a form (http/multipart.ts). File names are cleaned of control
 * characters on their own (storage/file-names.ts).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

export const NUL_REFUSED = 'Text cannot contain the NUL character.';

/** Whether any string in the value (keys included) holds a NUL. */
export const containsNul = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
};

/** Before any route validates its input: a NUL anywhere in it is a 400. */
export const registerNulGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    done(containsNul(request.params) || containsNul(request.query) || containsNul(request.body) ? badRequest(NUL_REFUSED) : undefined);
  });
};
