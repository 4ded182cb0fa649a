import { describe, expect, it } from 'vitest';
import { couldBeInReference, dateRanges, historySearchAsBefore, requestSearch } from './request-search.js';

const NOW = Date.UTC(2026, 5, 15);
const manila = (iso: string) => Date.parse(`${iso}+08:00`);

describe('requestSearch', () => {
  it('is nothing for a blank text, and lower-cases the rest', () => {
    expect(requestSearch(undefined)).toBeUndefined();
    expect(requestSearch('   ')).toBeUndefined();
    expect(requestSearch('  EPR-2026  ', 'Asia/Manila', NOW)?.text).toBe('epr-2026');
  });

  it('finds request types by code and by name, as the list shows them', () => {
    expect(requestSearch('purchase requisition', 'Asia/Manila', NOW)?.formTypes).toEqual(['epr']);
    expect(requestSearch('OFFSET', 'Asia/Manila', NOW)?.formTypes).toEqual(['offsetting']);
    expect(requestSearch('so-lo', 'Asia/Manila', NOW)?.formTypes).toEqual(['so-lo']);
    expect(requestSearch('maria', 'Asia/Manila', NOW)?.formTypes).toEqual([]);
  });
});

describe('couldBeInReference', () => {
  it('is true for any part of PREFIX-YYYY-NNNNNN, and false for what no reference id holds', () => {
    for (const text of ['epr', 'epr-2026-000123', 'ccar-', '-2026-', '2026', '000123', '6-0001', 'solo-2025-1234567', 'r-2', 's']) {
      expect(couldBeInReference(text), text).toBe(true);
    }
    for (const text of ['santos', 'epr 2026', 'epr-20x6', 'grace tan', 'eprs', '2026-01-05', 'jan 5']) {
      expect(couldBeInReference(text), text).toBe(false);
    }
  });
});

describe('dateRanges', () => {
  it('reads ISO days, months and years in the zone', () => {
    expect(dateRanges('2026-01-05', 'Asia/Manila', NOW)).toEqual([{ from: manila('2026-01-05T00:00:00'), to: manila('2026-01-06T00:00:00') }]);
    expect(dateRanges('2026-01', 'Asia/Manila', NOW)).toEqual([{ from: manila('2026-01-01T00:00:00'), to: manila('2026-02-01T00:00:00') }]);
    expect(dateRanges('2026', 'Asia/Manila', NOW)).toEqual([{ from: manila('2026-01-01T00:00:00'), to: manila('2027-01-01T00:00:00') }]);
    expect(dateRanges('2026-01-05', 'UTC', NOW)).toEqual([{ from: Date.UTC(2026, 0, 5), to: Date.UTC(2026, 0, 6) }]);
  });

  it('reads the date as the list shows it, with or without the year and the time', () => {
    expect(dateRanges('jan 5, 2026', 'Asia/Manila', NOW)).toEqual([{ from: manila('2026-01-05T00:00:00'), to: manila('2026-01-06T00:00:00') }]);
    expect(dateRanges('jan 5, 2026, 3:05 pm', 'Asia/Manila', NOW)).toEqual([{ from: manila('2026-01-05T15:05:00'), to: manila('2026-01-05T15:06:00') }]);
    expect(dateRanges('jan 5, 2026, 12:30 am', 'Asia/Manila', NOW)).toEqual([{ from: manila('2026-01-05T00:30:00'), to: manila('2026-01-05T00:31:00') }]);
    const everyJanuary5 = dateRanges('jan 5', 'Asia/Manila', NOW);
    expect(everyJanuary5).toContainEqual({ from: manila('2024-01-05T00:00:00'), to: manila('2024-01-06T00:00:00') });
    expect(everyJanuary5).toHaveLength(22);
    expect(dateRanges('september', 'Asia/Manila', NOW)).toContainEqual({ from: manila('2025-09-01T00:00:00'), to: manila('2025-10-01T00:00:00') });
    expect(dateRanges('sep', 'Asia/Manila', NOW)).toEqual(dateRanges('sept', 'Asia/Manila', NOW));
  });

  it('follows the zone across a change of offset', () => {
    // London moves to summer time on 29 March 2026: that day is 23 hours long.
    const [day] = dateRanges('mar 29, 2026', 'Europe/London', NOW);
    expect(day).toEqual({ from: Date.UTC(2026, 2, 29, 0), to: Date.UTC(2026, 2, 29, 23) });
  });

  it('is nothing for text that is no date, or no real day', () => {
    expect(dateRanges('maria', 'Asia/Manila', NOW)).toEqual([]);
    expect(dateRanges('ma', 'Asia/Manila', NOW)).toEqual([]);
    expect(dateRanges('feb 30, 2026', 'Asia/Manila', NOW)).toEqual([]);
    expect(dateRanges('2026-13', 'Asia/Manila', NOW)).toEqual([]);
    expect(dateRanges('2026-02-30', 'Asia/Manila', NOW)).toEqual([]);
    expect(dateRanges('jan 5, 2026, 13:05 pm', 'Asia/Manila', NOW)).toEqual([]);
  });
});

describe('historySearchAsBefore', () => {
  it('matches type codes only, as the document’s call always did', () => {
    expect(historySearchAsBefore('purchase')).toEqual({ text: 'purchase', inReferences: false, formTypes: [], createdWithin: [] });
    expect(historySearchAsBefore('EPR')).toEqual({ text: 'epr', inReferences: true, formTypes: ['epr'], createdWithin: [] });
    expect(historySearchAsBefore(undefined)).toBeUndefined();
  });
});
