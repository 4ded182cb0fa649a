/** Who is online (000 §4 Presence): the server's update_user_list records, held by user id. */
import { formatRelativeTime, type OnlineUserRecord } from '@ichat/shared';

export type PresenceMap = ReadonlyMap<number, OnlineUserRecord>;

export const EMPTY_PRESENCE: PresenceMap = new Map();

/**
 * The first list after announcing user_online is the full picture and replaces what was
 * held (somebody may have gone offline while this socket was away); later lists hold only
 * the users that changed and are merged in.
 */
export const mergePresence = (
  held: PresenceMap,
  records: readonly OnlineUserRecord[],
  isFullList: boolean,
): PresenceMap => {
  if (!isFullList && records.length === 0) return held;
  const next = new Map(isFullList ? [] : held);
  for (const record of records) next.set(record.user_id, record);
  return next;
};

/** The tooltip of a presence dot: 'Online', 'Last online 5m ago', or 'Offline' when never seen. */
export const presenceLabel = (record: OnlineUserRecord | undefined, now: Date = new Date()): string => {
  if (record?.is_online) return 'Online';
  if (!record?.last_online) return 'Offline';
  const relative = formatRelativeTime(record.last_online, now);
  return relative === 'now' ? 'Last online just now' : `Last online ${relative} ago`;
};

