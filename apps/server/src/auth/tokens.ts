/**
 * Signed session tokens (HS256). A token names its user and the user's token version at
 * issue time; raising the version on logout, password change or deactivation revokes every
 * earlier token at once, on every server process, because each check reads the version.
 */
import { SignJWT, errors, jwtVerify } from 'jose';

export interface TokenClaims {
  userId: number;
  version: number;
  /** Issued with Remember Me (7 days) rather than for a session (2 hours). */
  remember: boolean;
}

export interface IssuedToken {
  token: string;
  expiresAt: Date;
}

export interface TokenService {
  issue(claims: TokenClaims, lifetimeMs: number): Promise<IssuedToken>;
  /** The claims of a well-formed, correctly signed, unexpired token; null otherwise. */
  read(token: string): Promise<TokenClaims | null>;
}

const ISSUER = 'internal-chat';

export const createTokenService = (secret: string): TokenService => {
  const key = new TextEncoder().encode(secret);
  return {
    async issue({ userId, version, remember }, lifetimeMs) {
      const expiresAt = new Date(Date.now() + lifetimeMs);
      const token = await new SignJWT({ ver: version, rem: remember })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    async read(token) {
      if (!token || token.length > 4096) return null;
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const version = payload['ver'];
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof version !== 'number') return null;
        return { userId, version, remember: payload['rem'] === true };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
};
