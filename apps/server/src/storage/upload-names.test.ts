/**
 * Original file names arrive with whatever bytes a client puts in them: NUL, line breaks,
 * escape sequences and bidirectional overrides are taken out before the name is stored,
 * listed or sent back in a download's Content-Disposition.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../test-support/test-server.js';

const server = useTestServer();
let token: string;
beforeAll(async () => {
  token = await server.login('maria.santos');
});

const rawUpload = (fileName: string) => {
  const boundary = 'names-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"message":"named file"}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="message_attachments"; filename="`),
    Buffer.from(fileName, 'utf8'),
    Buffer.from(`"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 test\r\n--${boundary}--\r\n`),
  ]);
  return server.request<{ message: { message_attachment: { attachment: string }[] } }>('POST', '/api/v1/messages/4', {
    token,
    rawBody: body as unknown as string,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
};

describe('uploaded file names', () => {
  it('are stored, listed and downloaded without control characters', async () => {
    const sent = await rawUpload('quo\u0000te\u0007 \u001b[2J\u202efdp.pdf');
    expect(sent.status).toBe(201);
    const stored = sent.body.message.message_attachment[0]!.attachment;

    const files = await server.request<{ files: { message_attachment: { attachment: string; original_name: string } }[] }>(
      'GET',
      '/api/v1/files/4',
      { token },
    );
    const listed = files.body.files.find((file) => file.message_attachment.attachment === stored);
    expect(listed?.message_attachment.original_name).toBe('quote [2Jfdp.pdf');

    const download = await fetch(`${server.baseUrl}/assets/message-attachment/${stored}`, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('%PDF-1.4 test');
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="quote [2Jfdp.pdf"; filename*=UTF-8''quote%20%5B2Jfdp.pdf`);
  });
});
