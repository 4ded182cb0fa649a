import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centavosToPesos, formatKilobytes, formatPesos, formatRelativeTime, hasAtMostTwoDecimals, MAX_CENTAVOS, MAX_PESOS, pesosToCentavos, truncate } from './format.js';
import { pesosSchema } from './schemas/requests.js';

/** How JSON writes an amount: what a client of the API reads. */
const onTheWire = (pesos: number) => JSON.stringify({ amount: pesos }).slice('{"amount":'.length, -1);

describe('centavos inside, pesos on the wire', () => {
  it('converts integer centavos to pesos written with at most 2 decimals', () => {
    expect(centavosToPesos(123456)).toBe(1234.56);
    expect(centavosToPesos(370368)).toBe(3703.68);
    expect(centavosToPesos(7)).toBe(0.07);
    expect(centavosToPesos(1)).toBe(0.01);
    expect(centavosToPesos(370375)).toBe(3703.75);
    expect(centavosToPesos(2_289_938)).toBe(22899.38);
    expect(onTheWire(centavosToPesos(370375))).toBe('3703.75');
    expect(onTheWire(centavosToPesos(125_050))).toBe('1250.5');
    expect(onTheWire(centavosToPesos(700_000))).toBe('7000');
    expect(Object.is(centavosToPesos(0), 0)).toBe(true);
    expect(Object.is(centavosToPesos(-0), 0)).toBe(true);
  });

  it('sums in centavos before converting, so 0.10 + 0.20 is 0.3', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(centavosToPesos(10 + 20)).toBe(0.3);
    expect(onTheWire(centavosToPesos(10 + 20))).toBe('0.3');
    expect(centavosToPesos(370368 + 7)).toBe(3703.75);
    expect(onTheWire(centavosToPesos(1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9))).toBe('0.45');
  });

  it('carries amounts up to ₱9,999,999,999,999.99 exactly, and refuses more', () => {
    expect(MAX_CENTAVOS).toBe(999_999_999_999_999);
    expect(MAX_PESOS).toBe(9_999_999_999_999.99);
    expect(onTheWire(centavosToPesos(MAX_CENTAVOS))).toBe('9999999999999.99');
    expect(onTheWire(centavosToPesos(MAX_CENTAVOS - 1))).toBe('9999999999999.98');
    expect(onTheWire(centavosToPesos(MAX_CENTAVOS - 99))).toBe('9999999999999');
    expect(onTheWire(centavosToPesos(-MAX_CENTAVOS))).toBe('-9999999999999.99');
    // Every centavo amount near the limit stays distinct and reads back as itself.
    for (let centavos = MAX_CENTAVOS - 20_000; centavos <= MAX_CENTAVOS; centavos += 1) {
      expect(pesosToCentavos(onTheWire(centavosToPesos(centavos)))).toBe(centavos);
    }
    // Near 2^53 centavos two amounts become one number: that is why the limit is lower.
    expect(9_007_199_254_740_990 / 100).toBe(9_007_199_254_740_991 / 100);
    for (const tooLarge of [MAX_CENTAVOS + 1, -MAX_CENTAVOS - 1, Number.MAX_SAFE_INTEGER, 2 ** 53, 1e21]) {
      expect(() => centavosToPesos(tooLarge), String(tooLarge)).toThrow(RangeError);
    }
  });

  it('refuses anything that is not a whole number of centavos', () => {
    for (const bad of [0.5, 1234.56, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => centavosToPesos(bad), String(bad)).toThrow(RangeError);
    }
  });

  it('round-trips every amount: centavos → pesos on the wire → the same centavos', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTAVOS }), (centavos) => {
        const pesos = centavosToPesos(centavos);
        const written = onTheWire(pesos);
        expect(written).toMatch(/^\d+(\.\d{1,2})?$/);
        expect(pesosToCentavos(written)).toBe(centavos);
        expect(hasAtMostTwoDecimals(pesos)).toBe(true);
        expect(pesosSchema.safeParse(pesos).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers a sum of many amounts exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000_000_00 }), { maxLength: 60 }), (amounts) => {
        const total = amounts.reduce((sum, value) => sum + value, 0);
        expect(pesosToCentavos(onTheWire(centavosToPesos(total)))).toBe(total);
      }),
    );
  });

  it('describes answers as pesos: at most 2 decimals, never negative, never beyond the limit', () => {
    for (const good of [0, 0.01, 0.07, 0.3, 1234.56, 3703.75, MAX_PESOS]) expect(pesosSchema.safeParse(good).success, String(good)).toBe(true);
    const bad = [-0.01, centavosToPesos(-150), 0.1 + 0.2, 1234.567, 0.001, MAX_PESOS + 0.01, 1e15, Number.NaN, Number.POSITIVE_INFINITY, '1234.56'];
    for (const value of bad) expect(pesosSchema.safeParse(value).success, String(value)).toBe(false);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
  });

  it('formats pesos the en-PH way with two decimals', () => {
    expect(formatPesos(1234.56)).toBe('₱1,234.56');
    expect(formatPesos(3703.75)).toBe('₱3,703.75');
    expect(formatPesos(0)).toBe('₱0.00');
    expect(formatPesos(0.05)).toBe('₱0.05');
    expect(formatPesos(7000)).toBe('₱7,000.00');
    expect(formatPesos(centavosToPesos(98_765_432_101))).toBe('₱987,654,321.01');
    expect(formatPesos(MAX_PESOS)).toBe('₱9,999,999,999,999.99');
  });
});

describe('typed peso amounts', () => {
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
