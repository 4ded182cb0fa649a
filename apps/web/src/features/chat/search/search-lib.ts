/**
 * Pure rules of the sidebar's global search (000 §2, §5): which box values are searched, the
 * words a keyword is matched by, and a hit's 'Sender: content' preview with those words marked.
 */
import { SIDEBAR_PREVIEW_LENGTH, truncate } from '@ichat/shared';
import { messageGist } from '../lib/preview';

/**
 * A word is a run of letters, digits and combining marks: the server's full-text index splits
 * text the same way, so the marked words are the ones that made the message a hit.
 */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
const WORDS = /[\p{L}\p{N}\p{M}]+/gu;

/** The keyword to search for, or null for a blank box: global search needs a non-blank value (000 §5). */
export const globalSearchKeyword = (value: string): string | null => {
  const keyword = value.trim();
  return keyword === '' ? null : keyword;
};

/**
 * The words of a keyword, lower-cased and each once. Longest first, so where two words start
 * alike ('pay', 'payment') the longer one is marked.
 */
export const searchWords = (keyword: string): string[] =>
  [...new Set(keyword.toLowerCase().match(WORDS) ?? [])].sort((a, b) => b.length - a.length);

export interface PreviewPart {
  text: string;
  isMatch: boolean;
}

const isWordStart = (text: string, index: number): boolean =>
  WORD_CHAR.test(text.charAt(index)) && (index === 0 || !WORD_CHAR.test(text.charAt(index - 1)));

/** The searched word that `text` has at `index`, compared case-insensitively; words are longest first. */
const wordAt = (text: string, index: number, words: readonly string[]): string | undefined =>
  words.find((word) => text.slice(index, index + word.length).toLowerCase() === word);

/**
 * Splits text into runs, marking every word start that begins with a searched word
 * (case-insensitive): 'pay' marks 'Pay' in 'Payment' but nothing in 'repay'. Only the
 * matched prefix is marked. The parts join back to the text unchanged.
 */
export const splitByWordPrefix = (text: string, words: readonly string[]): PreviewPart[] => {
  const parts: PreviewPart[] = [];
  const usable = words.filter((word) => word !== '');
  let plainStart = 0;
  let index = 0;
  while (index < text.length) {
    const word = isWordStart(text, index) ? wordAt(text, index, usable) : undefined;
    if (word === undefined) {
      index += 1;
      continue;
    }
    if (index > plainStart) parts.push({ text: text.slice(plainStart, index), isMatch: false });
    parts.push({ text: text.slice(index, index + word.length), isMatch: true });
    index += word.length;
    plainStart = index;
  }
  if (plainStart < text.length) parts.push({ text: text.slice(plainStart), isMatch: false });
  return parts;
};

export interface HitPreview {
  /** 'Sender: ', never marked: the server matched the message text only. */
  head: string;
  parts: PreviewPart[];
}

const charCount = (text: string): number => Array.from(text).length;

/**
 * A hit's 'Sender: content' preview, truncated like the sidebar's (000 §9). When the first
 * searched word would fall past the cut, the content is shown from that word after an
 * ellipsis instead, so the preview still says why the message was found.
 */
export const hitPreview = (
  sender: string,
  content: string,
  words: readonly string[],
  length: number = SIDEBAR_PREVIEW_LENGTH,
): HitPreview => {
  const head = `${sender}: `;
  const gist = messageGist({ content, is_deleted: false });
  if (charCount(head) >= length) return { head: truncate(head + gist, length), parts: [] };

  let body = gist;
  let offset = 0;
  for (const part of splitByWordPrefix(gist, words)) {
    if (part.isMatch) {
      if (charCount(head + gist.slice(0, offset + part.text.length)) > length) body = `…${gist.slice(offset)}`;
      break;
    }
    offset += part.text.length;
  }
  // truncate keeps a prefix, so the head is still whole at the start.
  const shown = truncate(head + body, length);
  return { head, parts: splitByWordPrefix(shown.slice(head.length), words) };
};
