/**
 * Every call of the web client: same-origin paths, `Authorization: Bearer {token}` from the
 * `token` cookie (000 §7), and the response checked against its shared schema so a
 * contract drift fails loudly here instead of deep inside a component.
 */
import { endRevokedSession, getToken } from './session';

/** What a shared zod response schema offers; typed structurally so the web needs no zod import. */
export interface ResponseSchema<T> {
  parse(input: unknown): T;
}

/** No HTTP response at all: the server is unreachable or the connection dropped. */
export const NO_RESPONSE = 0;

const NO_RESPONSE_MESSAGE = 'The server could not be reached. Please check your connection and try again.';
const UNEXPECTED_RESPONSE_MESSAGE = 'The server sent a response this page does not understand.';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const isNoResponse = (error: unknown): boolean => error instanceof ApiError && error.status === NO_RESPONSE;
export const isUnauthorized = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value goes out as JSON; FormData as multipart. */
  body?: unknown;
  schema: ResponseSchema<T>;
  /**
   * Whether a 401 means the session has been revoked. Login answers 401 for wrong
   * credentials, and logout must not loop back into itself, so they opt out.
   */
  isSessionCall?: boolean;
  signal?: AbortSignal;
}

const fallbackMessage = (status: number): string =>
  status >= 500 ? `The server had a problem (HTTP ${status}). Please try again later.` : `The request failed (HTTP ${status}).`;

const readJson = async (response: Response): Promise<unknown> => {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
};

const failureMessage = (body: unknown): string | undefined => {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message } = body as Record<string, unknown>;
  return typeof message === 'string' && message.trim() ? message : undefined;
};

const isSuccessBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as Record<string, unknown>)['success'] === true;

export const apiRequest = async <T>(path: string, options: RequestOptions<T>): Promise<T> => {
  const { method = 'GET', body, schema, isSessionCall = true, signal } = options;
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NO_RESPONSE, NO_RESPONSE_MESSAGE);
  }

  const json = await readJson(response);
  if (!response.ok || !isSuccessBody(json)) {
    if (response.status === 401 && isSessionCall && token) endRevokedSession();
    throw new ApiError(response.status, failureMessage(json) ?? fallbackMessage(response.status));
  }
  try {
    return schema.parse(json);
  } catch {
    throw new ApiError(response.status, UNEXPECTED_RESPONSE_MESSAGE);
  }
};
