/** Letters and digits that cannot be mistaken for one another when read out (no 0/O, 1/l/I). */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 14;

/**
 * A password for a new person, made in the browser from the crypto generator: the admin
 * sees it in the field and passes it on. The person must change it at the first sign-in.
 */
export const makeTemporaryPassword = (): string => {
  const limit = 256 - (256 % ALPHABET.length);
  let password = '';
  while (password.length < LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(LENGTH * 2))) {
      // Bytes above the last whole multiple of the alphabet would favour its first letters.
      if (byte < limit && password.length < LENGTH) password += ALPHABET[byte % ALPHABET.length];
    }
  }
  return password;
};
