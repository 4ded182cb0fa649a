/**
 * Sending a stored upload back: raster images inline, everything else as a download that
 * can never run as a page of this origin. Always `nosniff` (docs/DESIGN.md, "Files").
 */
import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import { safeFileName } from './file-names.js';
import type { StoredFileToSend } from './file-store.js';

const INLINE_IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The image type a stored name is served as inline, or undefined for a download. */
export const inlineImageType = (storedName: string): string | undefined =>
  INLINE_IMAGE_TYPES[storedName.split('.').pop()?.toLowerCase() ?? ''];

/**
 * `attachment` with the original name: an ASCII fallback plus the RFC 5987 UTF-8 form. The
 * name is cleaned again here, for files stored before names were cleaned on upload.
 */
export const attachmentDisposition = (stored: string): string => {
  const name = safeFileName(stored);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};


export const sendStoredFile = (reply: FastifyReply, file: StoredFileToSend) => {
  reply
    .header('X-Content-Type-Options', 'nosniff')
    // Stored names are never reused, so a private copy can be kept for good.
    .header('Cache-Control', 'private, max-age=31536000, immutable')
    .header('Content-Length', String(file.size));
  const inlineType = inlineImageType(file.storedName);
  if (inlineType) {
    reply.type(inlineType);
  } else {
    reply
      .type('application/octet-stream')
      .header('Content-Disposition', attachmentDisposition(file.originalName))
      .header('Content-Security-Policy', "default-src 'none'; sandbox");
  }
  return reply.send(createReadStream(file.path));
};
