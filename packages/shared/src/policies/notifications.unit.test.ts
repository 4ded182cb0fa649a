import { describe, expect, it } from 'vitest';
import {
  isPushedKind,
  isQuietAt,
  isTimeOfDay,
  isTimeZone,
  messageAlertKind,
  minuteOfDayIn,
  quietHoursFrom,
  shouldAlertInPage,
  shouldPush,
  type AlertFacts,
  type AlertKind,
  type NotificationLevel,
  type PushFacts,
  type QuietHours,
} from './notifications.js';

/** 2026-03-10 at 23:30 in Manila (UTC+8, no daylight saving): 15:30 UTC. */
const manilaLate = Date.UTC(2026, 2, 10, 15, 30);
/** The same day at 12:00 in Manila. */
const manilaNoon = Date.UTC(2026, 2, 10, 4, 0);
const nights: QuietHours = { from: '22:00', to: '07:00', time_zone: 'Asia/Manila' };
const lunch: QuietHours = { from: '12:00', to: '13:00', time_zone: 'Asia/Manila' };

describe('times of day and zones', () => {
  it.each<[string, boolean]>([
    ['00:00', true],
    ['07:05', true],
    ['23:59', true],
    ['24:00', false],
    ['7:05', false],
    ['12:60', false],
    ['12:00:00', false],
    ['', false],
  ])('isTimeOfDay(%j) is %s', (value, expected) => {
    expect(isTimeOfDay(value)).toBe(expected);
  });

  const zones = { known: ['Asia/Manila', 'UTC', 'Europe/Berlin'], unknown: ['Mars/Olympus', ''] };
  it.each([...zones.known.map((zone) => [zone, true] as const), ...zones.unknown.map((zone) => [zone, false] as const)])('isTimeZone(%j) is %s', (value, expected) => {
    expect(isTimeZone(value)).toBe(expected);
  });

  it('reads quiet hours as stored: both times, or none', () => {
    expect(quietHoursFrom('22:00', '07:00', 'Asia/Manila')).toEqual(nights);
    expect(quietHoursFrom(null, null, 'Asia/Manila')).toBeNull();
    expect(quietHoursFrom('22:00', null, 'Asia/Manila')).toBeNull();
    expect(quietHoursFrom(null, '07:00', 'Asia/Manila')).toBeNull();
  });

  it('reads the wall clock of a zone, midnight as 0', () => {
    expect(minuteOfDayIn(manilaLate, 'Asia/Manila')).toBe(23 * 60 + 30);
    expect(minuteOfDayIn(manilaLate, 'UTC')).toBe(15 * 60 + 30);
    expect(minuteOfDayIn(Date.UTC(2026, 2, 10, 16, 0), 'Asia/Manila')).toBe(0);
    // Berlin keeps summer time from the last Sunday of March: UTC+2 in July.
    expect(minuteOfDayIn(Date.UTC(2026, 6, 1, 10, 15), 'Europe/Berlin')).toBe(12 * 60 + 15);
  });
});

describe('isQuietAt', () => {
  it.each<[string, number | null, QuietHours | null, number, boolean]>([
    ['nothing set', null, null, manilaLate, false],
    ['do not disturb still on', manilaLate + 1, null, manilaLate, true],
    ['do not disturb just ended', manilaLate, null, manilaLate, false],
    ['do not disturb ended, quiet hours hold', manilaLate - 1, nights, manilaLate, true],
    ['inside hours that cross midnight, before it', null, nights, manilaLate, true],
    ['inside hours that cross midnight, after it', null, nights, Date.UTC(2026, 2, 10, 20, 0), true],
    ['at the end of the hours', null, nights, Date.UTC(2026, 2, 10, 23, 0), false],
    ['at their start', null, { ...nights, from: '23:30' }, manilaLate, true],
    ['outside hours that cross midnight', null, nights, manilaNoon, false],
    ['inside hours within a day', null, lunch, manilaNoon, true],
    ['outside hours within a day, later', null, lunch, manilaLate, false],
    ['outside hours within a day, earlier', null, { ...lunch, from: '12:30' }, manilaNoon, false],
    ['hours that start and end at once', null, { ...lunch, to: '12:00' }, manilaNoon, false],
    ['in the person’s own zone', null, { ...lunch, time_zone: 'UTC' }, Date.UTC(2026, 2, 10, 12, 30), true],
  ])('%s', (_case, dndUntil, quietHours, now, expected) => {
    expect(isQuietAt({ dndUntil, quietHours, now })).toBe(expected);
  });
});

