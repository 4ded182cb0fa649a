/**
 * One place that turns every failure into the envelope `{success: false, message}` with a
 * status from 400, 401, 403, 404, 409, 413 and 429; the server's own trouble is a 503 (the
 * database does not answer) or a 507 (the disk is full), each with its sentence. Anything
 * unexpected is logged in full and answered with a 500 that reveals nothing.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ATTACHMENT_LIMIT_MB, attachmentTooLargeText, DATABASE_UNAVAILABLE_RETRY_SECONDS, SERVER_TROUBLE } from '@ichat/shared';
import { isDatabaseUnavailable, isStorageFull } from '../db/failures.js';
import { AppError, type ClientErrorStatus } from '../errors.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

const fieldName = (instancePath: string | undefined): string =>
  (instancePath ?? '').replace(/^\//, '').split('/').filter(Boolean).join('.');

/**
 * The shared schemas word their own messages ('Display name is required.'). Zod's stock
 * messages ('Invalid input: expected number, received string') get the field named in front.
 */
export const describeValidationIssue = (issue: ValidationIssue): string => {
  const message = issue.message ?? 'is not valid.';
  const field = fieldName(issue.instancePath);
  const isOwnWording =
    (/^[A-Z'"]/.test(message) && !/^(Invalid|Too (small|big)|Unrecognized|Expected)/.test(message)) ||
    (field !== '' && message.startsWith(`${field.split('.').pop()} `));
  if (isOwnWording || !field) return isOwnWording ? message : `The request is not valid: ${message}`;
  return `${field}: ${message}`;
};

const KNOWN_FRAMEWORK_ERRORS: Record<string, { status: ClientErrorStatus; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The request body is empty.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, message: 'This call does not accept that content type.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request body length is not valid.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: attachmentTooLargeText(ATTACHMENT_LIMIT_MB) },
  FST_FILES_LIMIT: { status: 413, message: 'Too many files in one request.' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Too many fields in one request.' },
  FST_PARTS_LIMIT: { status: 413, message: 'Too many parts in one request.' },
  FST_PROTO_VIOLATION: { status: 400, message: 'The form data is not valid.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, message: 'Send this as form data (multipart/form-data).' },
  FST_ERR_VALIDATION: { status: 400, message: 'The request is not valid.' },
};

const clientStatusFor = (status: number): ClientErrorStatus => {
  if (status === 401 || status === 403 || status === 404 || status === 409 || status === 413 || status === 429) {
    return status;
  }
  if (status === 405) return 404;
  if (status === 411) return 400;
  return 400;
};

export const sendFailure = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).type('application/json; charset=utf-8').send({ success: false, message });

export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // Refused before its body was read to the end (a file past a limit, a full disk): the
    // rest of the body would still be on the connection, in front of the client's next
    // request on it, which then never gets an answer. The connection closes after this one.
    if (!request.raw.complete) reply.header('connection', 'close');
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return sendFailure(reply, error.statusCode, error.message);
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const [first] = error.validation as ValidationIssue[];
      return sendFailure(reply, 400, first ? describeValidationIssue(first) : 'The request is not valid.');
    }

    const known = error.code ? KNOWN_FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return sendFailure(reply, known.status, known.message);

    if (error.statusCode === 429) {
      return sendFailure(reply, 429, 'Too many requests. Please wait a moment and try again.');
    }

    // Other errors the framework raised because of the request itself (malformed URL,
    // header, or body) carry a 4xx; keep the sentence short and plain.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'request refused');
      return sendFailure(reply, clientStatusFor(error.statusCode), 'The request could not be understood.');
    }

    // Nothing of the call was stored: a transaction that failed rolled back, and files
    // already written are removed by their own clean-up (http/multipart.ts).
    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'storage full');
      return sendFailure(reply, 507, SERVER_TROUBLE.storageFull);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_UNAVAILABLE_RETRY_SECONDS));
      return sendFailure(reply, 503, SERVER_TROUBLE.databaseUnavailable);
    }

    request.log.error({ err: error }, 'unexpected error');
    return sendFailure(reply, 500, 'Something went wrong on our side. Please try again.');
  });
};
