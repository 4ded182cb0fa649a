/** Cookie strings in and out, kept free of `document` so the rules can be tested. */

export interface CookieOptions {
  /** Absent: a session cookie that ends with the browser. */
  expires?: Date;
  isSecure: boolean;
  path?: string;
}

export const readCookie = (cookieString: string, name: string): string | undefined => {
  for (const pair of cookieString.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    const raw = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
};

export const serializeCookie = (name: string, value: string, options: CookieOptions): string => {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, 'SameSite=Strict'];
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  // Staff reach the office server over plain http; a Secure cookie would never be sent back there.
  if (options.isSecure) parts.push('Secure');
  return parts.join('; ');
};

export const expiredCookie = (name: string, options: Pick<CookieOptions, 'isSecure' | 'path'>): string =>
  serializeCookie(name, '', { ...options, expires: new Date(0) });
