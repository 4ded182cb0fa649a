import { describe, expect, it } from 'vitest';
import { nextConnectionCheck } from './live-rules';

describe('nextConnectionCheck', () => {
  const down = { isConnected: false, isOnline: true, isVisible: true };

  it('asks to reconnect at the first failed check and reloads at the second', () => {
    const first = nextConnectionCheck(0, down);
    expect(first).toEqual({ failedChecks: 1, action: 'reconnect' });
    expect(nextConnectionCheck(first.failedChecks, down)).toEqual({ failedChecks: 2, action: 'reload' });
  });

  it('forgets failures once connected, and never reloads offline or hidden', () => {
    expect(nextConnectionCheck(1, { ...down, isConnected: true })).toEqual({ failedChecks: 0, action: 'none' });
    expect(nextConnectionCheck(5, { ...down, isOnline: false })).toEqual({ failedChecks: 0, action: 'none' });
    expect(nextConnectionCheck(1, { ...down, isVisible: false }).action).toBe('reconnect');
  });
});
