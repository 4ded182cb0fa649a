/**
 * Texts with a limit (a description, a chat message): nothing is cut silently (issue 17).
 * The text stays as typed or pasted; a counter shows as the limit nears, and past it the
 * field says by how much it is over and the send or submit is refused until it fits.
 */

/** The counter shows from this share of the limit on. */
const COUNTER_FROM = 0.8;

const count = (n: number): string => n.toLocaleString('en-US');

/** Why a text is too long, or undefined when it fits. */
export const lengthProblem = (text: string, limit: number | undefined): string | undefined =>
  limit !== undefined && text.length > limit ? `At most ${count(limit)} characters: ${count(text.length - limit)} too many.` : undefined;

/** '1,650 / 2,000' once the text nears its limit; null before. */
export const lengthCounter = (text: string, limit: number | undefined): string | null =>
  limit !== undefined && text.length >= limit * COUNTER_FROM ? `${count(text.length)} / ${count(limit)}` : null;
