/**
 * The signed-in session: the bearer token in the `token` cookie (000 §7: every call reads
 * it from there, and images send it by themselves) and the user's id and display name in
 * local storage (000 §3).
 */
import type { UserDetails } from '@ichat/shared';
import { expiredCookie, readCookie, serializeCookie } from './cookies';

const TOKEN_COOKIE = 'token';
const STORED_USER_KEY = 'user';

export type StoredUser = Pick<UserDetails, 'id' | 'display_name'>;

const isSecurePage = () => window.location.protocol === 'https:';

export const getToken = (): string | undefined => {
  if (typeof document === 'undefined') return undefined;
  const token = readCookie(document.cookie, TOKEN_COOKIE);
  return token ? token : undefined;
};

export const hasSession = (): boolean => getToken() !== undefined;

/** The cookie lives exactly as long as the server says the token does. */
export const saveToken = (token: string, expiresAt: string): void => {
  document.cookie = serializeCookie(TOKEN_COOKIE, token, {
    expires: new Date(expiresAt),
    isSecure: isSecurePage(),
  });
};

export const parseStoredUser = (raw: string | null): StoredUser | null => {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { id, display_name } = value as Record<string, unknown>;
    if (typeof id !== 'number' || typeof display_name !== 'string') return null;
    return { id, display_name };
  } catch {
    return null;
  }
};

export const getStoredUser = (): StoredUser | null => parseStoredUser(localStorage.getItem(STORED_USER_KEY));

const saveStoredUser = (user: StoredUser): void => {
  localStorage.setItem(STORED_USER_KEY, JSON.stringify({ id: user.id, display_name: user.display_name }));
};

export const startSession = (session: { token: string; expiresAt: string; user: StoredUser }): void => {
  saveToken(session.token, session.expiresAt);
  saveStoredUser(session.user);
};

export const updateStoredDisplayName = (displayName: string): void => {
  const user = getStoredUser();
  if (user) saveStoredUser({ ...user, display_name: displayName });
};

export const clearSession = (): void => {
  document.cookie = expiredCookie(TOKEN_COOKIE, { isSecure: isSecurePage() });
  localStorage.removeItem(STORED_USER_KEY);
};

/** Why a session ended: the person logged out, or the server refused the token. */
export type SessionEndReason = 'logout' | 'revoked';
type SessionEndedListener = (reason: SessionEndReason) => void;
let sessionEndedListener: SessionEndedListener | null = null;

/** The app decides where an ended session goes; lib code only reports it. */
export const setSessionEndedListener = (listener: SessionEndedListener | null): void => {
  sessionEndedListener = listener;
};

/** Every way out of a session goes through here: forget it locally, then let the app leave. */
export const endSession = (reason: SessionEndReason): void => {
  clearSession();
  sessionEndedListener?.(reason);
};

/** The server refused the token (revoked, expired, password changed elsewhere). */
export const endRevokedSession = (): void => endSession('revoked');
