/**
 * Money and quantity arithmetic of the forms (001 §5): everything in integers (centavos and
 * hundredths of a unit), so 0.1 + 0.2 never shows up as a cost. Unparsable input is 0.
 * Amounts from the API are pesos already and are shown with the shared formatPesos.
 */
import { formatPesos, pesoAmountSchema, pesosToCentavos, quantitySchema } from '@ichat/shared';

/** What may be typed in a quantity or amount: digits, separators and one decimal point. */
const NUMBER_TEXT = /^\s*₱?[\d,\s]*(\.\d*)?$/;
const firstIssue = (result: { success: boolean; error?: { issues: readonly { message: string }[] } }): string | null =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/**
 * Why a typed quantity is refused, in the server's words (the same schema checks it there),
 * or null. A blank one is the required-field check's business.
 */
export const quantityProblem = (input: string): string | null => {
  if (input.trim() === '') return null;
  if (input.includes('-')) return 'Quantity cannot be negative.';
  if (!NUMBER_TEXT.test(input)) return 'Quantity must be a number.';
  return firstIssue(quantitySchema('Quantity').safeParse(input.replace(/[,\s]/g, '')));
};

/** Why a typed peso amount (an ePR's estimated price, a transmittal's amount) is refused, or null; blank is ₱0.00 (001 §5). */
export const priceProblem = (input: string, label = 'Estimated price'): string | null => {
  if (input.trim() === '') return null;
  if (input.includes('-')) return `${label} cannot be negative.`;
  if (!NUMBER_TEXT.test(input)) return `${label} must be a number.`;
  if (/\.\d{3}/.test(input)) return `${label} can have at most 2 decimals.`;
  if ((input.split('.')[0] ?? '').replace(/[₱,\s]/g, '').replace(/^0+/, '').length > 10) return `${label} must be at most ₱9,999,999,999.99.`;
  return firstIssue(pesoAmountSchema(label).safeParse(input));
};

/** A typed quantity ('1,200', '2.5') in hundredths of a unit; unparsable → 0. */
export const quantityToHundredths = (input: string): number => pesosToCentavos(input);

/** The typed quantity as the number the server receives (0 when unparsable). */
export const parseQuantity = (input: string): number => quantityToHundredths(input) / 100;

/** The typed peso amount in centavos; unparsable → 0. */
export const amountToCentavos = (input: string): number => pesosToCentavos(input);

/**
 * Quantity × estimated price in centavos, rounded half up the way the server rounds, with
 * BigInt so even large amounts stay exact.
 */
export const lineCostCentavos = (quantity: string, price: string): number => {
  // A refused quantity or price counts for nothing: −5 × −250 is not ₱1,250.00.
  if (quantityProblem(quantity) !== null || priceProblem(price) !== null) return 0;
  const hundredths = BigInt(quantityToHundredths(quantity));
  const centavos = BigInt(amountToCentavos(price));
  const product = hundredths * centavos;
  const rounded = product >= 0n ? (product + 50n) / 100n : -((-product + 50n) / 100n);
  return Number(rounded);
};

/** The sum of row costs in centavos. */
export const totalCentavos = (costs: readonly number[]): number => costs.reduce((sum, cost) => sum + cost, 0);

/**
 * A running figure of the form (integer centavos) shown as pesos: 2110 → '₱21.10'. Only for
 * the form's own arithmetic: an amount in an API answer is pesos and goes to formatPesos.
 */
export const formatCentavos = (centavos: number): string => formatPesos(centavos / 100);

/**
 * Centavos written back as a plain peso amount ('1250.50') for the payload; the server
 * reads it again with its own parser and recomputes every cost.
 */
export const centavosToPesoText = (centavos: number): string => {
  const sign = centavos < 0 ? '-' : '';
  const absolute = Math.abs(centavos);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
};
