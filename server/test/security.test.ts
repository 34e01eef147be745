/**
 * docs/security.md (docs/security.md): the development pages answer only this machine and PUBLIC_URL
 * and refuse other sites' writes; a stalled body is cut off after the body-idle timeout; a
 * production start refuses an http:// issuer; the CSV export's error answers are plain JSON.
 */
import { connect } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionProblems, productionWarnings, readConfig } from '../src/config.ts';
import { DEV_CROSS_SITE_REFUSED, DEV_HOST_REFUSED } from '../src/http/dev-guard.ts';
import { buildTestApp, useTestApp, type TestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { FILES, multipart, validReport } from './support.ts';

const P = '/signals/v1/private';
/** The bearer header of a seeded account, for the app of this describe block. */
const signedInAs = (t: () => TestApp) => async (account: keyof typeof ACCOUNTS) => bearer(await mintToken(t().app, ACCOUNTS[account].email));

describe('development pages and other web sites', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { config: { devPages: true, publicUrl: 'http://meldloket.test:8080' } });
  });
  afterAll(() => t.close());

  it('answer the loopback names and PUBLIC_URL, and refuse any other Host (DNS rebinding)', async () => {
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080', 'meldloket.test:8080', 'localhost']) {
      const res = await t.app.inject({ method: 'GET', url: '/dev/outbox.json', headers: { host } });
      expect(res.statusCode, host).toBe(200);
    }
    for (const host of ['evil.example', 'evil.example:8080', 'localhost.evil.example', '127.0.0.1.nip.io:8080']) {
      for (const url of ['/dev/outbox.json', '/dev/outbox', '/dev/followup']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { host } });
        expect(res.statusCode, `${host}${url}`).toBe(403);
        expect(res.json()).toEqual({ detail: DEV_HOST_REFUSED });
      }
    }
    // the rest of the server is not a development page
    expect((await t.app.inject({ method: 'GET', url: '/signals/v1/public/terms/categories/afval', headers: { host: 'evil.example' } })).statusCode).toBe(200);
  });

  it('refuse a form posted from another site, by Origin or by Sec-Fetch-Site', async () => {
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/dev/followup/expire', headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: 'uuid=0f5d6a52-8a8c-4b7e-9f55-1d1c3b7a9e01' });
    for (const headers of <Record<string, string>[]>[{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: 'http://localhost:9999' }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]) {
      const res = await post(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ detail: DEV_CROSS_SITE_REFUSED });
    }
    // the page's own forms (same origin), and a script or curl without those headers, still work (404: unknown uuid)
    expect((await post({ origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(404);
    expect((await post({})).statusCode).toBe(404);
  });
});

describe('a body that stalls half-way', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    // the whole request may take a minute; a body may not pause for more than 300 ms
    t = await buildTestApp('pglite', { config: { requestTimeoutMs: 60_000, bodyIdleTimeoutMs: 300 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    t.app.server.closeAllConnections(); // without the timeout, the stalled one would hold close() for a minute
    await t.close();
  });

  /** Sends `first`, then (once the server answers or closes) nothing more; resolves with what came back. */
  const send = (first: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('connect', () => socket.write(first));
      socket.on('data', (d) => (received += d.toString('latin1')));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });

  it('gets 408 {"detail"} and its connection closed after the body-idle timeout, long before the request timeout', { timeout: 10_000 }, async () => {
    const answer = await send('POST /signals/v1/public/signals/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"text": "half');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({ detail: 'De aanvraag duurde te lang en is afgebroken.' });
  });

  it('leaves a whole body, and a keep-alive connection after it, alone', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/signals/v1/public/signals/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(400);
    const again = await fetch(`http://127.0.0.1:${port}/signals/v1/public/terms/categories/afval`);
    expect(again.status).toBe(200);
  });
});

