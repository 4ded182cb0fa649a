import { ATTACHMENT_LIMIT_BYTES } from '@ichat/shared';
import { describe, expect, it } from 'vitest';
import { acceptFiles, formatFileSize, isTooLarge } from './file-size';

describe('file sizes and the 16 MB limit', () => {
  it('shows KB below a megabyte and MB from one up, with 2 decimals', () => {
    expect(formatFileSize(512)).toBe('0.50 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1.00 MB');
    expect(formatFileSize(3.25 * 1024 * 1024)).toBe('3.25 MB');
  });

  it('refuses only files over 16 MB', () => {
    expect(isTooLarge(ATTACHMENT_LIMIT_BYTES)).toBe(false);
    expect(isTooLarge(ATTACHMENT_LIMIT_BYTES + 1)).toBe(true);
  });

  it('keeps chosen files first, drops oversize ones and caps the count', () => {
    const file = (name: string, size = 10) => ({ name, size });
    const current = [file('a')];
    const picked = [file('big', ATTACHMENT_LIMIT_BYTES + 1), file('b'), file('c'), file('d')];
    const result = acceptFiles(current, picked, 3);
    expect(result.kept.map((f) => f.name)).toEqual(['a', 'b', 'c']);
    expect(result.tooLarge.map((f) => f.name)).toEqual(['big']);
    expect(result.overCount).toBe(1);
    expect(acceptFiles([file('only')], [file('x')], 1)).toEqual({ kept: [file('only')], tooLarge: [], overCount: 1 });
  });
});
