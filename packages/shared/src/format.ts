/**
 * Formatting shared by the page and the server: money, relative times, and previews. Kept
 * free of browser and Node APIs so both sides run the same code.
 *
 * Money: the server and the database keep integer centavos (no floating-point sums); the API
 * answers pesos, a JSON number with at most 2 decimals (1234.56), as the clients send them.
 * `centavosToPesos` is the one conversion between the two, used where the server builds a
 * response; the page formats those pesos with `formatPesos`.
 */
import { CURRENCY, CURRENCY_DECIMALS, CURRENCY_LOCALE } from './constants.js';

const pesoFormat = new Intl.NumberFormat(CURRENCY_LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: CURRENCY_DECIMALS,
  maximumFractionDigits: CURRENCY_DECIMALS,
});

/**
 * The largest amount the API carries: ₱9,999,999,999,999.99, i.e. 15 significant digits.
 * A double holds every decimal of 15 significant digits exactly enough to be written back
 * as the same digits; beyond that two centavo amounts can become one number (near 2^53
 * centavos, 9007199254740990 and 9007199254740991 both divide to 90071992547409.9).
 */
export const MAX_CENTAVOS = 999_999_999_999_999;
export const MAX_PESOS = MAX_CENTAVOS / 100;

/**
 * Integer centavos, as the server stores and sums them, → pesos as the API answers them:
 * 123456 → 1234.56, 7 → 0.07. The result is the double nearest the exact peso amount, so
 * JSON writes it with at most 2 decimals. Anything but a whole number of centavos within
 * ±MAX_CENTAVOS is a RangeError: an amount is never sent rounded or approximate.
 */
export const centavosToPesos = (centavos: number): number => {
  if (!Number.isSafeInteger(centavos) || Math.abs(centavos) > MAX_CENTAVOS) {
    throw new RangeError(`${String(centavos)} is not a whole number of centavos the API can carry.`);
  }
  // `+ 0` writes -0 as 0.
  return centavos / 100 + 0;
};

/** Whether a number is a peso amount with at most 2 decimals (what centavosToPesos gives). */
export const hasAtMostTwoDecimals = (pesos: number): boolean => Number.isFinite(pesos) && Math.round(pesos * 100) / 100 === pesos;

/** Formats pesos, as the API answers them, the en-PH way: 3703.75 → '₱3,703.75'. */
export const formatPesos = (pesos: number): string => pesoFormat.format(pesos);

/**
 * Parses a peso amount typed by a person ('1,234.5', '₱ 20') into integer centavos without
 * passing through a float sum. Unparsable input becomes 0, as the forms require (001 §5).
 */
export const pesosToCentavos = (input: string | number): number => {
  const text = String(input).replace(/[₱,\s]/g, '').replace(/^PHP/i, '');
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return 0;
  const [, sign, whole = '', fraction = ''] = match;
  const cents = Number(whole || '0') * 100 + Number((fraction + '00').slice(0, 2));
  const roundUp = Number(fraction[2] ?? '0') >= 5 ? 1 : 0;
  const value = cents + roundUp;
  return sign === '-' ? -value : value;
};

/** Shortened relative time: 'now', then s, m, h, d, mo, y (000 §9). */
export const formatRelativeTime = (then: Date | string | number, now: Date = new Date()): string => {
  const thenMs = new Date(then).getTime();
  const seconds = Math.max(0, Math.floor((now.getTime() - thenMs) / 1000));
  if (seconds < 60) return 'now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days}d`;
  const months = Math.floor(days / 30);
  if (months < 12) return `${months}mo`;
  return `${Math.floor(days / 365)}y`;
};

/** Truncates to `length` characters with an ellipsis (000 §9 previews). */
export const truncate = (text: string, length: number): string => {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join('')}…` : text;
};

/** File sizes in KB with two decimals (000 §9). */
export const formatKilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KB`;

/**
 * Today's date in the company's time zone (Asia/Manila, UTC+8 all year) as 'YYYY-MM-DD':
 * the calendar that request dates, delegations and reminders follow.
 */
export const manilaToday = (now = Date.now()): string => new Date(now + 8 * 3600_000).toISOString().slice(0, 10);

/** The first millisecond of a 'YYYY-MM-DD' day in Manila (UTC+8, no daylight saving). */
export const manilaDayStart = (day: string): number => Date.parse(`${day}T00:00:00+08:00`);
