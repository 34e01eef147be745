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
 * The first page (`/incident/beschrijf`) is sent rendered ahead: index.html with the page's HTML
 * in #root, drawn by the app's own components with this deployment's configuration (what
 * /app-config.js hands the app) by the build's renderer (dist/ssr/first-page.js, built from
 * src/ahead/entry-server.tsx), so the browser paints it before any script has run; the app then takes
 * that DOM over (src/ahead/take-over.tsx). Rendered once per configuration, when the server starts listening
 * and again if the map services switch; without the renderer, or if it fails, index.html as is.
 *
 * Documents per part of the app: the build writes, beside index.html, a document for each part
 * a person opens directly (the back office, the wizard's map step) that preloads that part's chunks
 * instead of the first page's, and lists them in index-routes.json (scripts/build/first-page.mjs);
 * a path under a listed prefix gets its part's document (the longest prefix wins), with the frame
 * of the person it is for drawn ahead in it (a staff member's or a visitor's); every other path
 * index.html.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { NOT_FOUND } from '../http/api-error.ts';
import { brandColorTokens } from './app-config.ts';
// the build's files the server reads (the first page's renderer, the documents per part of the app)
import { EARLY_SCRIPT, PRERENDER_ENTRY, ROUTE_DOCUMENTS } from '../../../scripts/build/output.mjs';
import { API_PREFIX, APP_PATHS } from '@meldloket/engine';

const API_PREFIXES = [API_PREFIX.root, '/dev/', '/stand-ins/'];

/** Hashed build output: the name changes whenever the content does. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else: use it only after asking the server whether it changed. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * The page the sign-in provider answers the silent check on (APP_PATHS.silentSignIn): the app opens
 * the provider in a hidden frame of its own origin on a page load and reads the answer from this
 * page's address (src/auth/silent.ts). It runs nothing and loads nothing, so the app is not started
 * a second time in the frame.
 */
const SILENT_PAGE = '<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Inloggen</title></head><body></body></html>';
/** Its headers: framed by the app's own pages only, nothing to load, never stored (its address holds a code). */
const SILENT_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'self'",
  'X-Frame-Options': 'SAMEORIGIN',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

/** Whose frame a document is drawn with (src/ahead/entry-server.tsx, FrameFor). */
type FrameFor = 'staff' | 'visitor';
const FRAMES: readonly FrameFor[] = ['staff', 'visitor'];

interface RouteDocument {
  prefix: string;
  file: string;
  frame: FrameFor;
}

/** The documents of the build, longest prefix first; none when the build has no list; a broken list stops the start. */
export function routeDocuments(staticDir: string): RouteDocument[] {
  const list = path.join(staticDir, ROUTE_DOCUMENTS);
  if (!existsSync(list)) return [];
  const parsed: unknown = JSON.parse(readFileSync(list, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${list}: geen lijst`);
  return parsed
    .map((entry: Partial<RouteDocument>) => {
      // a list written before documents had a frame: they were the back office's
      const frame = entry?.frame ?? 'staff';
      if (typeof entry?.prefix !== 'string' || !entry.prefix.startsWith('/') || typeof entry.file !== 'string' || !/^index\.[\w-]+\.html$/.test(entry.file) || !FRAMES.includes(frame)) {
        throw new Error(`${list}: ongeldige regel ${JSON.stringify(entry)}`);
      }
      if (!existsSync(path.join(staticDir, entry.file))) throw new Error(`${list}: ${entry.file} ontbreekt`);
      return { prefix: entry.prefix, file: entry.file, frame };
    })
    .sort((a, b) => b.prefix.length - a.prefix.length);
}

/**
 * Scripts and stylesheets, wherever they are served from (the hashed assets, /app-config.js, the
 * first page's boot script): a document's headers mean nothing to them.
 */
const SUBRESOURCE_TYPE = /^(?:text|application)\/javascript\b|^text\/css\b/;

/** Headers only a document (or a worker, which the app does not start from its scripts) obeys. */
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

/** The build folder's part that is for the server only: never sent. */
const SERVER_ONLY = `/${path.dirname(PRERENDER_ENTRY)}/`;

interface FirstPageRenderer {
  FIRST_PAGE_PATH: string;
  renderFirstPage(override: unknown): Promise<RenderedPage>;
  /** A frame with its loading line (src/ahead/entry-server.tsx; absent in older builds). */
  /** `path`: the document's prefix, whose route may know the page's heading before its screen loads. */
  renderFrame?(override: unknown, frame: FrameFor, path?: string): RenderedPage;
}

/** Starts the app once the page rendered ahead is painted (src/ahead/boot.js). */
export const BOOT_SCRIPT = '/first-page-boot.js';

/**
 * The script put inline right before a rendered page's #root (src/ahead/early.js: it notes what is
 * done before the app runs), and its hash for the Content-Security-Policy, which allows exactly this
 * text; null without it in the build (then nothing is put inline).
 */
export function earlyScript(staticDir: string): { source: string; hash: string } | null {
  const file = path.join(staticDir, EARLY_SCRIPT);
  if (staticDir === '' || !existsSync(file)) return null;
  const source = readFileSync(file, 'utf8');
  if (/<\/script/i.test(source)) throw new Error(`${file}: contains </script>`);
  return { source, hash: `'sha256-${createHash('sha256').update(source).digest('base64')}'` };
}

/** What the build's renderer draws (src/ahead/entry-server.tsx, RenderedPage). */
interface RenderedPage {
  title: string;
  html: string;
  notLoaded: string;
  noScript: string;
  /** Images the page draws at once (the map step's small map): asked for by the document. */
  images?: string[];
}

export interface RenderedDocument {
  body: string;
  etag: string;
  /** The body compressed once, as the build does for its files (brotli 11, gzip 9). */
  br: Buffer;
  gzip: Buffer;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The override as the app finds it in `window.__MELDLOKET_CONFIG__` (JSON; null: none, the defaults). */
const renderedFor = (override: Record<string, unknown>) => JSON.stringify(Object.keys(override).length === 0 ? null : override);

/**
 * A document (index.html, or one of the back office's) with the rendered page in #root, its
 * title, and the municipality's colours on <html> (what /app-config.js sets too, so the first
 * paint already has them). The page is drawn before any script runs; the app's scripts are asked for
 * once it is painted (BOOT_SCRIPT, given the entry and the chunks the document names), so the
 * stylesheets, which the paint waits for, do not share the line with the JavaScript. BOOT_SCRIPT says
 * so on the page when the app does not load.
 */
export function renderedDocument(template: string, page: RenderedPage, override: Record<string, unknown>, { early = '' } = {}): RenderedDocument {
  const colours = brandColorTokens(override.branding)
    .map(([token, value]) => `${token}: ${value}`)
    .join('; ');
  const preload: string[] = [];
  let booted = false;
  const parts = template.split('<div id="root"></div>');
  if (parts.length !== 2) throw new Error('index.html: <div id="root"></div> not found once');
  const body = parts
    // the configuration it was drawn with: the app takes the page over only when it runs with the same
    // without scripts the form cannot work: the page says so (outside #root, which the app takes over)
    .join(`<noscript><p class="utrecht-paragraph" role="alert">${escapeHtml(page.noScript)}</p></noscript>${early ? `<script>${early}</script>` : ''}<div id="root" data-rendered-for="${escapeHtml(renderedFor(override))}">${page.html}</div>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    // after the stylesheets the paint waits for: the images come while the app's scripts load
    .replace('</head>', `${(page.images ?? []).map((href) => `<link rel="preload" as="image" href="${escapeHtml(href)}">`).join('')}</head>`)
    .replace('<html lang="nl">', colours ? `<html lang="nl" style="${escapeHtml(colours)}">` : '<html lang="nl">')
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_tag, href: string) => {
      preload.push(href);
      return '';
    })
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_tag, entry: string) => {
      booted = true;
      const notLoaded = `data-not-loaded="${escapeHtml(page.notLoaded)}"`;
      return `<script type="module" src="${BOOT_SCRIPT}" data-app-entry="${entry}" data-preload="${preload.join(' ')}" ${notLoaded}></script>`;
    });
  if (!booted) throw new Error('index.html: the app\'s module script not found');
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/** What is drawn ahead: the first page, or a frame in one of the documents of a part of the app. */
type Ahead = { kind: 'first-page' } | { kind: 'frame'; file: string; frame: FrameFor; prefix: string };

