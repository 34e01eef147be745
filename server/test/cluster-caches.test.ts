/**
 * Per-process caches across server processes (docs/operations.md, plugins/changes.ts): two apps on
 * one PostgreSQL schema stand for two processes of WEB_CONCURRENCY. A category or
 * department change made through one is served by the other (no restart), whoever made
 * it (the settings API, an operator's SQL); a lost listener connection is re-opened and,
 * while it is down, nothing is served from a cache that could have missed a change.
 * Each wait is for the effect itself (a bounded poll), never a fixed sleep.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasePlugin } from '../src/plugins/database.ts';
import { changesPlugin } from '../src/plugins/changes.ts';
import { metricsPlugin } from '../src/plugins/metrics.ts';
import { buildTestApp, DATABASE_TARGETS, type TestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';

const P = '/signals/v1/private';
const LIST = '/signals/v1/public/terms/categories/';
const GROFVUIL = '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil';
const QUESTIONS = '/signals/v1/public/questions/?main_slug=afval&sub_slug=grofvuil';
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
/** A change reaches the other process in milliseconds; this only bounds a failing test. */
const POLL = { timeout: 15_000, interval: 50 };

describe.runIf(DATABASE_TARGETS.includes('postgres'))('caches across server processes (postgres)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await buildTestApp('postgres');
    b = await buildTestApp('postgres', { database: { schema: a.schema, skipSeed: true } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const answer = async (t: TestApp, url: string) => {
    const res = await get(t, url);
    return { status: res.statusCode, body: res.body, etag: res.headers.etag };
  };
  const staff = async (method: 'GET' | 'PATCH', url: string, payload?: object) => {
    const res = await a.app.inject({ method, url, headers: bearer(await mintToken(a.app, ACCOUNTS.beheerder.email)), payload });
    return { status: res.statusCode, body: res.json() as any };
  };
  const category = async (slug: string) => ((await staff('GET', `${P}/categories/?page_size=1000`)).body.results as any[]).find((c) => c.slug === slug);
  /** SQL straight on the database, as an operator with psql would (not through either app). */
  const psql = async (text: string, values: unknown[] = []) => {
    const c = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${a.schema}` });
    await c.connect();
    try {
      return (await c.query(text, values)).rows;
    } finally {
      await c.end();
    }
  };
  const listeners = async () =>
    (await psql(`select pid from pg_stat_activity where application_name like $1`, [`meldloket-changes ${a.schema}.%`])).map((r) => Number(r.pid)).sort();

  it('a category deactivated through one process is refused by the other with the same 400, and both serve the same list with the same ETag', async () => {
    // B has built its tree and offers grofvuil.
    const listBefore = await answer(b, LIST);
    expect(listBefore.status).toBe(200);
    expect((await answer(b, QUESTIONS)).status).toBe(200);
    expect(JSON.parse((await answer(b, GROFVUIL)).body).is_active).toBe(true);

    const grofvuil = await category('grofvuil');
    expect((await staff('PATCH', `${P}/categories/${grofvuil.id}`, { is_active: false })).status).toBe(200);
    const onA = await answer(a, QUESTIONS);
    expect(onA.status).toBe(400);
    expect(JSON.parse(onA.body)).toEqual({ sub_slug: ['Selecteer een geldige keuze. grofvuil is geen beschikbare keuze.'] });

    await expect.poll(async () => (await answer(b, QUESTIONS)).body, POLL).toBe(onA.body);
    expect((await answer(b, QUESTIONS)).status).toBe(400);
    expect(JSON.parse((await answer(b, GROFVUIL)).body).is_active).toBe(false);

    const [listA, listB] = [await answer(a, LIST), await answer(b, LIST)];
    expect(listB.body).toBe(listA.body);
    expect(listB.etag).toBe(listA.etag);
    expect(listB.etag).not.toBe(listBefore.etag);
    // A browser holding the old list gets the new one from either process; the new ETag is a 304 on both.
    for (const t of [a, b]) {
      expect((await get(t, LIST, { 'if-none-match': listBefore.etag! })).statusCode).toBe(200);
      expect((await get(t, LIST, { 'if-none-match': listA.etag! })).statusCode).toBe(304);
    }

    expect((await staff('PATCH', `${P}/categories/${grofvuil.id}`, { is_active: true })).status).toBe(200);
    await expect.poll(async () => (await answer(b, QUESTIONS)).status, POLL).toBe(200);
  });

  it('a handling message and a department made responsible through one process are served by the other', async () => {
    const grofvuil = await category('grofvuil');
    const before = JSON.parse((await answer(b, GROFVUIL)).body);
    expect(before.handling_message).not.toBe('Wij halen het binnen een week op.');
    expect((await staff('PATCH', `${P}/categories/${grofvuil.id}`, { handling_message: 'Wij halen het binnen een week op.' })).status).toBe(200);
    await expect.poll(async () => JSON.parse((await answer(b, GROFVUIL)).body).handling_message, POLL).toBe('Wij halen het binnen een week op.');

    // Routing: a department that was not responsible for grofvuil becomes so.
    const codes = before.departments.map((d: { code: string }) => d.code);
    const department = ((await staff('GET', `${P}/departments/`)).body.results as any[]).find((d) => !codes.includes(d.code));
    expect(department).toBeDefined();
    expect((await staff('PATCH', `${P}/departments/${department.id}`, { categories: [{ category_id: grofvuil.id, is_responsible: true }] })).status).toBe(200);
    await expect.poll(async () => JSON.parse((await answer(b, GROFVUIL)).body).departments.map((d: { code: string }) => d.code), POLL).toContain(department.code);
    expect((await answer(b, GROFVUIL)).body).toBe((await answer(a, GROFVUIL)).body);
  });

  it('a change made in the database by an operator (no server involved) reaches both processes', async () => {
    for (const t of [a, b]) expect(JSON.parse((await answer(t, GROFVUIL)).body).description).not.toBe('Door de beheerder aangepast.');
    await psql(`update category set description = 'Door de beheerder aangepast.' where slug = 'grofvuil'`);
    for (const t of [a, b]) await expect.poll(async () => JSON.parse((await answer(t, GROFVUIL)).body).description, POLL).toBe('Door de beheerder aangepast.');
  });

  it('re-opens a lost listener connection and then sees changes again', async () => {
    const old = await listeners();
    expect(old).toHaveLength(2); // one per process (A and B)
    await psql(`select pg_terminate_backend(pid) from pg_stat_activity where application_name like $1`, [`meldloket-changes ${a.schema}.%`]);
    await expect.poll(async () => (await listeners()).filter((pid) => !old.includes(pid)).length, POLL).toBe(2);
    await expect.poll(() => a.app.changes.listening && b.app.changes.listening, POLL).toBe(true);
    for (const t of [a, b]) {
      const metrics = await t.app.metrics.registry.metrics();
      expect(metrics).toContain('meldloket_change_listener_up 1');
      expect(metrics).toContain('meldloket_change_listener_lost_total 1');
    }

    expect(JSON.parse((await answer(b, GROFVUIL)).body).public_name).not.toBe('Grof afval (na herstart luisteraar)');
    await psql(`update category set public_name = 'Grof afval (na herstart luisteraar)' where slug = 'grofvuil'`);
    await expect.poll(async () => JSON.parse((await answer(b, GROFVUIL)).body).public_name, POLL).toBe('Grof afval (na herstart luisteraar)');
  });

  describe('while the listener is down', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      // The mechanism alone, on A's database, with a re-open far beyond this test.
      app = Fastify();
      await app.register(metricsPlugin, { defaultMetrics: false });
      await app.register(databasePlugin, { db: a.app.db });
      await app.register(changesPlugin, { databaseUrl, firstRetryMs: 3_600_000 });
      await app.ready();
    });
    afterAll(() => app?.close());

    it('reads every time from the database, since a change could be missed meanwhile', async () => {
      let loads = 0;
      const memo = app.changes.memo(['category'], async () => ++loads);
      expect(app.changes.listening).toBe(true);
      expect([await memo.get(), await memo.get()]).toEqual([1, 1]);
      // Every listener of this test process on A's schema (A, B and this one) is cut; only this one waits an hour.
      await psql(`select pg_terminate_backend(pid) from pg_stat_activity where application_name like $1`, [`meldloket-changes ${a.schema}.%`]);
      await expect.poll(() => app.changes.listening, POLL).toBe(false);
      expect([await memo.get(), await memo.get()]).toEqual([2, 3]);
    });
  });
});
