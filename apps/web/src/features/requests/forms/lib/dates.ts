/** Calendar dates of the forms, always in the Philippines' time zone (001 §9). */
import { DEFAULT_FORM_DATE_OFFSET_DAYS, DISPLAY_TIME_ZONE } from '@ichat/shared';

const DAY_MS = 24 * 60 * 60 * 1000;

// en-CA writes dates as YYYY-MM-DD, the value a date input takes.
const manilaDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Manila as YYYY-MM-DD. */
export const manilaToday = (now: Date = new Date()): string => manilaDate.format(now);

/** A YYYY-MM-DD date moved by whole days (calendar arithmetic, no time zone involved). */
export const addDays = (isoDate: string, days: number): string => {
  const start = new Date(`${isoDate}T00:00:00Z`);
  return new Date(start.getTime() + days * DAY_MS).toISOString().slice(0, 10);
};

/** The default of every Date Needed field: two days after today in Manila (001 §9). */
export const defaultFormDate = (now: Date = new Date()): string =>
  addDays(manilaToday(now), DEFAULT_FORM_DATE_OFFSET_DAYS);

// In the viewer's own zone, like every moment on screen (lib/dates.ts).
const submittedAt = new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeStyle: 'short' });

/** The submitted state's Date & Time, e.g. 'May 4, 2026 at 3:05 PM'. */
export const formatSubmittedAt = (iso: string): string => submittedAt.format(new Date(iso));
