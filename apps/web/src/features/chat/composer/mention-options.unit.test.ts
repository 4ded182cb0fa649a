import { insertMention, MENTION_ALL, mentionQueryAt, mentionsInText } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { mentionCandidates, mentionOptions, moveHighlight, pickerKeyAction } from './mention-options';

const member = (userId: number, displayName: string, photo: string | null = null) => ({
  user_id: userId,
  user: { display_name: displayName, profile_photo: photo },
});

describe('mentionCandidates', () => {
  it('lists everyone but the viewer, by name, with their photo', () => {
    const members = [member(3, 'Maria Santos', 'm.webp'), member(1, 'Viewer Me'), member(2, 'ana reyes')];
    expect(mentionCandidates(members, 1)).toEqual([
      { id: 2, name: 'ana reyes', photo: null },
      { id: 3, name: 'Maria Santos', photo: 'm.webp' },
    ]);
  });

  it('leaves out blank names, names with @ and repeated members', () => {
    const members = [member(2, '  '), member(3, 'a@b'), member(4, 'Juan'), member(4, 'Juan')];
    expect(mentionCandidates(members, undefined).map((candidate) => candidate.id)).toEqual([4]);
  });

  it('trims names so the written mention matches the picked one', () => {
    expect(mentionCandidates([member(2, ' Juan ')], 1)[0]?.name).toBe('Juan');
  });
});

describe('mentionOptions', () => {
  const people = [
    { id: 2, name: 'Ana Reyes' },
    { id: 3, name: 'Juan Dela Cruz' },
    { id: 4, name: 'Mariana Juarez' },
  ];

  it('lists everyone for an empty query, with All first in a group', () => {
    expect(mentionOptions(people, '', true).map((option) => option.name)).toEqual([
      'All',
      'Ana Reyes',
      'Juan Dela Cruz',
      'Mariana Juarez',
    ]);
  });

  it('has no All entry in a personal conversation', () => {
    expect(mentionOptions(people, '', false).map((option) => option.id)).toEqual([2, 3, 4]);
    expect(mentionOptions(people, 'all', false)).toEqual([]);
  });

  it('keeps names containing the query, case-insensitively, those starting with it first', () => {
    expect(mentionOptions(people, 'JU', true).map((option) => option.name)).toEqual(['Juan Dela Cruz', 'Mariana Juarez']);
    expect(mentionOptions(people, 'ana', true).map((option) => option.name)).toEqual(['Ana Reyes', 'Mariana Juarez']);
  });

  it('puts names starting with the query before those only containing it', () => {
    const reyes = [
      { id: 5, name: 'Carlo Reyes' },
      { id: 6, name: 'Reyna Cruz' },
    ];
    expect(mentionOptions(reyes, 'rey', false).map((option) => option.id)).toEqual([6, 5]);
  });

  it('offers All when the query matches it', () => {
    expect(mentionOptions(people, 'al', true)).toEqual([MENTION_ALL]);
  });

  it('is empty when nobody matches', () => {
    expect(mentionOptions(people, 'zzz', true)).toEqual([]);
  });
});

describe('pickerKeyAction', () => {
  const key = (name: string, modifiers: Partial<Record<'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) => ({
    key: name,
    shiftKey: false,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    ...modifiers,
  });

  it('moves with the arrows, picks with Enter or Tab, closes with Escape', () => {
    expect(pickerKeyAction(key('ArrowDown'))).toBe('next');
    expect(pickerKeyAction(key('ArrowUp'))).toBe('previous');
    expect(pickerKeyAction(key('Enter'))).toBe('pick');
    expect(pickerKeyAction(key('Tab'))).toBe('pick');
    expect(pickerKeyAction(key('Escape'))).toBe('close');
  });

  it('leaves other keys and Shift+Enter or Shift+Tab to the input', () => {
    expect(pickerKeyAction(key('a'))).toBeNull();
    expect(pickerKeyAction(key('Enter', { shiftKey: true }))).toBeNull();
    expect(pickerKeyAction(key('Tab', { shiftKey: true }))).toBeNull();
    expect(pickerKeyAction(key('Enter', { ctrlKey: true }))).toBeNull();
  });
});

describe('moveHighlight', () => {
  it('moves and wraps around at both ends', () => {
    expect(moveHighlight(0, 1, 3)).toBe(1);
    expect(moveHighlight(2, 1, 3)).toBe(0);
    expect(moveHighlight(0, -1, 3)).toBe(2);
  });

  it('copes with a highlight past a list that shrank, and with an empty list', () => {
    expect(moveHighlight(7, -1, 3)).toBe(1);
    expect(moveHighlight(0, 1, 0)).toBe(0);
  });
});

describe('picking a mention end to end with the shared rules', () => {
  it('writes the picked name, and sends only the mentions still in the text', () => {
    const typed = 'hi @@ju';
    const query = mentionQueryAt(typed, typed.length);
    expect(query).toEqual({ start: 3, query: 'ju' });
    const [juan] = mentionOptions([{ id: 3, name: 'Juan Dela Cruz' }], query?.query ?? '', true);
    expect(juan).toEqual({ id: 3, name: 'Juan Dela Cruz' });
    const inserted = insertMention(typed, 3, typed.length, 'Juan Dela Cruz');
    expect(inserted).toEqual({ text: 'hi @@Juan Dela Cruz@@ ', caret: 22 });
    const picked = [{ id: 3, name: 'Juan Dela Cruz' }, MENTION_ALL];
    expect(mentionsInText(`${inserted.text}see you`, picked)).toEqual([{ id: 3, name: 'Juan Dela Cruz' }]);
  });
});
