/**
 * The original name of an upload, made safe to keep and to send back: no directory part, no
 * control characters (NUL, line breaks, escape sequences), no invisible bidirectional
 * overrides that would disguise an extension ('invoice‮fdp.exe'), trimmed, at most 255
 * characters, and never empty.
 */
import path from 'node:path';

// C0 controls, DEL, C1 controls, and the bidirectional embedding, override and isolate marks.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const MAX_NAME_LENGTH = 255;

export const safeFileName = (raw: string | undefined): string => {
  const cleaned = (raw ?? '').replace(UNSAFE_CHARACTERS, '');
  const base = path.basename(cleaned.replace(/\\/g, '/')).trim();
  const name = [...base].slice(0, MAX_NAME_LENGTH).join('');
  return name === '' || name === '.' || name === '..' ? 'file' : name;
};
