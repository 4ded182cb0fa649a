// Draws the installed app's icons (apps/web/public/icons) from the favicon with sharp, the
// image library the server already uses: 192 and 512 px, and a maskable 512 px whose mark
// sits inside the safe circle on a full-bleed brand background. Run again when the logo changes:
//   node scripts/make-app-icons.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { root } from './lib.mjs';

const web = path.join(root, 'apps/web/public');
const logo = readFileSync(path.join(web, 'favicon.svg'));
const BRAND_BLUE = '#1565c0';

const plain = (size) => sharp(logo, { density: (72 * size) / 48 }).resize(size, size).png();

// The safe zone of a maskable icon is a circle of 80 % of the side: the mark takes 60 %.
const maskable = async (size) => {
  const mark = await plain(Math.round(size * 0.6)).toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: BRAND_BLUE } })
    .composite([{ input: mark, gravity: 'center' }])
    .png();
};

await plain(192).toFile(path.join(web, 'icons/icon-192.png'));
await plain(512).toFile(path.join(web, 'icons/icon-512.png'));
await (await maskable(512)).toFile(path.join(web, 'icons/icon-maskable-512.png'));
console.log('icons written to apps/web/public/icons');
