/**
 * Authentication: the caller is the user of the bearer token (header `Authorization:
 * Bearer {token}`, as the web client sends it). Image and file GETs may carry the token in
 * the `token` cookie instead, because an <img> cannot send a header; calls that change
 * anything require the header, so a cross-site form cannot act with the cookie.
 */
import type { FastifyRequest } from 'fastify';
import { TEXT } from '@ichat/shared';
import type { AccountsService, AuthUser } from '../features/accounts/accounts.service.js';
import { forbidden, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

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

export const createGuards = (accounts: AccountsService) => {
  const requireUser = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(TEXT.notSignedIn);
    const user = await accounts.authenticate(token);
    if (!user) throw unauthorized(TEXT.sessionExpired);
    request.user = user;
  };

  const requireAdmin = async (request: FastifyRequest) => {
    await requireUser(request);
    if (!request.user?.isAdmin) throw forbidden(TEXT.permissionDenied);
  };

  return { requireUser, requireAdmin };
};

export type Guards = ReturnType<typeof createGuards>;

/** The authenticated caller; only valid in a route guarded by requireUser. */
export const caller = (request: FastifyRequest): AuthUser => {
  if (!request.user) throw unauthorized(TEXT.notSignedIn);
  return request.user;
};
