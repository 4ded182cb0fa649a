/**
 * The built web client (apps/web/dist) on the same port as the API. Files whose name holds
 * the build's content hash (under /static/) are cached for good; every other file (the page,
 * a service worker, a manifest, icons) is checked with the server on each use. The .br/.gz
 * copies made at build are sent to a browser that accepts them. Every other GET that is not
 * an API path gets index.html, and the client's router decides (including its own not-found page).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { sendFailure } from './error-handler.js';

/** static/<name>-<hash>.<ext>, as Vite names its output (the hash is 8 characters). */
const HASHED_FILE = /[/\\]static[/\\][^/\\]+-[\w-]{8}\.\w+$/;

const cacheControlFor = (filePath: string): string =>
  HASHED_FILE.test(filePath.replace(/\.(br|gz)$/, '')) ? 'public, max-age=31536000, immutable' : 'no-cache';

// /metrics is served on METRICS_PORT only: here it is a 404, never the page, so a scraper
// pointed at the wrong port fails loudly (docs/OPERATIONS.md, "Metrics").
const SERVER_PATHS = /^\/(api|assets|socket\.io|docs|static|healthz|readyz|metrics)(\/|$|\?)/;

export const registerWebClient = async (app: FastifyInstance, config: Config) => {
  // Mobile app packages dropped into DATA_DIR/downloads are offered at /downloads/ (the
  // login page's default Android and iOS links point here).
  const downloadsDir = path.join(config.dataDir, 'downloads');
  mkdirSync(downloadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: downloadsDir,
    prefix: '/downloads/',
    decorateReply: false,
    index: false,
    setHeaders: (reply) => {
      reply.header('Content-Disposition', 'attachment');
      reply.header('Cache-Control', 'no-cache');
    },
  });

  const hasBuild = existsSync(path.join(config.webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header('Cache-Control', cacheControlFor(filePath));
      },
    });
  } else {
    app.log.warn({ webDistDir: config.webDistDir }, 'the web client is not built; only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !SERVER_PATHS.test(request.url);
    if (isPageRequest && hasBuild) {
      // An app package not put in place yet: still a 404, but the page says the app is not
      // available yet rather than that the link is broken.
      const isMissingDownload = request.url.startsWith('/downloads/');
      return reply.code(isMissingDownload ? 404 : 200).header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendFailure(reply, 404, 'Not found.');
  });
};