describe('kinds', () => {
  it.each<[string, { isGroup: boolean; mentionsRecipient: boolean; mentionsAll: boolean }, AlertKind]>([
    ['a personal message', { isGroup: false, mentionsRecipient: false, mentionsAll: false }, 'direct'],
    ['a personal message naming them', { isGroup: false, mentionsRecipient: true, mentionsAll: false }, 'direct'],
    ['a group message naming them', { isGroup: true, mentionsRecipient: true, mentionsAll: true }, 'mention'],
    ['a group message to all', { isGroup: true, mentionsRecipient: false, mentionsAll: true }, 'all-mention'],
    ['group chatter', { isGroup: true, mentionsRecipient: false, mentionsAll: false }, 'group-message'],
  ])('messageAlertKind: %s', (_case, message, kind) => {
    expect(messageAlertKind(message)).toBe(kind);
  });

  it('pushes every kind but group chatter', () => {
    expect((['direct', 'mention', 'all-mention', 'approval'] as const).every(isPushedKind)).toBe(true);
    expect(isPushedKind('group-message')).toBe(false);
  });
});

const calm = { dndUntil: null, quietHours: null, now: manilaNoon };
const kinds: AlertKind[] = ['direct', 'mention', 'all-mention', 'group-message', 'approval'];

describe('shouldAlertInPage (chime, title flash, browser notification)', () => {
  // Per level, which kinds alert, in the order of `kinds`.
  it.each<[NotificationLevel, boolean[]]>([
    ['all', [true, true, true, true, true]],
    ['mentions', [true, true, true, false, true]],
    ['nothing', [false, false, false, false, true]],
  ])('at level %s', (level, expected) => {
    expect(kinds.map((kind) => shouldAlertInPage({ ...calm, kind, level }))).toEqual(expected);
  });

  it('stays silent for everything, approvals too, during do not disturb and quiet hours', () => {
    const quiet: AlertFacts[] = kinds.flatMap((kind) => [
      { kind, level: 'all', dndUntil: manilaNoon + 60_000, quietHours: null, now: manilaNoon },
      { kind, level: 'all', dndUntil: null, quietHours: lunch, now: manilaNoon },
    ]);
    expect(quiet.map(shouldAlertInPage)).toEqual(quiet.map(() => false));
  });
});

describe('shouldPush', () => {
  const away: PushFacts = { ...calm, kind: 'direct', level: 'all', isActive: true, isLookingAtConversation: false, hasVisibleTab: false };

  // Group chatter is never pushed, even at 'all'; a personal conversation at 'mentions' still is.
  const pushedAt: Record<NotificationLevel, boolean[]> = {
    all: [true, true, true, false, true],
    mentions: [true, true, true, false, true],
    nothing: [false, false, false, false, true],
  };
  it.each(Object.entries(pushedAt) as Array<[NotificationLevel, boolean[]]>)('with every tab closed, at level %s', (level, expected) => {
    expect(kinds.map((kind) => shouldPush({ ...away, kind, level }))).toEqual(expected);
  });

  it.each<[string, Partial<PushFacts>]>([
    ['to a deactivated person', { isActive: false }],
    ['while a tab of theirs is visible', { hasVisibleTab: true }],
    ['while they look at the conversation', { isLookingAtConversation: true }],
    ['during do not disturb', { dndUntil: manilaNoon + 1 }],
    ['during quiet hours', { quietHours: lunch }],
    ['an approval during quiet hours', { kind: 'approval', quietHours: lunch }],
    ['an approval to a deactivated person', { kind: 'approval', isActive: false }],
  ])('nothing %s', (_case, facts) => {
    expect(shouldPush({ ...away, ...facts })).toBe(false);
  });
});
