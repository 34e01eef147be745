/**
 * The first page rendered ahead (plugins/static-app.ts): /incident/beschrijf goes out as index.html
 * with the page the build's renderer (dist/ssr/first-page.js) draws for this deployment's
 * configuration, compressed, revalidated by ETag, with the app's scripts handed to the boot script;
 * the renderer itself is never sent, and every other path gets index.html as it is. The documents of
 * the other parts of the app (the back office's, the wizard's map step) go out with the frame the
 * renderer draws for the person they are for, their own scripts kept.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';
import { createHash } from 'node:crypto';
import { BOOT_SCRIPT, routeDocuments } from '../src/plugins/static-app.ts';
import { EARLY_SCRIPT } from '../../scripts/build/output.mjs';
import { APP_PATHS } from '@meldloket/engine';
import { readOidcConfig } from '../src/config.ts';

const INDEX_HTML = `<!doctype html>
<html lang="nl">
  <head>
    <title>Meldloket</title>
    <script type="module" crossorigin src="/assets/index-1234.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/chunk-1.js">
    <link rel="modulepreload" crossorigin href="/assets/chunk-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1234.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A stand-in for the build's renderer: what it draws shows which configuration it was given. */
const RENDERER = `export const FIRST_PAGE_PATH = '/incident/beschrijf';
export async function renderFirstPage(override) {
  const name = override?.municipality ?? 'Amsterdam';
  return { title: 'Beschrijf uw melding - Meldloket', html: '<h1>Gemeente ' + name + '</h1>', notLoaded: 'Niet geladen & kapot', noScript: 'Zet JavaScript aan' };
}
export function renderFrame(override, frame) {
  const name = override?.municipality ?? 'Amsterdam';
  if (frame === 'visitor') return { title: 'Meldloket', html: '<header class="tall">Gemeente ' + name + '</header><main><p role="status">Bezig met laden…</p></main><footer></footer>', notLoaded: 'Niet geladen', noScript: 'Zonder JavaScript', images: ['/tiles/11/945/967.png', '/tiles/11/946/967.png'] };
  return { title: 'Meldloket', html: '<header>Gemeente ' + name + '</header><main><p role="status">Bezig met laden…</p></main>', notLoaded: 'Beheer niet geladen', noScript: 'Beheer zonder JavaScript' };
}
`;

/** The back office's document: the same entry, its own chunks preloaded (scripts/build/first-page.mjs). */
const MANAGE_HTML = INDEX_HTML.replace('chunk-1.js', 'manage-1.js').replace('chunk-2.js', 'manage-2.js');
/** The map step's document: the wizard's chunks and the map's. */
const MAP_STEP_HTML = INDEX_HTML.replace('chunk-2.js', 'map-1.js');

const ROUTES = [
  { prefix: '/manage/', file: 'index.manage.html', frame: 'staff' },
  { prefix: '/incident/vulaan', file: 'index.incident-vulaan.html', frame: 'visitor' },
];

