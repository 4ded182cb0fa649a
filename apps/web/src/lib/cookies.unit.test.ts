import { describe, expect, it } from 'vitest';
import { expiredCookie, readCookie, serializeCookie } from './cookies';

describe('readCookie', () => {
  it('finds the named cookie among others and decodes it', () => {
    expect(readCookie('theme=dark; token=a%2Bb%3D; lang=en', 'token')).toBe('a+b=');
  });

  it('does not match a cookie whose name merely ends with the wanted name', () => {
    expect(readCookie('xtoken=wrong; token_old=also-wrong', 'token')).toBeUndefined();
  });

  it('keeps "=" inside the value', () => {
    expect(readCookie('token=abc==', 'token')).toBe('abc==');
  });

  it('returns the raw value when it is not valid percent-encoding', () => {
    expect(readCookie('token=50%zz', 'token')).toBe('50%zz');
  });

  it('is undefined when the cookie is absent or the string is empty', () => {
    expect(readCookie('', 'token')).toBeUndefined();
    expect(readCookie('lang=en', 'token')).toBeUndefined();
  });
});

describe('serializeCookie', () => {
  const expires = new Date('2030-01-02T03:04:05.000Z');

  it('writes path, SameSite=Strict and the expiry the server gave', () => {
    expect(serializeCookie('token', 'a+b', { expires, isSecure: false })).toBe(
      'token=a%2Bb; Path=/; SameSite=Strict; Expires=Wed, 02 Jan 2030 03:04:05 GMT',
    );
  });

  it('adds Secure only for https pages', () => {
    expect(serializeCookie('token', 'x', { expires, isSecure: true })).toMatch(/; Secure$/);
    expect(serializeCookie('token', 'x', { expires, isSecure: false })).not.toContain('Secure');
  });

  it('round-trips through readCookie', () => {
    const value = 'eyJhbGciOi.J9x/y+z==';
    const written = serializeCookie('token', value, { isSecure: false }).split(';')[0] ?? '';
    expect(readCookie(written, 'token')).toBe(value);
  });

  it('expires a cookie in the past on the same path', () => {
    expect(expiredCookie('token', { isSecure: false })).toBe(
      'token=; Path=/; SameSite=Strict; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
  });
});
