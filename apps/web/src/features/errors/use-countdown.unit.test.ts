import { describe, expect, it } from 'vitest';
import { countdownText, secondsUntil } from './use-countdown';

describe('countdownText', () => {
  it('counts in seconds with the right plural', () => {
    expect(countdownText(10)).toBe('Returning home in 10 seconds');
    expect(countdownText(1)).toBe('Returning home in 1 second');
  });
});

describe('secondsUntil', () => {
  it('rounds up to whole seconds and stops at zero', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 1)).toBe(10);
    expect(secondsUntil(10_000, 1_000)).toBe(9);
    expect(secondsUntil(10_000, 9_999)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 25_000)).toBe(0);
  });
});