function builtApp(renderer = RENDERER, routes: object[] = ROUTES, early?: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'meldloket-first-page-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'ssr'));
  writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'index.manage.html'), MANAGE_HTML);
  writeFileSync(path.join(dir, 'index.incident-vulaan.html'), MAP_STEP_HTML);
  writeFileSync(path.join(dir, 'index-routes.json'), JSON.stringify(routes));
  writeFileSync(path.join(dir, 'assets', 'index-1234.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'ssr', 'first-page.js'), renderer);
  if (early !== undefined) writeFileSync(path.join(dir, EARLY_SCRIPT), early);
  return dir;
}

/**
 * The server over such a build for the tests of one describe (`config`: more of the server's
 * configuration, given the build's folder); the getter answers once it is up.
 */
function serving(renderer = RENDERER, config: (dir: string) => Record<string, unknown> = () => ({}), routes: object[] = ROUTES, early?: string): () => TestApp {
  let dir: string;
  let t: TestApp;
  beforeAll(async () => {
    dir = builtApp(renderer, routes, early);
    t = await buildTestApp('pglite', { config: { staticDir: dir, ...config(dir) } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => t;
}

describe('the script that notes what is done before the app runs (src/ahead/early.js)', () => {
  const EARLY = "window.__meldloketEarlyEvents = [];";
  const server = serving(RENDERER, () => ({}), ROUTES, EARLY);

  it('is put inline right before #root, so it runs before the page can be touched, and the policy allows exactly that text', async () => {
    const res = await server().app.inject({ method: 'GET', url: '/incident/beschrijf' });
    expect(res.body).toContain(`<script>${EARLY}</script><div id="root"`);
    const policy = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update(EARLY).digest('base64');
    expect(policy).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/=]/g, '\\$&')}'(;|$)`));
    expect(policy.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
  });

  it('is in the documents with a frame too (the back office\'s)', async () => {
    const res = await server().app.inject({ method: 'GET', url: '/manage/incidents' });
    expect(res.body).toContain(`<script>${EARLY}</script><div id="root"`);
  });
});

describe('the first page rendered ahead', () => {
  const server = serving();

  it('sends index.html with the rendered page, its title, and the scripts handed to the boot script', async () => {
    const res = await server().app.inject({ method: 'GET', url: '/incident/beschrijf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<noscript><p class="utrecht-paragraph" role="alert">Zet JavaScript aan</p></noscript><div id="root" data-rendered-for="null"><h1>Gemeente Amsterdam</h1></div>');
    expect(res.body).toContain('<title>Beschrijf uw melding - Meldloket</title>');
    expect(res.body).toContain(`<script type="module" src="${BOOT_SCRIPT}" data-app-entry="/assets/index-1234.js" data-preload="/assets/chunk-1.js /assets/chunk-2.js" data-not-loaded="Niet geladen &amp; kapot"></script>`);
    expect(res.body).not.toContain('modulepreload');
    // the stylesheet the paint waits for stays in the document
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1234.css">');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends it compressed to a browser that accepts brotli, and answers an unchanged page with 304', async () => {
    const plain = await server().app.inject({ method: 'GET', url: '/incident/beschrijf' });
    const br = await server().app.inject({ method: 'GET', url: '/incident/beschrijf', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const again = await server().app.inject({ method: 'GET', url: '/incident/beschrijf', headers: { 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('never sends the renderer, and sends index.html as it is for every other page', async () => {
    expect((await server().app.inject({ method: 'GET', url: '/ssr/first-page.js' })).statusCode).toBe(404);
    for (const url of ['/incident/contact', '/onderhoud', '/incident/beschrijf?categorie=afval', '/incident/reactie/abc']) {
      const res = await server().app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('rel="modulepreload"');
    }
  });
});

describe('the back office\'s documents drawn ahead', () => {
  const server = serving();

  it('sends the frame in the back office\'s own document, its own chunks asked for once it is painted', async () => {
    for (const url of ['/manage/incidents', '/manage/incident/12', '/manage']) {
      const res = await server().app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<noscript><p class="utrecht-paragraph" role="alert">Beheer zonder JavaScript</p></noscript><div id="root" data-rendered-for="null"><header>Gemeente Amsterdam</header><main><p role="status">Bezig met laden…</p></main></div>');
      // its own chunks, handed to the boot script, which asks for them once the frame is painted
      expect(res.body).toContain(`<script type="module" src="${BOOT_SCRIPT}" data-app-entry="/assets/index-1234.js" data-preload="/assets/manage-1.js /assets/manage-2.js" data-not-loaded="Beheer niet geladen"></script>`);
      expect(res.body).not.toContain('modulepreload');
      expect(res.body).not.toContain('chunk-1.js');
    }
    const br = await server().app.inject({ method: 'GET', url: '/manage/incidents', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<header>Gemeente Amsterdam</header>');
    const again = await server().app.inject({ method: 'GET', url: '/manage/incidents', headers: { 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('the map step\'s document drawn ahead', () => {
  const server = serving();

  it('sends a visitor\'s frame in the map step\'s own document, the wizard\'s and the map\'s chunks asked for once it is painted', async () => {
    const res = await server().app.inject({ method: 'GET', url: '/incident/vulaan' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<noscript><p class="utrecht-paragraph" role="alert">Zonder JavaScript</p></noscript><div id="root" data-rendered-for="null"><header class="tall">Gemeente Amsterdam</header><main><p role="status">Bezig met laden…</p></main><footer></footer></div>');
    expect(res.body).toContain(`<script type="module" src="${BOOT_SCRIPT}" data-app-entry="/assets/index-1234.js" data-preload="/assets/chunk-1.js /assets/map-1.js" data-not-loaded="Niet geladen"></script>`);
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1234.css">');
    expect(res.body).not.toContain('<header>Gemeente');
  });

  it('asks for the images the frame names (the small map\'s tiles) in its head, after the stylesheets the paint waits for', async () => {
    const res = await server().app.inject({ method: 'GET', url: '/incident/vulaan' });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const preloads = '<link rel="preload" as="image" href="/tiles/11/945/967.png"><link rel="preload" as="image" href="/tiles/11/946/967.png">';
    expect(head).toContain(preloads);
    expect(head.indexOf(preloads)).toBeGreaterThan(head.indexOf('rel="stylesheet"'));
    // the back office's frame names none
    const manage = await server().app.inject({ method: 'GET', url: '/manage/incidents' });
    expect(manage.body).not.toContain('as="image"');
  });
});

describe('a list of documents written before documents had a frame', () => {
  const server = serving(RENDERER, () => ({}), [{ prefix: '/manage/', file: 'index.manage.html' }]);

  it('draws the staff frame in them: they were the back office\'s', async () => {
    const res = await server().app.inject({ method: 'GET', url: '/manage/incidents' });
    expect(res.body).toContain('<header>Gemeente Amsterdam</header>');
    expect((await server().app.inject({ method: 'GET', url: '/incident/vulaan' })).body).toContain('<div id="root"></div>');
  });
});

describe('the list of documents', () => {
  it('stops the start on a document drawn with a frame no one has, naming the line', () => {
    const dir = builtApp(RENDERER, [{ prefix: '/manage/', file: 'index.manage.html', frame: 'bezoeker' }]);
    try {
      expect(() => routeDocuments(dir)).toThrow(/index-routes\.json: ongeldige regel .*"frame":"bezoeker"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a build whose renderer draws no frame', () => {
  const server = serving(RENDERER.slice(0, RENDERER.indexOf('export function renderFrame')));

  it('sends the documents of the back office and the map step as they are, and the first page still drawn ahead', async () => {
    const res = await server().app.inject({ method: 'GET', url: '/manage/incidents' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(MANAGE_HTML);
    expect((await server().app.inject({ method: 'GET', url: '/incident/vulaan' })).body).toBe(MAP_STEP_HTML);
    expect((await server().app.inject({ method: 'GET', url: '/incident/beschrijf' })).body).toContain('<h1>Gemeente Amsterdam</h1>');
  });
});

describe('the first page rendered ahead for a municipality', () => {
  const server = serving(RENDERER, (dir) => {
    const file = path.join(dir, 'gemeente.json');
    writeFileSync(file, JSON.stringify({ municipality: 'Veendam', branding: { colors: { primary: '#00594f', primaryHover: '#003d36', accent: '#00594f' } } }));
    return { municipalityFile: file };
  });

  it('is drawn with the configuration /app-config.js hands the app, its colours already on the page', async () => {
    const res = await server().app.inject({ method: 'GET', url: '/incident/beschrijf' });
    expect(res.body).toContain('<h1>Gemeente Veendam</h1>');
    expect(res.body).toContain('<html lang="nl" style="--ml-color-primary: #00594f;');
    const manage = await server().app.inject({ method: 'GET', url: '/manage/incidents' });
    expect(manage.body).toContain('<header>Gemeente Veendam</header>');
    expect(manage.body).toContain('<html lang="nl" style="--ml-color-primary: #00594f;');
    const config = await server().app.inject({ method: 'GET', url: '/app-config.js' });
    expect(config.body).toContain('"municipality":"Veendam"');
  });
});

describe('the page the sign-in provider answers the silent check on (APP_PATHS.silentSignIn)', () => {
  const server = serving();

  it('is a page without script that only the app\'s own pages may frame, never stored', async () => {
    const res = await server().app.inject({ method: 'GET', url: `${APP_PATHS.silentSignIn}?code=abc&state=xyz` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toMatch(/<script|<link/);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('is a redirect URI of the app\'s client beside the callback, and the app\'s own pages stay unframeable', async () => {
    const publicUrl = 'https://meldingen.gemeente.example';
    expect(readOidcConfig({}, publicUrl).redirectUris).toEqual(expect.arrayContaining([`${publicUrl}${APP_PATHS.signInCallback}`, `${publicUrl}${APP_PATHS.silentSignIn}`]));
    const page = await server().app.inject({ method: 'GET', url: '/manage/incidents' });
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    // the embedded provider is on the app's own origin: the app frames nothing else
    expect(String(page.headers['content-security-policy'])).toContain("frame-src 'self';");
  });
});

describe('a provider on another origin', () => {
  const server = serving(RENDERER, () => ({ oidc: { ...readOidcConfig({ OIDC_ISSUER: 'https://login.gemeente.example/realms/staff', OIDC_CLIENT_ID: 'meldloket' }, 'http://localhost:8080') } }));

  it('may be framed by the app, for the silent check on a page load', async () => {
    const page = await server().app.inject({ method: 'GET', url: '/manage/incidents' });
    expect(String(page.headers['content-security-policy'])).toContain("frame-src 'self' https://login.gemeente.example;");
  });
});
