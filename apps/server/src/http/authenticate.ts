/**
 * Authentication comes first, on every route: one `onRequest` hook, which runs before the
 * body is read and before any body, query or path parameter is validated, so a caller who
 * is not signed in learns only that (401), whatever else is wrong with the call.
 *
 * Secure by default: every route under /api/ and /assets/ (and any unknown path there)
 * needs a signed-in user unless its definition in the shared route table says
 * `access: 'public'`; `access: 'admin'` also needs admin access (403 otherwise).
 *
 * The caller is the user of the bearer token (header `Authorization: Bearer {token}`, as
 * the web client sends it). Image and file GETs may carry the token in the `token` cookie
 * instead, because an <img> cannot send a header; calls that change anything require the
 * header, so a cross-site form cannot act with the cookie.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAdminister, TEXT, type RouteAccess } from '@ichat/shared';
import type { Actor, Authenticate, AuthUser } from '../auth/auth-user.js';
import { enforce, forbidden, unauthorized } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Who may call the route; unset means 'user' under /api/ and /assets/, else 'public'. */
    access?: RouteAccess;
    /** Allowed while the caller must change an administrator-set password. */
    duringPasswordChange?: boolean;
  }
}

const PROTECTED_PATHS = /^\/(api|assets)(\/|$|\?)/;

/** The access a route needs; paths no route matches are judged by their prefix. */
export const accessFor = (declared: RouteAccess | undefined, path: string): RouteAccess =>
  declared ?? (PROTECTED_PATHS.test(path) ? 'user' : 'public');

export const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    return match?.[1];
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    const cookie = request.cookies['token'];
    return cookie ? cookie : undefined;
  }
  return undefined;
};

export const registerAuthentication = (app: FastifyInstance, authenticate: Authenticate) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const access = accessFor(request.routeOptions.config.access, request.routeOptions.url ?? request.url);
    if (access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized(TEXT.notSignedIn);
    const user = await authenticate(token);
    if (!user) throw unauthorized(TEXT.sessionExpired);
    request.user = user;
    // Until the person replaces a password an administrator set, they may only do that.
    if (user.mustChangePassword && !request.routeOptions.config.duringPasswordChange) throw forbidden(TEXT.mustChangePassword);
    if (access === 'admin') enforce(canAdminister(user));
  });
};

/** The authenticated caller; only valid in a route that is not public. */
export const caller = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw unauthorized(TEXT.notSignedIn);
  return request.user;
};

/** The signed-in caller as the audit log records them: who, and from which address. */
export const actorOf = (request: FastifyRequest): Actor => ({ id: caller(request).id, address: request.ip });
