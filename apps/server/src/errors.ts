/**
 * Every refusal the product makes: a status from the envelope's set and a sentence a person
 * understands. Services throw these; the error handler turns them into
 * `{success: false, message}`.
 */
import type { RefusalKind, Verdict } from '@ichat/shared';

export type ClientErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;

export class AppError extends Error {
  constructor(
    readonly statusCode: ClientErrorStatus,
    message: string,
    /** Sent as Retry-After (whole seconds) with a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const STATUS_OF_REFUSAL: Record<RefusalKind, ClientErrorStatus> = { 'not-found': 404, forbidden: 403, conflict: 409, invalid: 400 };

/** Throws a policy's refusal (packages/shared/src/policies) as the matching AppError. */
export function enforce(verdict: Verdict): asserts verdict is null {
  if (verdict) throw new AppError(STATUS_OF_REFUSAL[verdict.kind], verdict.message);
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(429, message, retryAfterSeconds);
