/**
 * The API's paths are one table (engine/src/api/paths.ts) that the app's clients and these routes
 * both use, and docs/reference/api.md documents each of them:
 * - every path the server serves under /signals is an entry of API_PATHS (a route registered at a
 *   path of its own fails; an entry may lead the server: the app's side of a feature can land first);
 * - the reference's path table lists exactly the methods and paths the server serves, each under its
 *   API_PATHS name, and its 'served outside the API' table exactly the other paths.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX } from '@meldloket/engine';
import { buildTestApp, type TestApp } from './helpers.ts';

const REFERENCE = path.resolve(import.meta.dirname, '../../docs/reference/api.md');

/** The rows of the markdown table that follows `<a id="ANCHOR">`, as lists of cells. */
function tableAfter(markdown: string, anchor: string): string[][] {
  const start = markdown.indexOf(`<a id="${anchor}"></a>`);
  if (start < 0) throw new Error(`no anchor ${anchor} in ${REFERENCE}`);
  const rows: string[][] = [];
  let inTable = false;
  for (const line of markdown.slice(start).split('\n').slice(1)) {
    if (line.startsWith('|')) {
      inTable = true;
      const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
      if (!cells.every((cell) => /^-+$/.test(cell))) rows.push(cells);
    } else if (inTable) break;
  }
  return rows.slice(1); // without the header
}
const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

describe('API paths', () => {
  const served = new Set<string>();
  const servedRoutes = new Set<string>();
  const outside = new Set<string>();
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp('pglite', {
      config: { devPages: true },
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          if (route.url.startsWith(API_PREFIX.root)) {
            served.add(route.url);
            servedRoutes.add(`${method} ${route.url}`);
          } else outside.add(route.url);
        }
      },
    });
  }, 120_000);
  afterAll(() => app?.close());

  it('every path the server serves under /signals is an entry of API_PATHS', () => {
    const table = new Set<string>(Object.values(API_PATHS));
    expect([...served].filter((url) => !table.has(url))).toEqual([]);
    expect(served.has(API_PATHS.privateSignal)).toBe(true);
  });

  it('the reference lists every method and path the server serves, and nothing else', () => {
    const markdown = readFileSync(REFERENCE, 'utf8');
    const documented = new Set<string>();
    const names: string[] = [];
    for (const [name, methods, url] of tableAfter(markdown, 'path-table')) {
      const [key] = codes(name);
      const [pathname] = codes(url);
      if ((API_PATHS as Record<string, string>)[key!] !== pathname) names.push(`${key} is not ${pathname}`);
      for (const method of codes(methods)) documented.add(`${method} ${pathname}`);
    }
    expect(names).toEqual([]);
    expect([...servedRoutes].filter((route) => !documented.has(route)).sort()).toEqual([]);
    expect([...documented].filter((route) => !servedRoutes.has(route)).sort()).toEqual([]);

    const documentedOutside = new Set(tableAfter(markdown, 'outside-api').flatMap(([paths]) => codes(paths!)));
    expect([...outside].filter((url) => !documentedOutside.has(url)).sort()).toEqual([]);
    // '*' (the built app) is registered only when there is a build to serve
    expect([...documentedOutside].filter((url) => !outside.has(url) && url !== '*').sort()).toEqual([]);
  });
});
