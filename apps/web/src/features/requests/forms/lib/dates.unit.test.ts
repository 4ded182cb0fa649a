import { describe, expect, it } from 'vitest';
import { addDays, defaultFormDate, formatSubmittedAt, manilaToday } from './dates';

describe('form dates in Asia/Manila', () => {
  it('defaults to two days after today in Manila', () => {
    expect(defaultFormDate(new Date('2026-03-10T03:00:00Z'))).toBe('2026-03-12');
  });

  it('uses the Manila calendar day, not UTC', () => {
    // 17:30 UTC on the 10th is 01:30 on the 11th in Manila (UTC+8).
    const lateUtc = new Date('2026-03-10T17:30:00Z');
    expect(manilaToday(lateUtc)).toBe('2026-03-11');
    expect(defaultFormDate(lateUtc)).toBe('2026-03-13');
    // 15:59 UTC is still 23:59 the same day in Manila.
    expect(manilaToday(new Date('2026-03-10T15:59:00Z'))).toBe('2026-03-10');
  });

  it('crosses months, years and leap days', () => {
    expect(defaultFormDate(new Date('2026-12-30T12:00:00Z'))).toBe('2027-01-01');
    expect(defaultFormDate(new Date('2028-02-28T01:00:00Z'))).toBe('2028-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-31', 2)).toBe('2026-02-02');
  });

  it('shows the submitted time in the viewer’s own zone, like every moment on screen (issue 17)', () => {
    const moment = '2026-05-04T07:05:00.000Z';
    const text = formatSubmittedAt(moment);
    expect(text).toContain('2026');
    const viewerClock = new Intl.DateTimeFormat('en-PH', { hour: 'numeric', minute: '2-digit' }).format(new Date(moment));
    expect(text).toContain(viewerClock);
  });
});
