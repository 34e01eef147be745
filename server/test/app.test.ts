import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/index.ts';
import { buildTestApp, freshPglite, seededDataDir, type TestApp } from './helpers.ts';
import { fakeDist, type FakeDist } from './fixtures.ts';
import { FILES, multipart, postReport, validReport } from './support.ts';

describe('serving the web app', () => {
  let t: TestApp;
  let dist: FakeDist;
  beforeAll(async () => {
    dist = fakeDist();
    t = await buildTestApp('pglite', { config: { staticDir: dist.dir } });
  });
  afterAll(async () => {
    await t.close();
    dist.remove();
  });

  it('serves index.html at / with a Content-Security-Policy without unsafe-eval', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
  });

  it('serves index.html for the app routes so the app router takes over', async () => {
    for (const url of ['/incident/beschrijf', '/incident/reactie/3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d11', '/onderhoud']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });

  it('serves hashed assets with a long cache and answers a missing asset with 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: dist.script });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: '/assets/bestaat-niet.js' })).statusCode).toBe(404);
  });

  it('sends a hashed asset without the headers only a document obeys, and index.html with them', async () => {
    const asset = await t.app.inject({ method: 'GET', url: dist.script });
    expect(asset.statusCode).toBe(200);
    for (const header of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
      expect(asset.headers[header]).toBeUndefined();
    }
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    // so does every other script: the deployment's configuration
    const config = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    expect(config.statusCode).toBe(200);
    expect(config.headers['content-type']).toMatch(/javascript/);
    for (const header of ['content-security-policy', 'permissions-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
      expect(config.headers[header]).toBeUndefined();
    }
    expect(config.headers['x-content-type-options']).toBe('nosniff');
    const page = await t.app.inject({ method: 'GET', url: '/incident/beschrijf' });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(String(page.headers['permissions-policy'])).toContain('camera=()');
  });

  it('keeps answering unknown API paths with JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/signals/v1/bestaat-niet' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Niet gevonden.' });
  });
});

describe('content security policy', () => {
  it('adds configured external origins for images and connections, still without unsafe-eval', async () => {
    const t = await buildTestApp('pglite', { config: { cspExtraSources: ['https://tiles.example.nl'] } });
    try {
      const csp = String((await t.app.inject({ method: 'GET', url: '/signals/' })).headers['content-security-policy']);
      expect(csp).toContain("connect-src 'self' https://tiles.example.nl");
      expect(csp).toContain('img-src');
      expect(csp).not.toContain('unsafe-eval');
    } finally {
      await t.close();
    }
  });
});

describe('cross-origin calls', () => {
  it('allows a configured origin and exposes the contract headers', async () => {
    const t = await buildTestApp('pglite', { config: { corsOrigins: 'https://meldingen.example.nl' } });
    try {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/signals/v1/public/signals/',
        headers: { origin: 'https://meldingen.example.nl', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,idempotency-key' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://meldingen.example.nl');
      expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('idempotency-key');
      const get = await t.app.inject({ method: 'GET', url: '/signals/v1/public/terms/categories/afval', headers: { origin: 'https://meldingen.example.nl' } });
      expect(get.headers['access-control-expose-headers']).toContain('X-API-Version');
      const other = await t.app.inject({ method: 'GET', url: '/signals/', headers: { origin: 'https://kwaadwillend.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('mail outbox', () => {
  it('stores every mail, sends it by SMTP when configured and keeps the error when sending fails', async () => {
    const sent: { to: string; subject: string }[] = [];
    let fail = false;
    const transport = {
      async sendMail(mail: { to: string; subject: string }) {
        if (fail) throw new Error('SMTP-server onbereikbaar');
        sent.push(mail);
        return {};
      },
    };
    const t = await buildTestApp('pglite', { mailTransport: transport as never });
    try {
      await t.app.outbox.send({ to: 'melder@example.com', subject: 'Bevestig uw e-mailadres', text: 'Klik op http://localhost:8080/verify?token=abc' });
      await t.app.outbox.idle();
      fail = true;
      await t.app.outbox.send({ to: 'ander@example.com', subject: 'Tweede', text: 'Zonder link' });
      await t.app.outbox.idle();
      expect(sent).toEqual([expect.objectContaining({ to: 'melder@example.com', subject: 'Bevestig uw e-mailadres' })]);
      const [second, first] = await t.app.outbox.list();
      expect(first.sent_at).toBeInstanceOf(Date);
      expect(second.sent_at).toBeNull();
      expect(second.error).toBe('SMTP-server onbereikbaar');

      const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<a href="http://localhost:8080/verify?token=abc">');
      expect(page.body).toContain('Bevestig uw e-mailadres');
      const json = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
      expect(json.json()).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('sends mail that was stored but not sent before a restart', async () => {
    const handle = await openDatabase({ pglite: await freshPglite() });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-test-'));
    try {
      const withoutSmtp = await buildApp({ config: { dataDir, staticDir: '' }, database: { db: handle.db } });
      await withoutSmtp.ready();
      await withoutSmtp.outbox.send({ to: 'melder@example.com', subject: 'Wacht op SMTP', text: 'x' });
      await withoutSmtp.close();

      const sent: string[] = [];
      const withSmtp = await buildApp({
        config: { dataDir, staticDir: '' },
        database: { db: handle.db },
        mailTransport: { sendMail: async (m: { subject: string }) => void sent.push(m.subject) } as never,
      });
      await withSmtp.ready();
      await withSmtp.outbox.idle();
      expect(sent).toEqual(['Wacht op SMTP']);
      expect((await withSmtp.outbox.list())[0].sent_at).toBeInstanceOf(Date);
      await withSmtp.close();
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('has no outbox page in production', async () => {
    const t = await buildTestApp('pglite', { config: { devPages: false } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('server errors', () => {
  it('answers an internal failure with 500 and the contract detail, without a stack trace', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-test-'));
    const app = await buildApp({ config: { dataDir, staticDir: '' }, database: { pglite: await freshPglite() } });
    app.get('/signals/v1/test/fout', async () => {
      throw new Error('geheim detail in /server/src/iets.ts:12');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/signals/v1/test/fout' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Er is een serverfout opgetreden.' });
      expect(res.body).not.toContain('geheim');
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('durability', () => {
  it('keeps acknowledged reports and photos across a restart on the same data folder', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-restart-'));
    try {
      // the folder as a server leaves it after its first start (what is tested is the restart; a
      // first start from nothing, initdb and all, took most of the test's minute under load)
      await seededDataDir(dataDir);
      const first = await buildApp({ config: { dataDir, staticDir: '', databaseUrl: '' } });
      const created = await postReport(first, validReport());
      expect(created.status).toBe(201);
      const upload = await first.inject({ method: 'POST', url: `/signals/v1/public/signals/${created.body.signal_id}/attachments/`, ...multipart([{ name: 'file', filename: 'foto.png', data: FILES.png() }]) });
      expect(upload.statusCode).toBe(201);
      await first.close();

      const second = await buildApp({ config: { dataDir, staticDir: '', databaseUrl: '' } });
      try {
        const again = await second.inject({ method: 'GET', url: `/signals/v1/public/signals/${created.body.signal_id}` });
        expect(again.statusCode).toBe(200);
        // updated_at moved on with the photo; everything else is as acknowledged.
        expect({ ...again.json(), updated_at: undefined }).toEqual({ ...created.body, updated_at: undefined });
        const photo = await second.inject({ method: 'GET', url: new URL(upload.json().location).pathname });
        expect(photo.statusCode).toBe(200);
        expect(photo.rawPayload.equals(FILES.png())).toBe(true);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
