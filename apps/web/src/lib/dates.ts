/** Dates as the administration and stand-in screens show them, in Manila time (docs/DESIGN.md, "Money, time, text"). */
import { DISPLAY_TIME_ZONE } from '@ichat/shared';

const dateTimeFormat = new Intl.DateTimeFormat('en-PH', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const dateFormat = new Intl.DateTimeFormat('en-PH', { timeZone: DISPLAY_TIME_ZONE, year: 'numeric', month: 'short', day: 'numeric' });
// A calendar day is already Manila's: read at UTC midnight, shown in UTC, it stays that day.
const dayFormat = new Intl.DateTimeFormat('en-PH', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/** 'Jan 5, 2026, 3:05 PM' in Manila time. */
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));

/** 'Jan 5, 2026': the Manila day of a moment. */
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));

/** A calendar day, '2026-01-05' → 'Jan 5, 2026'; anything unreadable is shown as it came. */
export const formatDay = (day: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : dayFormat.format(time);
};

/** The calendar day `days` after a 'YYYY-MM-DD' day. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
