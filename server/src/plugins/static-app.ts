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
 *
 * Documents per part of the app: the build writes, beside index.html, a document for each part
 * a person opens directly (the back office) that preloads that part's chunks instead of the
 * first page's, and lists them in index-routes.json (scripts/build/first-page.mjs); a path under
 * a listed prefix gets its part's document (the longest prefix wins), every other path index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { NOT_FOUND } from '../http/api-error.ts';

const API_PREFIXES = ['/signals', '/dev/', '/stand-ins/'];

/** Hashed build output: the name changes whenever the content does. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else: use it only after asking the server whether it changed. */
export const REVALIDATE_CACHE = 'no-cache';

/** The build's list of documents per part of the app (scripts/build/first-page.mjs, ROUTE_DOCUMENTS). */
const ROUTE_DOCUMENTS = 'index-routes.json';

interface RouteDocument {
  prefix: string;
  file: string;
}

/** The documents of the build, longest prefix first; none when the build has no list (or a broken one). */
export function routeDocuments(staticDir: string): RouteDocument[] {
  const list = path.join(staticDir, ROUTE_DOCUMENTS);
  if (!existsSync(list)) return [];
  const parsed: unknown = JSON.parse(readFileSync(list, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${list}: geen lijst`);
  return parsed
    .map((entry: RouteDocument) => {
      if (typeof entry?.prefix !== 'string' || !entry.prefix.startsWith('/') || typeof entry.file !== 'string' || !/^index\.[\w-]+\.html$/.test(entry.file)) {
        throw new Error(`${list}: ongeldige regel ${JSON.stringify(entry)}`);
      }
      if (!existsSync(path.join(staticDir, entry.file))) throw new Error(`${list}: ${entry.file} ontbreekt`);
      return { prefix: entry.prefix, file: entry.file };
    })
    .sort((a, b) => b.prefix.length - a.prefix.length);
}

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
    const documents = hasApp ? routeDocuments(staticDir) : [];
    // a prefix names a folder: '/manage/' is /manage itself and everything under it
    const under = (pathname: string, prefix: string) => pathname.startsWith(prefix) || `${pathname}/` === prefix;
    const documentFor = (pathname: string) => documents.find((d) => under(pathname, d.prefix))?.file ?? 'index.html';
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
        return reply.sendFile(documentFor(file));
      }
      if (!isApi && request.url === '/' && !hasApp) {
        return reply.type('text/plain; charset=utf-8').send('De API draait. Bouw de web-app met `npm run build` of start met `npm start`.');
      }
      return reply.code(404).send({ detail: NOT_FOUND });
    });
  },
  { name: 'static-app' },
);
