import { describe, expect, it } from 'vitest';
import { insertMention, MENTION_ALL, mentionQueryAt, mentionsAsNames, mentionsInText } from './mentions.js';

describe('mentionQueryAt', () => {
  it('opens on @@ followed by word characters at the caret', () => {
    expect(mentionQueryAt('hello @@Mar', 11)).toEqual({ start: 6, query: 'Mar' });
    expect(mentionQueryAt('@@', 2)).toEqual({ start: 0, query: '' });
  });

  it('opens on @ and letters, as people type a mention (issue 17)', () => {
    expect(mentionQueryAt('hello @Mar', 10)).toEqual({ start: 6, query: 'Mar' });
    expect(mentionQueryAt('@ju', 3)).toEqual({ start: 0, query: 'ju' });
    expect(mentionQueryAt('(@ju', 4)).toEqual({ start: 1, query: 'ju' });
    expect(insertMention('hello @Mar', 6, 10, 'Maria Santos').text).toBe('hello @@Maria Santos@@ ');
  });

  it('stays closed on a lone @, in an email address, after a space, or inside a finished mention', () => {
    expect(mentionQueryAt('hello @', 7)).toBeNull();
    expect(mentionQueryAt('mail juan@demo', 14)).toBeNull();
    expect(mentionQueryAt('hello @Mar ', 11)).toBeNull();
    expect(mentionQueryAt('hello @@Mar ', 12)).toBeNull();
    expect(mentionQueryAt('@@Maria Santos@@', 16)).toBeNull();
  });

  it('opens again for a second mention after a finished one', () => {
    const text = '@@Maria Santos@@ and @@Ju';
    expect(mentionQueryAt(text, text.length)).toEqual({ start: 21, query: 'Ju' });
  });

  it('opens after an abandoned @@word earlier in the text', () => {
    const text = '@@foo bar @@Ju';
    expect(mentionQueryAt(text, text.length)).toEqual({ start: 10, query: 'Ju' });
  });

  it('reads only what is before the caret', () => {
    expect(mentionQueryAt('@@Jo and more', 4)).toEqual({ start: 0, query: 'Jo' });
  });
});

describe('insertMention', () => {
  it('replaces the typed query with the name between markers and puts the caret after it', () => {
    expect(insertMention('hi @@Ju there', 3, 7, 'Juan Dela Cruz')).toEqual({
      text: 'hi @@Juan Dela Cruz@@  there',
      caret: 22,
    });
  });
});

describe('mentionsInText', () => {
  const juan = { id: 2, name: 'Juan Dela Cruz' };
  const ana = { id: 3, name: 'Ana Reyes' };

  it('keeps only mentions still written in the text, once each', () => {
    expect(mentionsInText('@@Juan Dela Cruz@@ hi @@Juan Dela Cruz@@', [juan, ana, juan])).toEqual([juan]);
  });

  it('drops a mention whose markers were edited away', () => {
    expect(mentionsInText('@@Juan Dela Cru hi', [juan])).toEqual([]);
  });

  it('keeps All when written', () => {
    expect(mentionsInText('@@All@@ meeting at 3', [MENTION_ALL])).toEqual([MENTION_ALL]);
  });
});

describe('mentionsAsNames', () => {
  it('writes each @@name@@ as @name and leaves other text alone', () => {
    expect(mentionsAsNames('@@Maria Santos@@ and @@All@@: gravel at 9')).toBe('@Maria Santos and @All: gravel at 9');
    expect(mentionsAsNames('mail juan@demo.local, @@ alone')).toBe('mail juan@demo.local, @@ alone');
  });
});
