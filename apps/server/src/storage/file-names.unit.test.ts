import { describe, expect, it } from 'vitest';
import { safeFileName } from './file-names.js';
import { attachmentDisposition } from './send-file.js';

describe('safeFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['re\u0000port\u0007.pdf', 'report.pdf'],
    ['line\r\nbreak.txt', 'linebreak.txt'],
    ['\u001b[31mred.txt', '[31mred.txt'],
    ['invoice\u202efdp.exe', 'invoicefdp.exe'],
    ['C:\\Users\\ana\\quote.xlsx', 'quote.xlsx'],
    ['../../etc/passwd', 'passwd'],
    ['  spaced.doc  ', 'spaced.doc'],
    ['Ñino – Quotation ₱.pdf', 'Ñino – Quotation ₱.pdf'],
    ['\u0000\u0001', 'file'],
    ['..', 'file'],
    [undefined, 'file'],
  ])('%j → %j', (raw, safe) => {
    expect(safeFileName(raw)).toBe(safe);
  });

  it('keeps at most 255 characters, never splitting one', () => {
    expect([...safeFileName(`${'😀'.repeat(300)}.png`)]).toHaveLength(255);
  });

  it('a download names the file without control characters, even one stored before cleaning', () => {
    const header = attachmentDisposition('bad\u0000na\r\nme.pdf');
    expect(header).toBe(`attachment; filename="badname.pdf"; filename*=UTF-8''badname.pdf`);
    expect([...header].some((character) => character.charCodeAt(0) < 0x20)).toBe(false);
  });
});
