/**
 * The API's paths are one table (engine/src/api/paths.ts) that the app's clients and these routes
 * both use: every path the server serves under /signals is an entry of API_PATHS. A route registered
 * at a path of its own fails here. (An entry may lead the server: the app's side of a feature can land first.)
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX } from '@meldloket/engine';
import { buildTestApp, type TestApp } from './helpers.ts';

describe('API paths', () => {
  const served = new Set<string>();
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp('pglite', {
      onRoute: (route: RouteOptions) => {
        if (route.url.startsWith(API_PREFIX.root)) served.add(route.url);
      },
    });
  }, 120_000);
  afterAll(() => app?.close());

  it('every path the server serves under /signals is an entry of API_PATHS', () => {
    const table = new Set<string>(Object.values(API_PATHS));
    expect([...served].filter((url) => !table.has(url))).toEqual([]);
  });

  it('serves the entries it should (the record above sees the routes)', () => {
    expect(served.has(API_PATHS.privateSignal)).toBe(true);
    expect(served.has(API_PATHS.subcategory)).toBe(true);
  });
});
