/**
 * Every call of the web client goes through `callApi` with its definition from the shared
 * route table (packages/shared/src/routes), so no path is written here twice: same-origin
 * paths, `Authorization: Bearer {token}` from the `token` cookie (000 §7), and the answer
 * checked against the route's schema so a contract drift fails loudly here instead of deep
 * inside a component.
 */
import { queryString, routePath, type FormBody, type RouteDefinition } from '@ichat/shared';
import type { z } from 'zod';
import { endRevokedSession, getToken } from './session';
import { suspectServerLost } from './server-reachability';

interface ResponseSchema<T> {
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
/**
 * The server refused what was typed or attached (400, or 413 for a file over the limit): the
 * person can fix it, so it is said at the form, not in the EREF dialog (issue 17).
 */
export const isInputRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.status === 400 || error.status === 413);

interface RequestOptions<T> {
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

const authorizedHeaders = (accept: string): { headers: Headers; token: string | undefined } => {
  const headers = new Headers({ Accept: accept });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return { headers, token };
};

const apiRequest = async <T>(path: string, options: RequestOptions<T>): Promise<T> => {
  const { method = 'GET', body, schema, isSessionCall = true, signal } = options;
  const { headers, token } = authorizedHeaders('application/json');

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
    suspectServerLost();
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

type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;

/** What a call takes: its path parameters, query and body, as its definition says. */
export type CallInput<Definition extends RouteDefinition> = {
  signal?: AbortSignal;
  /** See RequestOptions.isSessionCall. */
  isSessionCall?: boolean;
} & (Input<Definition['params']> extends undefined ? { params?: undefined } : { params: Input<Definition['params']> }) &
  (Input<Definition['query']> extends undefined ? { query?: undefined } : { query?: Input<Definition['query']> }) &
  (Definition['form'] extends FormBody
    ? { body: FormData | Input<Definition['form']['data']> }
    : Input<Definition['body']> extends undefined
      ? { body?: undefined }
      : { body: Input<Definition['body']> });

export type CallAnswer<Definition extends RouteDefinition> = Definition['response'] extends z.ZodType
  ? z.output<Definition['response']>
  : never;

/** The URL of a route, e.g. an image or a download for an <img> or <a>. */
export const routeUrl = <Definition extends RouteDefinition>(
  route: Definition,
  params?: Input<Definition['params']>,
  query?: Record<string, unknown>,
): string => `${(routePath as (route: RouteDefinition, params?: unknown) => string)(route, params)}${queryString(query)}`;

/** One call of the API, as the shared route table defines it. */
export const callApi = <Definition extends RouteDefinition & { response: z.ZodType }>(
  route: Definition,
  ...[input]: Record<string, never> extends CallInput<Definition> ? [CallInput<Definition>?] : [CallInput<Definition>]
): Promise<CallAnswer<Definition>> => {
  const { params, query, body, signal, isSessionCall } = (input ?? {}) as CallInput<RouteDefinition> & {
    params?: unknown;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  return apiRequest(routeUrl(route, params as never, query), {
    method: route.method,
    body,
    schema: route.response as ResponseSchema<CallAnswer<Definition>>,
    ...(isSessionCall === undefined ? {} : { isSessionCall }),
    ...(signal ? { signal } : {}),
  });
};

/** A downloaded file: its content and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` preferred, then `filename="…"`). */
export const fileNameOf = (disposition: string | null, fallback: string): string => {
  if (!disposition) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed name: the quoted one, or the fallback, is as good.
    }
  }
  const quoted = /filename="([^"]+)"/i.exec(disposition)?.[1] ?? /filename=([^;]+)/i.exec(disposition)?.[1];
  return quoted?.trim() || fallback;
};

/**
 * A download (a CSV export) with the session's token, as every call sends it: a plain link
 * could not carry the Authorization header. Refusals are ApiErrors with the server's sentence.
 */
export const downloadFile = async <Definition extends RouteDefinition>(
  route: Definition,
  input: { params?: Input<Definition['params']>; query?: Record<string, unknown>; signal?: AbortSignal },
  fallbackName: string,
): Promise<DownloadedFile> => {
  const { headers, token } = authorizedHeaders('*/*');
  let response: Response;
  try {
    response = await fetch(routeUrl(route, input.params, input.query), {
      headers,
      credentials: 'same-origin',
      ...(input.signal ? { signal: input.signal } : {}),
    });
  } catch (error) {
    if (input.signal?.aborted) throw error;
    throw new ApiError(NO_RESPONSE, NO_RESPONSE_MESSAGE);
  }
  if (!response.ok) {
    if (response.status === 401 && token) endRevokedSession();
    throw new ApiError(response.status, failureMessage(await readJson(response)) ?? fallbackMessage(response.status));
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName) };
};
