/**
 * Mentions (000 §5): typing '@@' and word characters opens the picker; picking writes the
 * name between @@ markers; only mentions whose '@@name@@' is still in the text are sent (the
 * server checks the same, so a mention cannot name someone the text does not show).
 */
export interface MentionRef {
  id: number | 'all';
  name: string;
}

/** The special entry that notifies every member (000 §3). */
export const MENTION_ALL: MentionRef = { id: 'all', name: 'All' };

export const mentionMarkup = (name: string): string => `@@${name}@@`;

/** Text with each @@name@@ written as people read it, @name (previews, pushes). */
export const mentionsAsNames = (text: string): string => text.replace(/@@([^@\n]+?)@@/g, '@$1');

/** The mentions whose markup is still in the text, each once. */
export const mentionsInText = <T extends MentionRef>(text: string, mentions: readonly T[]): T[] => {
  const seen = new Set<string>();
  return mentions.filter((mention) => {
    const key = `${String(mention.id)}\u0000${mention.name}`;
    if (seen.has(key) || mention.name.trim() === '' || !text.includes(mentionMarkup(mention.name))) return false;
    seen.add(key);
    return true;
  });
};

/**
 * The mention being typed just before the caret: '@' and letters, as people type a mention
 * everywhere else (issue 17), or '@@' and word characters, as the original client opened it
 * (000 §5). The opening '@' starts the text or follows a space or punctuation, so an email
 * address never opens it, and an '@@' right after a name character is the closing marker of a
 * finished @@name@@. Answers where it starts and what was typed; whatever opened it, the pick
 * writes the specification's '@@Name@@' markers, so every client reads the same text.
 */
export const mentionQueryAt = (text: string, caret: number): { start: number; query: string } | null => {
  const match = /(^|[^\w@])@(@\w*|\w+)$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: match.index + (match[1]?.length ?? 0), query: (match[2] ?? '').replace(/^@/, '') };
};

/** Replaces the typed '@@query' with the picked name's markup and a space; answers the new caret. */
export const insertMention = (text: string, start: number, caret: number, name: string): { text: string; caret: number } => {
  const inserted = `${mentionMarkup(name)} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
};
