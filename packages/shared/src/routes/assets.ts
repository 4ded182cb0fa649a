/**
 * Stored images and files (000 §7, 001 §7), for signed-in users. An <img> cannot send a
 * header, so these GETs also take the token from the `token` cookie.
 */
import { z } from 'zod';
import { routeGroup } from './define.js';

const { get } = routeGroup(['files']);
const file = { hidden: true, params: z.object({ name: z.string().max(200) }) } as const;

export const assetRoutes = {
  image: get('/assets/images-data/:name', 'A profile photo or conversation image', file),
  messageAttachment: get('/assets/message-attachment/:name', 'A file sent in a conversation the caller belongs to', file),
  requestAttachment: get('/assets/requests-attachments/:name', 'A file of a request the caller may see', file),
};