describe('production settings', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://meldingen.gemeente.nl' };
  it('refuses an http:// issuer unless explicitly allowed', () => {
    const env = { ...production, OIDC_ISSUER: 'http://login.gemeente.nl/realms/meldloket' };
    expect(productionProblems(env, readConfig(env))).toEqual([expect.stringMatching(/^OIDC_ISSUER gebruikt http:\/\//)]);
    const allowed = { ...env, OIDC_ALLOW_INSECURE_ISSUER: '1' };
    expect(productionProblems(allowed, readConfig(allowed))).toEqual([]);
    const secure = { ...production, OIDC_ISSUER: 'https://login.gemeente.nl/realms/meldloket' };
    expect(productionProblems(secure, readConfig(secure))).toEqual([]);
  });

  it('warns about an http:// PUBLIC_URL, and only in production', () => {
    expect(productionWarnings(readConfig({ ...production, PUBLIC_URL: 'http://meldingen.gemeente.nl' }))).toEqual([expect.stringMatching(/^PUBLIC_URL \(http:\/\/meldingen\.gemeente\.nl\) gebruikt http:\/\//)]);
    expect(productionWarnings(readConfig(production))).toEqual([]);
    expect(productionWarnings(readConfig({ PUBLIC_URL: 'http://localhost:8080' }))).toEqual([]);
  });
});

describe('the CSV export when it fails', () => {
  const t = useTestApp('pglite');

  it('answers a refusal and a bad filter as plain JSON, without the file headers', async () => {
    const token = await mintToken(t().app, ACCOUNTS.coordinator.email);
    for (const [headers, url, status] of [
      [{}, '/signals/v1/private/signals/export.csv', 401],
      [bearer(await mintToken(t().app, ACCOUNTS.lezer.email)), '/signals/v1/private/signals/export.csv', 403],
      [bearer(token), '/signals/v1/private/signals/export.csv?status=nee', 400],
    ] as const) {
      const res = await t().app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(Object.keys(res.json() as object)).toEqual([status === 400 ? 'status' : 'detail']);
    }
  });

  it('answers a database fault before the first row as a plain JSON 500, without the file headers', async () => {
    const token = await mintToken(t().app, ACCOUNTS.coordinator.email);
    await sql`alter table signal rename column address_text to address_weg`.execute(t().app.db);
    try {
      const res = await t().app.inject({ method: 'GET', url: '/signals/v1/private/signals/export.csv', headers: { ...bearer(token), 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toHaveProperty('detail');
    } finally {
      await sql`alter table signal rename column address_weg to address_text`.execute(t().app.db);
    }
  });
});

describe('staff-only attachments', () => {
  const t = useTestApp('pglite');
  const as = signedInAs(t);

  it('are served only to staff who may see the report, never by their /signals/media URL; public photos stay public', async () => {
    const created = await t().app.inject({ method: 'POST', url: `${P}/signals/`, headers: await as('coordinator'), payload: validReport({ source: 'Telefoon – ASC', priority: { priority: 'normal' }, type: { code: 'SIG' } }) });
    expect(created.statusCode).toBe(201);
    const { id, signal_id: uuid } = created.json() as { id: number; signal_id: string };
    const form = multipart([{ name: 'file', filename: 'intern.png', type: 'image/png', data: FILES.png() }]);
    const uploaded = await t().app.inject({ method: 'POST', url: `${P}/signals/${id}/attachments/`, payload: form.payload, headers: { ...form.headers, ...(await as('behandelaar')) } });
    expect(uploaded.statusCode).toBe(201);
    const attachment = uploaded.json() as { public: boolean; location: string; _links: { self: { href: string } } };
    expect(attachment.public).toBe(false);
    const fileUrl = new URL(attachment.location).pathname;
    expect(fileUrl).toBe(`${P}/signals/${id}/attachments/${attachment._links.self.href.split('/').at(-1)}/file`);

    // the handler of the report's department gets the file, not cached by anyone else
    const seen = await t().app.inject({ method: 'GET', url: fileUrl, headers: await as('behandelaar') });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.rawPayload.equals(FILES.png())).toBe(true);
    // another department (the reader sees GRN's reports only), and nobody signed in: refused
    expect((await t().app.inject({ method: 'GET', url: fileUrl, headers: await as('lezer') })).statusCode).toBe(403);
    expect((await t().app.inject({ method: 'GET', url: fileUrl })).statusCode).toBe(401);
    // its key under /signals/media: as if it did not exist
    const stored = await t().app.db.selectFrom('attachment').select(['id', 'file_path']).where('signal_id', '=', id).executeTakeFirstOrThrow();
    const mediaUrl = t().app.storage.urlPath(stored.file_path);
    expect((await t().app.inject({ method: 'GET', url: mediaUrl })).statusCode).toBe(404);

    // made public by staff: then its location is the public URL, which serves it
    const made = await t().app.inject({ method: 'PATCH', url: `${P}/signals/${id}/attachments/${stored.id}`, headers: await as('behandelaar'), payload: { public: true } });
    expect(made.statusCode).toBe(200);
    expect(new URL((made.json() as { location: string }).location).pathname).toBe(mediaUrl);
    expect((await t().app.inject({ method: 'GET', url: mediaUrl })).statusCode).toBe(200);

    // a resident's photo is public from the start
    const photo = multipart([{ name: 'file', filename: 'melder.png', type: 'image/png', data: FILES.png() }]);
    const resident = await t().app.inject({ method: 'POST', url: `/signals/v1/public/signals/${uuid}/attachments/`, ...photo });
    expect(resident.statusCode).toBe(201);
    expect((await t().app.inject({ method: 'GET', url: new URL((resident.json() as { location: string }).location).pathname })).statusCode).toBe(200);
  });
});

describe('two staff, one report', () => {
  const t = useTestApp('pglite');
  const as = signedInAs(t);

  it('the detail has an ETag; a PATCH with a stale If-Match is a 412 with a Dutch message and changes nothing', async () => {
    const created = await t().app.inject({ method: 'POST', url: `${P}/signals/`, headers: await as('coordinator'), payload: validReport({ source: 'Telefoon – ASC', priority: { priority: 'normal' }, type: { code: 'SIG' } }) });
    const { id } = created.json() as { id: number };
    // compressed, as a browser asks for it: the ETag goes through unchanged
    const read = async (compressed = true) => t().app.inject({ method: 'GET', url: `${P}/signals/${id}`, headers: { ...(await as('behandelaar')), ...(compressed ? { 'accept-encoding': 'br, gzip' } : {}) } });
    const first = await read();
    const second = await read();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(second.headers.etag).toBe(etag);

    // the first handler saves: accepted, and the answer names the new version
    const saved = await t().app.inject({ method: 'PATCH', url: `${P}/signals/${id}`, headers: { ...(await as('behandelaar')), 'if-match': etag }, payload: { priority: { priority: 'high' } } });
    expect(saved.statusCode).toBe(200);
    const next = saved.headers.etag as string;
    expect(next).toMatch(/^"[^"]+"$/);
    expect(next).not.toBe(etag);
    expect((await read()).headers.etag).toBe(next);

    // the second handler saves the same field from the page loaded before: refused, nothing changed
    const stale = await t().app.inject({ method: 'PATCH', url: `${P}/signals/${id}`, headers: { ...(await as('coordinator')), 'if-match': etag }, payload: { priority: { priority: 'low' } } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json()).toEqual({ detail: expect.stringMatching(/^Deze melding is intussen gewijzigd door een collega\./) });
    expect(((await read(false)).json() as { priority: { priority: string } }).priority.priority).toBe('high');
    // a weak tag never matches; '*' and the current tag do; without If-Match (Signalen's clients) nothing is checked
    expect((await t().app.inject({ method: 'PATCH', url: `${P}/signals/${id}`, headers: { ...(await as('coordinator')), 'if-match': `W/${next}` }, payload: { priority: { priority: 'low' } } })).statusCode).toBe(412);
    expect((await t().app.inject({ method: 'PATCH', url: `${P}/signals/${id}`, headers: { ...(await as('coordinator')), 'if-match': `"x", ${next}` }, payload: { type: { code: 'REQ' } } })).statusCode).toBe(200);
    expect((await t().app.inject({ method: 'PATCH', url: `${P}/signals/${id}`, headers: { ...(await as('coordinator')), 'if-match': '*' }, payload: { type: { code: 'SIG' } } })).statusCode).toBe(200);
    expect((await t().app.inject({ method: 'PATCH', url: `${P}/signals/${id}`, headers: await as('coordinator'), payload: { priority: { priority: 'low' } } })).statusCode).toBe(200);
  });
});
