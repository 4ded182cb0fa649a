import { describe, expect, it } from 'vitest';
import { isUnauthorizedConnectError, LIVE_SOCKET_OPTIONS } from './socket-client';

describe('the live socket options (000 §7, §9)', () => {
  it('polls first, times out at 20 s and reconnects forever between 1 and 5 s with 0.5 randomization', () => {
    expect(LIVE_SOCKET_OPTIONS).toMatchObject({
      path: '/socket.io',
      transports: ['polling', 'websocket'],
      timeout: 20_000,
      reconnection: true,
      reconnectionAttempts: Number.POSITIVE_INFINITY,
      reconnectionDelay: 1_000,
      reconnectionDelayMax: 5_000,
      randomizationFactor: 0.5,
      withCredentials: true,
      autoConnect: false,
    });
  });

  it('recognises the handshake refusal of a dead token', () => {
    expect(isUnauthorizedConnectError(new Error('unauthorized'))).toBe(true);
    expect(isUnauthorizedConnectError(new Error('xhr poll error'))).toBe(false);
  });
});
