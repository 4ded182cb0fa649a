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

/**
 * A token's signature check is a pure function of the token and the secret, and it is the
 * largest per-request cost after the database (bench/RESULTS.md, "Live fan-out"). Checked
 * tokens are remembered until they expire; whether they are still honoured (revoked,
 * deactivated) is read on every request by the caller of `read`, never cached here.
 */
const VERIFIED_TOKENS_KEPT = 20_000;

export const createTokenService = (secret: string): TokenService => {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: TokenClaims, expiresAtMs: number) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, expiresAtMs });
  };
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
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const version = payload['ver'];
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof version !== 'number' || typeof payload.exp !== 'number') return null;
        const claims = { userId, version, remember: payload['rem'] === true };
        remember(token, claims, payload.exp * 1000);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
};
