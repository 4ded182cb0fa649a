/**
 * One route table (docs/ARCHITECTURE.md): every call's method, path, who may make it, and
 * the schemas of its parameters, body and answer, written once. The server registers its
 * routes from these definitions and the web client calls through them, so a path or a
 * schema is never written twice and the two sides cannot drift apart.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** Who may call: anyone, a signed-in user, or an administrator. */
export type RouteAccess = 'public' | 'user' | 'admin';
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429;
/**
 * Any call may meet the server's own trouble (SERVER_TROUBLE in texts.ts): 503 while the
 * database does not answer, 507 when the disk is full. Nothing was stored; try again.
 */
export const SERVER_TROUBLE_STATUSES = [503, 507] as const;

/** A multipart body: the JSON `data` part and the file fields, with how many files each takes. */
export interface FormBody<Data extends z.ZodType = z.ZodType> {
  data: Data;
  files: Record<string, { maxCount: number }>;
}

export interface RouteDefinition {
  method: HttpMethod;
  /** The specification's path, with `:name` parameters. */
  path: string;
  /** The same call at other paths (an older version, a trailing slash). */
  aliases?: readonly string[];
  /** Default 'user'. */
  access?: RouteAccess;
  /** Still allowed while the caller must change an administrator-set password. */
  duringPasswordChange?: boolean;
  tags: readonly string[];
  summary: string;
  description?: string;
  /** Not in the OpenAPI document (file downloads). */
  hidden?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart body (a JSON body of the same shape as `data` is accepted too). */
  form?: FormBody;
  /** The answer on success; absent for a file download. */
  response?: z.ZodType;
  /** Statuses answered with `response`; the first is the usual one. Default [200]. */
  statuses?: readonly (200 | 201 | 503)[];
  /** The refusals the call documents (401 is added for every call that is not public). */
  refusals?: readonly RefusalStatus[];
}

export const defineRoute = <const Definition extends RouteDefinition>(definition: Definition): Definition => definition;

type RouteSpec = Omit<RouteDefinition, 'method' | 'path' | 'summary' | 'tags'>;

/**
 * The calls of one feature, tagged alike in the OpenAPI document: `get(path, summary, spec)`
 * and so on, so the table reads one call per entry.
 */
export const routeGroup = (tags: readonly string[]) => {
  const method =
    <Method extends HttpMethod>(verb: Method) =>
    <const Spec extends RouteSpec>(path: string, summary: string, spec: Spec) =>
      ({ method: verb, path, summary, tags, ...spec }) as { method: Method; path: string; summary: string; tags: readonly string[] } & Spec;
  return { get: method('GET'), post: method('POST'), put: method('PUT'), patch: method('PATCH'), delete: method('DELETE') };
};

type ParamsOf<Definition extends RouteDefinition> = Definition['params'] extends z.ZodType ? z.input<Definition['params']> : undefined;

/** The path of a route with its parameters filled in (each encoded). */
export const routePath = <Definition extends RouteDefinition>(
  definition: Definition,
  ...[params]: ParamsOf<Definition> extends undefined ? [] : [ParamsOf<Definition>]
): string =>
  definition.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    if (value === undefined || value === null) throw new Error(`${definition.path} needs the parameter ${name}.`);
    return encodeURIComponent(String(value));
  });

/** A query string for a route's query object: undefined values are left out. */
export const queryString = (query: Record<string, unknown> | undefined): string => {
  const pairs = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
};
