/**
 * Stored images and files (000 §7, 001 §7), for signed-in users. An <img> cannot send a
 * header, so these GETs also take the token from the `token` cookie.
 */
import { z } from 'zod';
import { defineRoute } from './define.js';

const name = z.object({ name: z.string().max(200) });
const tags = ['files'];

export const assetRoutes = {
  image: defineRoute({
    method: 'GET',
    path: '/assets/images-data/:name',
    tags,
    summary: 'A profile photo or conversation image',
    hidden: true,
    params: name,
  }),
  messageAttachment: defineRoute({
    method: 'GET',
    path: '/assets/message-attachment/:name',
    tags,
    summary: 'A file sent in a conversation the caller belongs to',
    hidden: true,
    params: name,
  }),
  requestAttachment: defineRoute({
    method: 'GET',
    path: '/assets/requests-attachments/:name',
    tags,
    summary: 'A file of a request the caller may see',
    hidden: true,
    params: name,
  }),
};
