/**
 * Message text as plain segments (000 §2): links become anchors only for http, https and
 * mailto (www. gets https:// in front), mentions written as @@name@@ render bold. The text
 * itself is never parsed as HTML: every segment is rendered as a React text node.
 */
export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'mention'; name: string };

// Candidates: a scheme link, a www. link, a mailto: address, or a @@mention@@.
const TOKEN = /(\bhttps?:\/\/[^\s<>"]+|\bwww\.[^\s<>"]+|\bmailto:[^\s<>"]+|@@[^@\n]+?@@)/gi;
// Punctuation that ends a sentence rather than the link.
const TRAILING = /[.,;:!?)\]}'"]+$/;

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The link's target when it may be followed, or null. */
export const safeHref = (raw: string): string | null => {
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : raw;
  try {
    const url = new URL(candidate);
    return ALLOWED_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
};

const pushText = (segments: TextSegment[], text: string) => {
  if (!text) return;
  const last = segments[segments.length - 1];
  if (last?.kind === 'text') last.text += text;
  else segments.push({ kind: 'text', text });
};

export const splitMessageText = (content: string): TextSegment[] => {
  const segments: TextSegment[] = [];
  let position = 0;
  for (const match of content.matchAll(TOKEN)) {
    const start = match.index;
    let token = match[0];
    pushText(segments, content.slice(position, start));
    position = start + token.length;
    if (token.startsWith('@@')) {
      const name = token.slice(2, -2).trim();
      if (name) segments.push({ kind: 'mention', name });
      else pushText(segments, token);
      continue;
    }
    const trailing = TRAILING.exec(token)?.[0] ?? '';
    if (trailing) {
      token = token.slice(0, -trailing.length);
      position -= trailing.length;
    }
    const href = safeHref(token);
    if (href) segments.push({ kind: 'link', text: token, href });
    else pushText(segments, token);
  }
  pushText(segments, content.slice(position));
  return segments;
};
