import { TEXT } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { flashingTitle, isPhoneDevice, isQuietNow, isUnreadRise, shouldAlertFor, shouldEmitTyping, typingText, unreadTitle, unreadTotal } from './chat-live-rules';

describe('typing', () => {
  it('emits at most once a second', () => {
    expect(shouldEmitTyping(null, 5_000)).toBe(true);
    expect(shouldEmitTyping(5_000, 5_999)).toBe(false);
    expect(shouldEmitTyping(5_000, 6_000)).toBe(true);
  });

  it('names who is typing', () => {
    expect(typingText([])).toBe('');
    expect(typingText(['Juan Dela Cruz'])).toBe('Juan Dela Cruz is typing…');
    expect(typingText(['Juan', 'Maria'])).toBe('Juan and Maria are typing…');
    expect(typingText(['Juan', 'Maria', 'Carmen'])).toBe('Juan and 2 others are typing…');
  });
});

describe('unread alerts', () => {
  it('totals both badges and alternates the title while something is unread', () => {
    expect(unreadTotal({ personal: 2, group: 3 })).toBe(5);
    expect(unreadTotal(undefined)).toBe(0);
    expect(flashingTitle('Internal Chat', 5, 0)).toBe(TEXT.unreadTitle(5));
    expect(flashingTitle('Internal Chat', 5, 0)).toBe('(5) New Messages');
    expect(flashingTitle('Internal Chat', 5, 1)).toBe('Internal Chat');
    expect(flashingTitle('Internal Chat', 0, 0)).toBe('Internal Chat');
  });

  it('chimes on a rise only, not for the count found when the page loads', () => {
    expect(isUnreadRise(undefined, 4)).toBe(false);
    expect(isUnreadRise(0, 1)).toBe(true);
    expect(isUnreadRise(3, 3)).toBe(false);
    expect(isUnreadRise(3, 1)).toBe(false);
  });

  it('treats a coarse pointer or a phone-sized screen as a phone', () => {
    expect(isPhoneDevice(1440, false)).toBe(false);
    expect(isPhoneDevice(390, false)).toBe(true);
    expect(isPhoneDevice(1024, true)).toBe(true);
  });
});

describe('in-page alerts follow the level and quiet times (issue 19)', () => {
  const noon = Date.parse('2026-11-26T04:00:00Z'); // 12:00 in Manila
  const open = { do_not_disturb_until: null, quiet_hours: null, push_previews: true };
  const group = (content: string, level: 'all' | 'mentions' | 'nothing') => ({ content, isGroup: true, level });

  it('at all, every message; at mentions, what names the person or @All, and personal messages; at nothing, nothing', () => {
    expect(shouldAlertFor(group('Truck at gate 3', 'all'), 'Maria Santos', open, noon)).toBe(true);
    expect(shouldAlertFor(group('Truck at gate 3', 'mentions'), 'Maria Santos', open, noon)).toBe(false);
    expect(shouldAlertFor(group('@@Maria Santos@@ sign please', 'mentions'), 'Maria Santos', open, noon)).toBe(true);
    expect(shouldAlertFor(group('@@All@@ fire drill', 'mentions'), 'Maria Santos', open, noon)).toBe(true);
    expect(shouldAlertFor({ content: 'hi', isGroup: false, level: 'mentions' }, 'Maria Santos', open, noon)).toBe(true);
    expect(shouldAlertFor(group('@@Maria Santos@@ sign please', 'nothing'), 'Maria Santos', open, noon)).toBe(false);
    // A rise with no known message (a catch-up) alerts as 'all' would.
    expect(shouldAlertFor(null, 'Maria Santos', open, noon)).toBe(true);
  });

  it('nothing sounds or flashes during do not disturb or quiet hours', () => {
    const dnd = { ...open, do_not_disturb_until: '2026-11-26T05:00:00.000Z' };
    expect(shouldAlertFor(group('@@Maria Santos@@ now', 'all'), 'Maria Santos', dnd, noon)).toBe(false);
    expect(isQuietNow(dnd, noon)).toBe(true);
    expect(isQuietNow(dnd, Date.parse('2026-11-26T05:00:00Z'))).toBe(false);
    const lunch = { ...open, quiet_hours: { from: '11:30', to: '13:00', time_zone: 'Asia/Manila' } };
    expect(isQuietNow(lunch, noon)).toBe(true);
    expect(shouldAlertFor(group('Truck', 'all'), 'Maria Santos', lunch, noon)).toBe(false);
    expect(isQuietNow(undefined, noon)).toBe(false);
  });

  it('the title leads with the count', () => {
    expect(unreadTitle('Internal Chat', 3)).toBe('(3) Internal Chat');
    expect(unreadTitle('Internal Chat', 0)).toBe('Internal Chat');
  });
});
