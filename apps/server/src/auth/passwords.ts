/**
 * Password hashing with scrypt from node:crypto (no native dependency). Stored as
 * `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking old hashes.
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const DEFAULT_COST = { N: 16384, r: 8, p: 1 };

const derive = (password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const key = await derive(password, salt, DEFAULT_COST);
  const { N, r, p } = DEFAULT_COST;
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await derive(password, Buffer.from(saltText, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, so an unknown account answers no
 * faster than a wrong password does.
 */
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
};

/** Letters and digits that cannot be mistaken for one another when read aloud or copied by hand. */
const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A temporary password an administrator hands over (three groups of four, e.g.
 * `Hq7k-2mPx-Ta9r`): about 65 bits, with upper and lower case and a digit so it also
 * passes any password rule, and changed at the first sign-in anyway.
 */
export const temporaryPassword = (): string => {
  for (;;) {
    const text = Array.from({ length: 12 }, () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)]!).join('');
    if (/[A-Z]/.test(text) && /[a-z]/.test(text) && /[0-9]/.test(text)) {
      return `${text.slice(0, 4)}-${text.slice(4, 8)}-${text.slice(8, 12)}`;
    }
  }
};
