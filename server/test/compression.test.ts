/**
 * What a browser notices of compression and caching: the static files of the build
 * come precompressed (brotli or gzip, by Accept-Encoding), hashed assets are cached
 * for a year, index.html is revalidated (a 304 when unchanged), API answers above
 * 1 KB are compressed on the fly, and the category tree answers a revalidation with 304.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/build/precompress.mjs';
import { buildTestApp, type TestApp } from './helpers.ts';

const SCRIPT = `export const greeting = ${JSON.stringify('Meld een probleem in de openbare ruimte. '.repeat(200))};\n`;
const INDEX = `<!doctype html><html lang="nl"><title>Meldloket</title><div id="root"></div>${'<!-- opvulling -->'.repeat(100)}</html>`;
/** The back office's documents as the build writes them (scripts/build/first-page.mjs): other preloads, same page. */
const MANAGE = INDEX.replace('<title>', '<link rel="modulepreload" href="/assets/OverviewPage-1.js"><title>');
const MANAGE_INCIDENT = INDEX.replace('<title>', '<link rel="modulepreload" href="/assets/IncidentPage-1.js"><title>');

describe('compression and caching of the web app and the API', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'meldloket-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'index.manage.html'), MANAGE);
    writeFileSync(path.join(dist, 'index.manage-incident.html'), MANAGE_INCIDENT);
    writeFileSync(
      path.join(dist, 'index-routes.json'),
      JSON.stringify([
        { prefix: '/manage/', file: 'index.manage.html' },
        { prefix: '/manage/incident/', file: 'index.manage-incident.html' },
      ]),
    );
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'tiny-XyZ789.js'), 'export {};\n');
    precompressDir(dist);
    t = await buildTestApp('pglite', { config: { staticDir: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('the build step writes a brotli and a gzip file next to each compressible file, not next to tiny ones', () => {
    const script = readFileSync(path.join(dist, 'assets', 'index-AbC123.js'));
    expect(brotliDecompressSync(readFileSync(path.join(dist, 'assets', 'index-AbC123.js.br')))).toEqual(script);
    expect(gunzipSync(readFileSync(path.join(dist, 'assets', 'index-AbC123.js.gz')))).toEqual(script);
    expect(() => readFileSync(path.join(dist, 'assets', 'tiny-XyZ789.js.br'))).toThrow();
  });

  it('sends a script as brotli to a browser that accepts it, as gzip to one that accepts only gzip, and plain otherwise', async () => {
    const br = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gz = await get('/assets/index-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year as immutable, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get('/assets/index-AbC123.js', { 'accept-encoding': encoding });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/assets/tiny-XyZ789.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html compressed for every app route, to be revalidated each time: unchanged is a 304 without body', async () => {
    for (const url of ['/', '/incident/beschrijf', '/index.html']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBeTruthy();
    }
    const first = await get('/incident/beschrijf', { 'accept-encoding': 'br' });
    const again = await get('/incident/beschrijf', { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // the plain and the compressed file are different representations with their own ETag
    expect((await get('/incident/beschrijf')).headers.etag).not.toBe(first.headers.etag);
  });

  it("sends the back office its own document, with its own screens preloaded, by the build's list (longest prefix first)", async () => {
    const body = async (url: string) => {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      return brotliDecompressSync(res.rawPayload).toString();
    };
    expect(await body('/manage/incidents?status=m')).toBe(MANAGE);
    expect(await body('/manage/signalering')).toBe(MANAGE);
    expect(await body('/manage')).toBe(MANAGE);
    expect(await body('/manage/incident/12')).toBe(MANAGE_INCIDENT);
    for (const url of ['/', '/incident/beschrijf', '/instellingen/gebruikers', '/manageX']) expect(await body(url)).toBe(INDEX);
  });

  it('compresses a large API answer on the fly and leaves a small one alone', async () => {
    const url = '/signals/v1/public/terms/categories/?page_size=1000';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(url, { 'accept-encoding': 'gzip, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/signals/v1/public/terms/categories/afval/sub_categories/bestaat-niet', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ detail: 'Niet gevonden.' });
  });

  it('answers a revalidation of the unchanged category tree with 304', async () => {
    const url = '/signals/v1/public/terms/categories/?page_size=1000';
    const first = await get(url, { 'accept-encoding': 'br' });
    expect(first.headers.etag).toMatch(/^W\//);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const other = await get('/signals/v1/public/terms/categories/?page_size=5', { 'if-none-match': String(first.headers.etag) });
    expect(other.statusCode).toBe(200);
  });

  it('refuses a compressed request body with a clear 415 instead of inflating it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/signals/v1/public/signals/',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().detail).toMatch(/Content-Encoding/);
  });
});
