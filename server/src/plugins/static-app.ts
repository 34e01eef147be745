/**
 * Serves the built web app (STATIC_DIR, default dist/) next to the API: files as
 * they are, and index.html for every other GET outside the API so the app's own
 * router takes over. Without a build the API still runs; the root says how to build.
 *
 * Compression: the build writes `.br` and `.gz` next to every compressible file
 * (vite.config.ts); the file the browser accepts is chosen by Accept-Encoding and the
 * answer says `Vary: Accept-Encoding`. Caching: files under assets/ carry a content
 * hash in their name and never change (a year, immutable); everything else, index.html
 * first, is revalidated on every use (`no-cache` with ETag and Last-Modified, so an
 * unchanged file costs a 304).
 *
 * Headers: the hashed files (scripts, stylesheets, images) go without the headers that
 * only a document obeys (the Content-Security-Policy, framing, Permissions-Policy, …):
 * about 0.8 KB per file, a tenth of the first page's bytes. `index.html` and every other
 * answer keep them; `X-Content-Type-Options: nosniff`, which a script obeys, stays.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { NOT_FOUND } from '../http/api-error.ts';

const API_PREFIXES = ['/signals', '/dev/', '/stand-ins/'];

/** Hashed build output: the name changes whenever the content does. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else: use it only after asking the server whether it changed. */
export const REVALIDATE_CACHE = 'no-cache';

/** Headers only a document (or a worker, which the app does not start from assets/) obeys. */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'permissions-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export const staticAppPlugin = fp<{ staticDir: string }>(
  async (app, { staticDir }) => {
    const hasApp = staticDir !== '' && existsSync(path.join(staticDir, 'index.html'));
    const assetsDir = path.join(path.resolve(staticDir), 'assets') + path.sep;
    if (hasApp) {
      await app.register(fastifyStatic, {
        root: staticDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        preCompressed: true,
        setHeaders: (reply, filePath) => {
          const immutable = path.resolve(filePath).startsWith(assetsDir);
          reply.header('Cache-Control', immutable ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
        },
      });
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.url.startsWith('/assets/') && reply.getHeader('cache-control') === IMMUTABLE_CACHE) {
          for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
        }
        return payload;
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = API_PREFIXES.some((p) => request.url === p.replace(/\/$/, '') || request.url.startsWith(p));
      if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && hasApp) {
        const file = request.url.split('?')[0];
        if (file !== '/' && path.extname(file) !== '' && !file.endsWith('.html')) {
          return reply.code(404).type('text/plain; charset=utf-8').send('Niet gevonden.');
        }
        return reply.sendFile('index.html');
      }
      if (!isApi && request.url === '/' && !hasApp) {
        return reply.type('text/plain; charset=utf-8').send('De API draait. Bouw de web-app met `npm run build` of start met `npm start`.');
      }
      return reply.code(404).send({ detail: NOT_FOUND });
    });
  },
  { name: 'static-app' },
);
