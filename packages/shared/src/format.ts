/**
 * Formatting shared by the page and the server: money in centavos, relative times, and
 * previews. Kept free of browser and Node APIs so both sides run the same code.
 */
import { CURRENCY, CURRENCY_DECIMALS, CURRENCY_LOCALE } from './constants.js';

const pesoFormat = new Intl.NumberFormat(CURRENCY_LOCALE, {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: CURRENCY_DECIMALS,
  maximumFractionDigits: CURRENCY_DECIMALS,
});

/** Formats integer centavos as pesos, e.g. 123456 → '₱1,234.56'. */
export const formatCentavos = (centavos: number): string => pesoFormat.format(centavos / 100);

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