/**
 * The pages rendered ahead, per configuration override (the object /app-config.js hands the app:
 * rendered again only when it changes): the first page in index.html, a frame in the documents of
 * the other parts (the back office's, the wizard's map step). Null when one cannot be rendered (no
 * renderer in the build, a configuration the app refuses, an error): then the document goes out as
 * it is.
 */
function aheadRenderer(staticDir: string, override: () => Record<string, unknown>, log: FastifyBaseLogger) {
  const entry = path.join(staticDir, PRERENDER_ENTRY);
  if (!existsSync(entry)) return undefined;
  const early = earlyScript(staticDir)?.source ?? '';
  let renderer: Promise<FirstPageRenderer> | undefined;
  const templates = new Map<string, string>();
  const rendered = new WeakMap<object, Map<string, Promise<RenderedDocument | null>>>();
  const render = async (ahead: Ahead, forOverride: Record<string, unknown>): Promise<RenderedDocument | null> => {
    try {
      renderer ??= import(pathToFileURL(entry).href) as Promise<FirstPageRenderer>;
      const file = ahead.kind === 'first-page' ? 'index.html' : ahead.file;
      let template = templates.get(file);
      if (template === undefined) templates.set(file, (template = readFileSync(path.join(staticDir, file), 'utf8')));
      const given = Object.keys(forOverride).length === 0 ? undefined : forOverride;
      const app = await renderer;
      if (ahead.kind === 'frame' && !app.renderFrame) return null;
      const page = ahead.kind === 'first-page' ? await app.renderFirstPage(given) : app.renderFrame!(given, ahead.frame, ahead.prefix);
      // Every document's scripts wait for its paint: the code would otherwise share the line with the
      // stylesheets the paint waits for. Measured, the map step's frame painted 0.6–0.9 s sooner on the
      // simulated phone and the map no later; the overview's (its heading drawn ahead, its sign-in
      // restored in a hidden frame) at 1.0 s instead of 2.2 s, Lighthouse 100 instead of 96.
      return renderedDocument(template, page, forOverride, { early });
    } catch (error) {
      log.warn({ err: error }, `${ahead.kind === 'first-page' ? 'first page' : ahead.file} not rendered ahead: the app draws it in the browser`);
      return null;
    }
  };
  return {
    path: '/incident/beschrijf',
    get(ahead: Ahead): Promise<RenderedDocument | null> {
      const current = override();
      let forCurrent = rendered.get(current);
      if (!forCurrent) rendered.set(current, (forCurrent = new Map()));
      const key = ahead.kind === 'first-page' ? '' : ahead.file;
      let document = forCurrent.get(key);
      if (!document) forCurrent.set(key, (document = render(ahead, current)));
      return document;
    },
  };
}

