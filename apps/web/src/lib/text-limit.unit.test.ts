import { describe, expect, it } from 'vitest';
import { lengthCounter, lengthProblem } from './text-limit';

describe('a text with a limit', () => {
  it('shows no counter until the text nears its limit, then counts', () => {
    expect(lengthCounter('x'.repeat(1599), 2000)).toBeNull();
    expect(lengthCounter('x'.repeat(1600), 2000)).toBe('1,600 / 2,000');
    expect(lengthCounter('x'.repeat(2100), 2000)).toBe('2,100 / 2,000');
    expect(lengthCounter('anything', undefined)).toBeNull();
  });

  it('fits up to the limit and says by how much it is over past it', () => {
    expect(lengthProblem('x'.repeat(2000), 2000)).toBeUndefined();
    expect(lengthProblem('x'.repeat(2001), 2000)).toBe('At most 2,000 characters: 1 too many.');
    expect(lengthProblem('x'.repeat(12_345), 10_000)).toBe('At most 10,000 characters: 2,345 too many.');
  });
});
