import { describe, expect, it } from 'vitest';
import { bandAfter, bandRange, chainOf, draftsOf, parsePesos, pesosText, type BandDraft } from './chain-lib';

const band = (min: string, max: string, level1: number[], needed1 = '1', level2: number[] = [], needed2 = '0'): BandDraft => ({
  key: 0,
  min,
  max,
  level1: { approverIds: level1, needed: needed1 },
  level2: { approverIds: level2, needed: needed2 },
});

describe('parsePesos', () => {
  it.each([
    ['0', 0],
    ['50000', 50000],
    ['50,000.5', 50000.5],
    ['₱ 1,234.56', 1234.56],
  ])('reads %s as %d pesos', (text, pesos) => expect(parsePesos(text)).toBe(pesos));

  it.each(['', 'abc', '-5', '1.234', '1e5'])('refuses %j', (text) => expect(parsePesos(text)).toBeNull());
});

describe('bands', () => {
  it('names a band by its range', () => {
    expect(bandRange(band('0', '50000', []))).toBe('₱0.00 to ₱50,000.00');
    expect(bandRange(band('50000.01', '', []))).toBe('₱50,000.01 and above');
  });

  it('starts the next band a centavo above the last one', () => {
    expect(bandAfter(undefined).min).toBe('0');
    expect(bandAfter(band('0', '50000', [1])).min).toBe('50000.01');
    expect(bandAfter(band('0', '', [1])).min).toBe('');
  });

  it('round-trips a chain through the drafts', () => {
    const chain = {
      bands: [
        { min_amount: 0, max_amount: 50000, level_1: { approver_ids: [1, 2], needed: 1 }, level_2: { approver_ids: [], needed: 0 } },
        { min_amount: 50000.01, max_amount: null, level_1: { approver_ids: [1, 2], needed: 1 }, level_2: { approver_ids: [3, 4, 5], needed: 2 } },
      ],
    };
    expect(chainOf(draftsOf(chain), true)).toEqual({ chain });
    expect(pesosText(50000.01)).toBe('50000.01');
  });
});

describe('chainOf', () => {
  it('says which field does not read', () => {
    expect(chainOf([band('x', '', [1])], true)).toEqual({ problem: 'The lowest amount is not an amount in pesos.' });
    expect(chainOf([band('0', '100', [1]), band('100.01', 'lots', [1])], true)).toEqual({
      problem: 'The highest amount of band 2 is not an amount in pesos (leave it empty for no upper limit).',
    });
    expect(chainOf([band('0', '', [1], 'one')], true)).toEqual({ problem: 'How many must approve must be a whole number.' });
  });

  it('gives the shared rule’s sentences for gaps, overlaps and counts', () => {
    expect(chainOf([band('0', '100', [1]), band('200', '', [1])], true)).toEqual({
      problem: 'Amounts between ₱100.00 and ₱200.00 have no band.',
    });
    expect(chainOf([band('0', '100', [1]), band('50', '', [1])], true)).toEqual({
      problem: 'The bands up to ₱100.00 and from ₱50.00 overlap.',
    });
    expect(chainOf([band('0', '', [1], '2')], true)).toEqual({ problem: 'The 1st level needs 2 approvals but has only 1 approver.' });
    expect(chainOf([band('0', '100', [1]), band('100.01', '', [1])], false)).toEqual({
      problem: 'This form has no amounts: its chain has one band, from ₱0.00 with no upper limit.',
    });
  });
});
