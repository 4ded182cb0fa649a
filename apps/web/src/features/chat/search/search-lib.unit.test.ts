import { describe, expect, it } from 'vitest';
import { globalSearchKeyword, hitPreview, searchWords, splitByWordPrefix, type PreviewPart } from './search-lib';

const marked = (parts: PreviewPart[]): string[] => parts.filter((part) => part.isMatch).map((part) => part.text);
const joined = (parts: PreviewPart[]): string => parts.map((part) => part.text).join('');

describe('globalSearchKeyword', () => {
  it('searches a non-blank value, trimmed', () => {
    expect(globalSearchKeyword('  cement order ')).toBe('cement order');
  });

  it('does nothing for a blank value', () => {
    expect(globalSearchKeyword('')).toBeNull();
    expect(globalSearchKeyword(' \t\n ')).toBeNull();
  });
});

describe('searchWords', () => {
  it('splits on anything but letters and digits, lower-cased, each once, longest first', () => {
    expect(searchWords('Pay, payment! PAY dela-cruz 2026')).toEqual(['payment', 'dela', 'cruz', '2026', 'pay']);
  });

  it('keeps letters outside ASCII and gives nothing for punctuation alone', () => {
    expect(searchWords('Peña')).toEqual(['peña']);
    expect(searchWords('?! -')).toEqual([]);
  });
});

describe('splitByWordPrefix', () => {
  it('marks word prefixes case-insensitively and keeps the text whole', () => {
    const parts = splitByWordPrefix('Payment for the PAYROLL, not repay', ['pay']);
    expect(parts).toEqual([
      { text: 'Pay', isMatch: true },
      { text: 'ment for the ', isMatch: false },
      { text: 'PAY', isMatch: true },
      { text: 'ROLL, not repay', isMatch: false },
    ]);
  });

  it('never marks inside a word', () => {
    expect(marked(splitByWordPrefix('repay prepaid', ['pay', 'paid']))).toEqual([]);
  });

  it('treats punctuation and mention markers as word boundaries', () => {
    expect(marked(splitByWordPrefix('@Juan (juan-dela) x.juan', ['juan']))).toEqual(['Juan', 'juan', 'juan']);
  });

  it('marks the longest word where several start alike', () => {
    expect(marked(splitByWordPrefix('payments due', searchWords('pay payment')))).toEqual(['payment']);
  });

  it('returns the text as one plain part when nothing matches or there are no words', () => {
    expect(splitByWordPrefix('hello there', ['cement'])).toEqual([{ text: 'hello there', isMatch: false }]);
    expect(splitByWordPrefix('hello', [])).toEqual([{ text: 'hello', isMatch: false }]);
    expect(splitByWordPrefix('', ['a'])).toEqual([]);
  });

  it('leaves markup as text: the parts are rendered as text nodes', () => {
    const text = '<b>cement</b> & <script>';
    const parts = splitByWordPrefix(text, ['cement']);
    expect(joined(parts)).toBe(text);
    expect(marked(parts)).toEqual(['cement']);
  });
});

describe('hitPreview', () => {
  /** The preview as read: the head, the content after it, and the marked words. */
  const shown = (preview: ReturnType<typeof hitPreview>) => ({ head: preview.head, text: joined(preview.parts), marked: marked(preview.parts) });

  it("shows 'Sender: content' truncated to the sidebar length with the words marked", () => {
    expect(shown(hitPreview('Ana', 'Cement delivery is late again this week', ['cement']))).toEqual({
      head: 'Ana: ',
      text: 'Cement delivery is l…',
      marked: ['Cement'],
    });
  });

  it('keeps a short message whole', () => {
    expect(shown(hitPreview('Ana', 'ok sa cement', ['cement']))).toEqual({ head: 'Ana: ', text: 'ok sa cement', marked: ['cement'] });
  });

  it('starts the content at the first hit when the hit would fall past the cut', () => {
    const preview = shown(hitPreview('Juan', 'Good morning everyone, about the cement order for Monday', ['cement']));
    expect(preview).toEqual({ head: 'Juan: ', text: '…cement order for M…', marked: ['cement'] });
    expect(Array.from(preview.head + preview.text).length).toBe(26);
  });

  it('shows mentions as @name and collapses line breaks', () => {
    expect(shown(hitPreview('Ana', '@@Juan Dela Cruz@@\nping', ['juan']))).toEqual({ head: 'Ana: ', text: '@Juan Dela Cruz ping', marked: ['Juan'] });
  });

  it('marks nothing in the sender name', () => {
    expect(shown(hitPreview('Cement Guy', 'hello', ['cement']))).toEqual({ head: 'Cement Guy: ', text: 'hello', marked: [] });
  });

  it('gives the whole truncated line as the head when the sender name alone is too long', () => {
    const preview = hitPreview('A'.repeat(30), 'cement', ['cement']);
    expect(preview.head).toBe(`${'A'.repeat(25)}…`);
    expect(preview.parts).toEqual([]);
  });
});
