import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  plugins: [react(), appTitle()],
  resolve: { alias: { '@ichat/shared': sharedEntry } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server owns /assets/* (uploaded files); hashed bundles live under /static/.
    assetsDir: 'static',
    rolldownOptions: {
      output: {
        // Libraries change far less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/ },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|stylis|clsx|prop-types|react-is|react-transition-group|hoist-non-react-statics|@popperjs)[\\/]/ },
            { name: 'vendor', test: /node_modules[\\/]/ },
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
