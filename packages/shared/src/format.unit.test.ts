import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCentavos, formatKilobytes, formatRelativeTime, pesosToCentavos, truncate } from './format.js';

describe('money in centavos', () => {
  it('formats pesos the en-PH way with two decimals', () => {
    expect(formatCentavos(123456)).toBe('₱1,234.56');
    expect(formatCentavos(0)).toBe('₱0.00');
    expect(formatCentavos(5)).toBe('₱0.05');
    expect(formatCentavos(98_765_432_101)).toBe('₱987,654,321.01');
  });

  it('parses typed amounts into integer centavos, and unparsable input into 0', () => {
    expect(pesosToCentavos('1,234.5')).toBe(123450);
    expect(pesosToCentavos('₱ 20')).toBe(2000);
    expect(pesosToCentavos('0.1')).toBe(10);
    expect(pesosToCentavos('19.999')).toBe(2000);
    expect(pesosToCentavos(12.34)).toBe(1234);
    expect(pesosToCentavos('-3.50')).toBe(-350);
    for (const junk of ['', 'abc', '1.2.3', '.', '--1', '1e5']) expect(pesosToCentavos(junk)).toBe(0);
  });

  it('sums to the same centavos as the float-free sum, whatever the amounts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 10_000_000_00 }), { maxLength: 50 }), (centavos) => {
        const typed = centavos.map((value) => `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`);
        const total = typed.map(pesosToCentavos).reduce((sum, value) => sum + value, 0);
        expect(total).toBe(centavos.reduce((sum, value) => sum + value, 0));
      }),
    );
  });
});

describe('relative times', () => {
  const now = new Date('2026-11-22T08:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it.each([
    [0, 'now'],
    [59_000, 'now'],
    [60_000, '1m'],
    [59 * 60_000, '59m'],
    [3 * 3_600_000, '3h'],
    [2 * 86_400_000, '2d'],
    [45 * 86_400_000, '1mo'],
    [400 * 86_400_000, '1y'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });
});

describe('previews', () => {
  it('truncates with an ellipsis only when longer, counting characters not bytes', () => {
    expect(truncate('Maria: Good morning team, see you at 9', 25)).toBe('Maria: Good morning team,…');
    expect(truncate('short', 25)).toBe('short');
    expect(truncate('ñ'.repeat(16), 15)).toBe(`${'ñ'.repeat(15)}…`);
  });

  it('shows file sizes in KB with two decimals', () => {
    expect(formatKilobytes(1536)).toBe('1.50 KB');
  });
});
