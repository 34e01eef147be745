/**
 * docs/security.md, "Exposure": what a server started with the defaults shows to the network.
 * One production-mode app behind a configured proxy (127.0.0.1, which is where
 * `inject` calls come from) on a small built app with a source map.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { fakeDist, type FakeDist } from './fixtures.ts';

describe('a production server exposes nothing beyond the API and the app', () => {
  let t: TestApp;
  let dist: FakeDist;
  beforeAll(async () => {
    dist = fakeDist();
    const defaults = readConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://meldingen.example.nl' });
    t = await buildTestApp('pglite', {
      config: { ...defaults, staticDir: dist.dir, trustProxy: ['127.0.0.1'], publicUrl: 'https://meldingen.example.nl' },
    });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it('has no development pages and no development write calls', async () => {
    for (const [method, url] of [
      ['GET', '/dev/outbox'],
      ['GET', '/dev/outbox.json'],
      ['GET', '/dev/followup'],
      ['POST', '/dev/followup/reaction-request'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('does not serve source maps in production, but does serve the script', async () => {
    expect((await t.app.inject({ method: 'GET', url: dist.script })).statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: dist.sourceMap });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('sources');
  });

  it('has a favicon', async () => {
    for (const url of ['/favicon.ico', '/favicon.svg']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toContain('<svg');
    }
  });

  it('forbids framing the same way in X-Frame-Options and frame-ancestors, and sends a Permissions-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['permissions-policy'])).toContain('camera=()');
    expect(String(res.headers['permissions-policy'])).toContain('geolocation=(self)');
  });

  it('sends HSTS only over https (here: told so by the trusted proxy)', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/signals/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await t.app.inject({ method: 'GET', url: '/signals/', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it("answers CORS only for the app's own origin: never for another origin or 'null'", async () => {
    const url = '/signals/v1/public/terms/categories/afval';
    const own = await t.app.inject({ method: 'GET', url, headers: { origin: 'https://meldingen.example.nl' } });
    expect(own.headers['access-control-allow-origin']).toBe('https://meldingen.example.nl');
    for (const origin of ['null', 'https://kwaadwillend.example', 'https://meldingen.example.nl.kwaadwillend.example', 'http://meldingen.example.nl']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      const preflight = await t.app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': 'POST' } });
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('never copies the Host header into links: links use PUBLIC_URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/signals/v1/public/terms/categories/afval', headers: { host: 'kwaadwillend.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()._links.self.href).toBe('https://meldingen.example.nl/signals/v1/public/terms/categories/afval');
  });

  it('uses the forwarded host of the trusted proxy when it is well formed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/signals/v1/public/terms/categories/afval',
      headers: { 'x-forwarded-host': 'meldingen.gemeente.nl', 'x-forwarded-proto': 'https' },
    });
    expect(res.json()._links.self.href).toBe('https://meldingen.gemeente.nl/signals/v1/public/terms/categories/afval');
  });

  it('answers a malformed Host header with 400 in the contract shape', async () => {
    for (const host of ['a b', '[::1', 'x:99999', 'a/b', 'x:port']) {
      const res = await t.app.inject({ method: 'GET', url: '/signals/v1/public/terms/categories', headers: { host } });
      expect(res.statusCode, host).toBe(400);
      expect(res.json(), host).toEqual({ detail: 'Ongeldige Host-header.' });
    }
  });
});

describe('a server behind no proxy', () => {
  it('ignores forwarded headers for links and HSTS', async () => {
    const t = await buildTestApp('pglite', { config: { publicUrl: 'https://meldingen.example.nl' } });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/signals/v1/public/terms/categories/afval',
        headers: { 'x-forwarded-host': 'kwaadwillend.example', 'x-forwarded-proto': 'https' },
      });
      expect(res.json()._links.self.href).toBe('https://meldingen.example.nl/signals/v1/public/terms/categories/afval');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
