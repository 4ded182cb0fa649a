/**
 * Failures that are the server's trouble, not the request's (issue 20), told apart on both
 * drivers and the file system: the database does not answer (PostgreSQL stopped,
 * restarting or unreachable), or the disk is full. The error handler answers them 503 and
 * 507 with a sentence (SERVER_TROUBLE in the shared texts) instead of a bare 500.
 */

const codeOf = (error: unknown): string | undefined => {
  if (!error || typeof error !== 'object') return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === 'string' ? code : undefined;
};

/** Connection-level errors of node-postgres and the network. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
/**
 * PostgreSQL's own: class 08 (connection exception), 57P01–57P03 (terminated by an
 * administrator, crash shutdown, cannot connect now: starting or shutting down), 53300 (too
 * many connections).
 */
const POSTGRES_UNAVAILABLE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
/** node-postgres says these without a code. */
const POSTGRES_UNAVAILABLE_MESSAGES = /^(Connection terminated( unexpectedly)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

export const isDatabaseUnavailable = (error: unknown): boolean => {
  const code = codeOf(error);
  if (code !== undefined && (UNREACHABLE_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return true;
  return error instanceof Error && POSTGRES_UNAVAILABLE_MESSAGES.test(error.message);
};

/** No space left: on the file system (uploads), in SQLite's file, or in PostgreSQL's (53100). */
export const isStorageFull = (error: unknown): boolean => {
  const code = codeOf(error);
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL' || code === '53100';
};
