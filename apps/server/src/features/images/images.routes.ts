/**
 * Profile photos and conversation images, served to signed-in users only. Names are the ones the store
 * generated; anything else is a 404 without touching the disk.
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { routes } from '@ichat/shared';
import { notFound } from '../../errors.js';
import { serve } from '../../http/serve-route.js';
import type { FileStore } from '../../storage/file-store.js';

const IMAGE_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

export const imagesRoutes =
  ({ files }: { files: FileStore }) =>
  async (app: FastifyInstance) => {
    serve(app, routes.assets.image, async (request, reply) => {
      const { name } = request.params;
      const extension = name.split('.').pop()?.toLowerCase() ?? '';
      const type = IMAGE_TYPES[extension];
      if (!type || !(await files.exists('images-data', name))) throw notFound('That image does not exist.');
      return reply
        .type(type)
        .header('X-Content-Type-Options', 'nosniff')
        // Stored names are never reused, so a copy can be kept for good.
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(createReadStream(files.pathFor('images-data', name)));
    });
  };
