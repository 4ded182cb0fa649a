import type { OnlineUserRecord } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_PRESENCE, mergePresence, presenceLabel } from './presence';

describe('mergePresence', () => {
  const online = (id: number): OnlineUserRecord => ({ user_id: id, is_online: true, last_online: null });
  const offline = (id: number, at: string): OnlineUserRecord => ({ user_id: id, is_online: false, last_online: at });

  it('replaces everything with a full list and merges partial updates', () => {
    const stale = mergePresence(EMPTY_PRESENCE, [online(1), online(2)], true);
    const full = mergePresence(stale, [online(1)], true);
    expect([...full.keys()]).toEqual([1]);
    const merged = mergePresence(full, [offline(1, '2025-01-01T00:00:00.000Z'), online(3)], false);
    expect(merged.get(1)?.is_online).toBe(false);
    expect(merged.get(3)?.is_online).toBe(true);
    expect(mergePresence(merged, [], false)).toBe(merged);
  });

  it('labels online, last online and never seen', () => {
    const now = new Date('2025-01-01T01:00:00.000Z');
    expect(presenceLabel(online(1), now)).toBe('Online');
    expect(presenceLabel(offline(1, '2025-01-01T00:55:00.000Z'), now)).toBe('Last online 5m ago');
    expect(presenceLabel(offline(1, '2025-01-01T00:59:30.000Z'), now)).toBe('Last online just now');
    expect(presenceLabel(undefined, now)).toBe('Offline');
  });
});
