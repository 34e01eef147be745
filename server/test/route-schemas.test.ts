/**
 * What every API route declares (docs/architecture.md, "Runtime"): the schema of its path
 * parameters, query and body where it takes them, and a response schema per status,
 * a success status as well as the refusals; the create call validates with the
 * engine's own payload schema, the same file the web app checks a report with.
 */
import { createRequire } from 'node:module';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

const require = createRequire(import.meta.url);
const engineCreateSchema = require('@meldloket/engine/schema/create-signal.schema.json') as Record<string, unknown>;

type Schema = { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown> };

const routes: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp('pglite', { onRoute: (route) => void routes.push(route) });
});
afterAll(async () => {
  await t?.close();
});

const methods = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]);
/** The API and the stand-ins of the outside services (Fastify's own HEAD twins of GET routes aside). */
const apiRoutes = () => routes.filter((r) => (r.url.startsWith('/signals/') || r.url.startsWith('/stand-ins/')) && !(methods(r).length === 1 && methods(r)[0] === 'HEAD' && routes.some((g) => g.url === r.url && methods(g).includes('GET'))));
const schemaOf = (r: RouteOptions) => (r.schema ?? {}) as Schema;
const statuses = (r: RouteOptions) => Object.keys(schemaOf(r).response ?? {}).map(Number);
const label = (r: RouteOptions) => `${methods(r).join(',')} ${r.url}`;

/** Calls whose body is multipart, read part by part in the handler. */
const MULTIPART = new Set(['/signals/v1/public/signals/:uuid/attachments/', '/signals/v1/public/qa/sessions/:uuid/attachments', '/signals/v1/private/signals/:id/attachments/', '/signals/v1/public/external/:token']);
/** Writes without a body (the contract's submit and create-session calls). */
const NO_BODY = new Set(['/signals/v1/public/qa/sessions/:uuid/submit', '/signals/v1/public/qa/questionnaires/:uuid/session', '/signals/v1/private/signals/:id/unmerge']);

describe('route schemas', () => {
  it('registers the contract calls', () => {
    const urls = apiRoutes().map((r) => r.url);
    for (const url of [
      '/signals/',
      '/signals/v1/public/signals/',
      '/signals/v1/public/signals/:uuid',
      '/signals/v1/public/signals/:uuid/attachments/',
      '/signals/v1/public/signals/geography',
      '/signals/v1/public/terms/categories/',
      '/signals/v1/public/terms/categories/:slug',
      '/signals/v1/public/terms/categories/:slug/sub_categories/',
      '/signals/v1/public/terms/categories/:slug/sub_categories/:sub_slug',
      '/signals/v1/public/questions/',
      '/signals/category/prediction',
      '/signals/v1/public/qa/questionnaires/:uuid',
      '/signals/v1/public/qa/questionnaires/:uuid/session',
      '/signals/v1/public/qa/sessions/:uuid',
      '/signals/v1/public/qa/sessions/:uuid/answers',
      '/signals/v1/public/qa/sessions/:uuid/attachments',
      '/signals/v1/public/qa/sessions/:uuid/submit',
      '/signals/v1/public/reporter/verify-email',
      '/stand-ins/locatieserver/v3_1/suggest',
      '/stand-ins/locatieserver/v3_1/reverse',
      '/stand-ins/wfs/:layer?',
    ]) {
      expect(urls, url).toContain(url);
    }
  });

  it('gives every API route a response schema for its success status and, where it takes input, for its refusals', () => {
    const missing: string[] = [];
    for (const r of apiRoutes()) {
      const codes = statuses(r);
      const onlyRefuses = codes.length > 0 && codes.every((c) => c === 405);
      const success = codes.some((c) => c >= 200 && c < 300);
      const refusal = codes.some((c) => c >= 400);
      // A call that takes nothing from the client (no path parameter, query or body) has nothing to
      // refuse; the stand-ins' suggest and lookup answer any query (at worst with no documents), as PDOK does.
      const takesInput = /[:*]/.test(r.url) || schemaOf(r).querystring !== undefined || methods(r).some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH');
      const mustRefuse = takesInput && !/\/locatieserver\/v3(_1)?\/(suggest|lookup)$/.test(r.url);
      if (!onlyRefuses && !(success && (refusal || !mustRefuse))) missing.push(`${label(r)} → ${codes.join(',') || 'none'}`);
    }
    expect(missing).toEqual([]);
  });

  it('declares the path parameters of every route that has them', () => {
    const missing = apiRoutes()
      .filter((r) => /[:*]/.test(r.url) && !schemaOf(r).params)
      .map(label);
    expect(missing).toEqual([]);
  });

  it('declares a body schema for every JSON write and a query schema for the calls that take a query', () => {
    const missing = apiRoutes()
      .filter((r) => methods(r).some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH'))
      .filter((r) => !statuses(r).every((c) => c === 405))
      .filter((r) => !MULTIPART.has(r.url) && !NO_BODY.has(r.url) && !schemaOf(r).body)
      .map(label);
    expect(missing).toEqual([]);
    for (const url of ['/stand-ins/locatieserver/v3_1/suggest', '/stand-ins/wfs/:layer?', '/signals/v1/public/signals/geography', '/signals/v1/public/questions/', '/signals/v1/public/terms/categories/', '/signals/v1/public/terms/categories/:slug/sub_categories/']) {
      const route = apiRoutes().find((r) => r.url === url && methods(r).includes('GET'));
      expect(schemaOf(route!).querystring, url).toBeDefined();
    }
  });

  it('validates the create call with the engine payload schema itself', () => {
    const create = apiRoutes().find((r) => r.url === '/signals/v1/public/signals/' && methods(r).includes('POST'));
    expect(schemaOf(create!).body).toBe(engineCreateSchema);
    expect(engineCreateSchema.$schema).toMatch(/2020-12/);
  });

  it('answers with the declared shapes (nothing dropped by the serializer)', async () => {
    const app = t.app;
    const res = await app.inject({ method: 'POST', url: '/signals/v1/public/reporter/verify-email', payload: { token: 'onbekend' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: ['Token not found!'] });
    const geo = await app.inject({ method: 'GET', url: '/signals/v1/public/signals/geography' });
    expect(geo.statusCode).toBe(400);
    expect(geo.json()).toEqual({ non_field_errors: ['Either bbox or lon/lat must be filled in'] });
  });
});
