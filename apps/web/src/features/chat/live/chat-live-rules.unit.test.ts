import { TEXT } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { flashingTitle, isPhoneDevice, isUnreadRise, shouldEmitTyping, typingText, unreadTotal } from './chat-live-rules';

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
