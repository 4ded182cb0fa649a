/**
 * Pure rules of the mention picker (000 §5 'Mentions'): who can be mentioned, which of them a
 * typed query shows, and how the arrow keys move. The text rules (finding '@@query', inserting
 * '@@Name@@', keeping only mentions still written) are the shared ones in @ichat/shared.
 */
import { MENTION_ALL, type MentionRef } from '@ichat/shared';

/** An entry of the picker; the photo only decorates the list and is never sent. */
export interface MentionOption extends MentionRef {
  photo?: string | null;
}

/** A person who may be mentioned, as the hook's callers pass them. */
export interface MentionMember {
  id: number;
  name: string;
  photo?: string | null;
}

/**
 * The conversation's members a viewer can mention: everyone else, each once, by name. A name
 * that is blank or holds '@' is left out: it could not be written between '@@' markers and
 * read back as one mention.
 */
export const mentionCandidates = (
  members: readonly { user_id: number; user: { display_name: string; profile_photo?: string | null } }[],
  viewerId: number | undefined,
): MentionMember[] => {
  const seen = new Set<number>();
  const candidates: MentionMember[] = [];
  for (const member of members) {
    const name = member.user.display_name.trim();
    if (member.user_id === viewerId || seen.has(member.user_id) || name === '' || name.includes('@')) continue;
    seen.add(member.user_id);
    candidates.push({ id: member.user_id, name, photo: member.user.profile_photo ?? null });
  }
  return candidates.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
};

/**
 * What the picker lists for a typed query: the entries whose name contains it,
 * case-insensitively, those starting with it first; 'All' leads in group conversations when
 * it matches too, so typing a person's name is not crowded by it.
 */
export const mentionOptions = (
  members: readonly MentionMember[],
  query: string,
  includeAll: boolean,
): MentionOption[] => {
  const needle = query.toLowerCase();
  const entries: MentionOption[] = includeAll ? [MENTION_ALL, ...members] : [...members];
  const matching = entries.filter((entry) => entry.name.toLowerCase().includes(needle));
  const startsWithQuery = (entry: MentionOption) => entry.name.toLowerCase().startsWith(needle);
  // Array.prototype.sort is stable: the given order stays within each group.
  return matching.sort((a, b) => Number(startsWithQuery(b)) - Number(startsWithQuery(a)));
};

export type PickerKeyAction = 'next' | 'previous' | 'pick' | 'close';

/**
 * What a key does while the list is open; null leaves it to the input (so Shift+Enter still
 * adds a line and Shift+Tab still moves focus back). Enter and Tab pick, never send.
 */
export const pickerKeyAction = (key: {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): PickerKeyAction | null => {
  switch (key.key) {
    case 'ArrowDown':
      return 'next';
    case 'ArrowUp':
      return 'previous';
    case 'Escape':
      return 'close';
    case 'Enter':
    case 'Tab':
      return key.shiftKey || key.altKey || key.ctrlKey || key.metaKey ? null : 'pick';
    default:
      return null;
  }
};

/** The highlighted option after an arrow key: it wraps around at both ends. */
export const moveHighlight = (index: number, step: 1 | -1, count: number): number => {
  if (count <= 0) return 0;
  const current = Math.min(Math.max(index, 0), count - 1);
  return (current + step + count) % count;
};
