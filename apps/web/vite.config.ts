import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { TEXT } from '../../packages/shared/src/texts.js';

// The bundle is built from the shared sources, so a web build never waits for the
// shared package's dist/.
const sharedEntry = decodeURIComponent(new URL('../../packages/shared/src/index.ts', import.meta.url).pathname);

const SERVER = 'http://localhost:3000';

// The tab title comes from the shared texts like every other visible text.
const appTitle = (): Plugin => ({
  name: 'ichat-app-title',
  transformIndexHtml: (html) => html.replace('%APP_TITLE%', TEXT.appTitle),
});

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

// Every text file of the build also as .br and .gz, at the best (slow) levels, once: the
// server sends the copy the browser accepts and compresses nothing per request for them.
// Below 1 KB compression gains nothing (the server's own threshold, apps/server/src/app.ts).
const preCompress = (): Plugin => ({
  name: 'ichat-pre-compress',
  apply: 'build',
  writeBundle: async ({ dir }) => {
    if (!dir) return;
    const files = await readdir(dir, { recursive: true });
    const texts = files.filter((file) => COMPRESSIBLE.test(file)).map((file) => path.join(dir, file));
    await Promise.all(
      texts.map(async (file) => {
        const content = await readFile(file);
        if (content.length < 1024) return;
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      }),
    );
  },
});

// The installable app (docs/DESIGN.md, "The installed app"): its manifest, and the service
// worker in src/sw/ with the app shell and hashed bundles to precache. Pre-compressed copies
// (.br, .gz) are the server's business, never the worker's.
const installableApp = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      id: '/',
      name: TEXT.appTitle,
      short_name: TEXT.appShortName,
      description: TEXT.appDescription,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#1565c0',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The manifest's icons are added by the plugin; of the font's subsets, the Latin ones
      // (the others download when a text needs them).
      globPatterns: ['index.html', 'favicon.svg', 'static/**/*.{js,css,svg,png}', 'static/roboto-latin-*.woff2'],
      globIgnores: ['**/*.br', '**/*.gz'],
    },
  });

export default defineConfig({
  plugins: [react(), appTitle(), preCompress(), installableApp()],
  resolve: { alias: { '@ichat/shared': sharedEntry } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server owns /assets/* (uploaded files); hashed bundles live under /static/.
    assetsDir: 'static',
    rolldownOptions: {
      output: {
        // React and its router change far less often than the app and every page needs them:
        // their own chunk stays cached across releases. The rest is split by route (each
        // screen is a dynamic import), so a page downloads only the libraries it uses.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
            // zod-jitless.ts must run before any schema is built; in zod's own chunk it does,
            // whichever chunk the shared schemas land in.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-jitless\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': SERVER,
      '/assets': SERVER,
      '/socket.io': { target: SERVER, ws: true },
      '/docs': SERVER,
      '/healthz': SERVER,
    },
  },
});
