/**
 * One clock (issue 17): every moment on every screen is shown in the viewer's own time zone,
 * the one their device is set to, so a message sent at 6:16 PM and a request filed at that
 * minute read 6:16 PM in the chat and in the portal alike. Printouts, which leave the
 * screen and are filed, carry the company's zone (DISPLAY_TIME_ZONE, Asia/Manila) and say
 * so; the server's exports do the same. Calendar days (a Date Needed) are days, not
 * moments, and never move with a zone (docs/DESIGN.md, "Money, time, text").
 */
import { DISPLAY_TIME_ZONE } from '@ichat/shared';

const DATE_TIME: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' };

// No timeZone: the viewer's own, as the browser knows it.
const dateTimeFormat = new Intl.DateTimeFormat('en-PH', DATE_TIME);
const dateFormat = new Intl.DateTimeFormat('en-PH', { year: 'numeric', month: 'short', day: 'numeric' });
const isoDayFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });
const companyDateTimeFormat = new Intl.DateTimeFormat('en-PH', { ...DATE_TIME, timeZone: DISPLAY_TIME_ZONE });
// A calendar day: read at UTC midnight, shown in UTC, it stays that day.
const dayFormat = new Intl.DateTimeFormat('en-PH', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });

/** 'Jan 5, 2026, 3:05 PM' in the viewer's zone. */
export const formatDateTime = (iso: string): string => dateTimeFormat.format(new Date(iso));

/** 'Jan 5, 2026': the viewer's day of a moment. */
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));

/** '2026-01-05': the viewer's day of a moment, as a list's search matches it. */
export const formatIsoDay = (iso: string): string => isoDayFormat.format(new Date(iso));

/** What a printout says its times are in. */
export const COMPANY_TIME_NOTE = 'Times in Philippine time (Asia/Manila).';

/** 'Jan 5, 2026, 3:05 PM' in the company's zone, for printouts. */
export const formatCompanyDateTime = (iso: string): string => companyDateTimeFormat.format(new Date(iso));

/** A calendar day, '2026-01-05' → 'Jan 5, 2026'; anything unreadable is shown as it came. */
export const formatDay = (day: string): string => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : dayFormat.format(time);
};

/** The calendar day `days` after a 'YYYY-MM-DD' day. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