export const staticAppPlugin = fp<{ staticDir: string }>(
  async (app, { staticDir }) => {
    const hasApp = staticDir !== '' && existsSync(path.join(staticDir, 'index.html'));
    const assetsDir = path.join(path.resolve(staticDir), 'assets') + path.sep;
    const ahead = hasApp ? aheadRenderer(staticDir, () => app.appConfigOverride, app.log) : undefined;
    const documents = hasApp ? routeDocuments(staticDir) : [];
    if (ahead) {
      // rendered while nothing waits for them, not at the first visitor's expense
      app.addHook('onListen', async () => {
        void ahead.get({ kind: 'first-page' });
        for (const { file, frame, prefix } of documents) void ahead.get({ kind: 'frame', file, frame, prefix });
      });
    }
    // a prefix names a folder: '/manage/' is /manage itself and everything under it
    const under = (pathname: string, prefix: string) => pathname.startsWith(prefix) || `${pathname}/` === prefix;
    const documentFor = (pathname: string) => documents.find((d) => under(pathname, d.prefix));
    if (hasApp) {
      await app.register(fastifyStatic, {
        root: staticDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        preCompressed: true,
        allowedPath: (pathName) => !pathName.startsWith(SERVER_ONLY),
        setHeaders: (reply, filePath) => {
          const immutable = path.resolve(filePath).startsWith(assetsDir);
          reply.header('Cache-Control', immutable ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
        },
      });
      app.addHook('onSend', async (request, reply, payload) => {
        const hashed = request.url.startsWith('/assets/') && reply.getHeader('cache-control') === IMMUTABLE_CACHE;
        if (hashed || SUBRESOURCE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
          for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
        }
        return payload;
      });
    }
    app.get(APP_PATHS.silentSignIn, async (_request, reply) => reply.headers(SILENT_HEADERS).type('text/html; charset=utf-8').send(SILENT_PAGE));
    app.setNotFoundHandler(async (request, reply) => {
      const isApi = API_PREFIXES.some((p) => request.url === p.replace(/\/$/, '') || request.url.startsWith(p));
      if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && hasApp) {
        const file = request.url.split('?')[0];
        if (file !== '/' && path.extname(file) !== '' && !file.endsWith('.html')) {
          return reply.code(404).type('text/plain; charset=utf-8').send('Niet gevonden.');
        }
        // the first page, and each part's document, go out with what is drawn ahead in them
        const own = documentFor(file);
        const wanted: Ahead | null = request.url === ahead?.path ? { kind: 'first-page' } : own ? { kind: 'frame', file: own.file, frame: own.frame, prefix: own.prefix } : null;
        const document = ahead && wanted ? await ahead.get(wanted) : null;
        if (document) {
          reply.header('Cache-Control', REVALIDATE_CACHE).header('ETag', document.etag);
          if (request.headers['if-none-match'] === document.etag) return reply.code(304).send();
          reply.type('text/html; charset=utf-8').header('Vary', 'Accept-Encoding');
          const accepted = request.headers['accept-encoding'] ?? '';
          if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(document.br);
          if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(document.gzip);
          return reply.send(document.body);
        }
        return reply.sendFile(own?.file ?? 'index.html');
      }
      if (!isApi && request.url === '/' && !hasApp) {
        return reply.type('text/plain; charset=utf-8').send('De API draait. Bouw de web-app met `npm run build` of start met `npm start`.');
      }
      return reply.code(404).send({ detail: NOT_FOUND });
    });
  },
  { name: 'static-app' },
);
