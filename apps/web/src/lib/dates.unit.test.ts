import { describe, expect, it } from 'vitest';
import { formatCompanyDateTime, formatDateTime, formatDay, formatIsoDay } from './dates';

describe('one clock (issue 17)', () => {
  const moment = '2026-11-24T18:16:00.000Z';

  it('shows a moment in the viewer’s own zone', () => {
    const viewer = new Intl.DateTimeFormat('en-PH', { hour: 'numeric', minute: '2-digit' }).format(new Date(moment));
    expect(formatDateTime(moment)).toContain(viewer);
    const viewerDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(moment));
    expect(formatIsoDay(moment)).toBe(viewerDay);
  });

  it('prints in the company’s zone, Asia/Manila, whatever the viewer’s', () => {
    // 18:16 UTC on the 24th is 2:16 AM on the 25th in Manila.
    expect(formatCompanyDateTime(moment)).toMatch(/Nov 25, 2026,? 2:16\s?AM/i);
  });

  it('keeps a calendar day the same day in every zone', () => {
    expect(formatDay('2026-01-05')).toBe('Jan 5, 2026');
  });
});
