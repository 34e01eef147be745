/**
 * The API's paths are one table (engine/src/api/paths.ts) that the app's clients and these routes
 * both use, and docs/reference/api.md documents each of them:
 * - every path the server serves under /signals is an entry of API_PATHS (a route registered at a
 *   path of its own fails; an entry may lead the server: the app's side of a feature can land first);
 * - the reference's path table lists exactly the methods and paths the server serves, each under its
 *   API_PATHS name, and its 'served outside the API' table exactly the other paths;
 * - its 'Who may call' column says what each route declares in its config (server/src/auth/access.ts),
 *   so the table cannot promise a permission the route does not ask.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX } from '@meldloket/engine';
import { buildTestApp, type TestApp } from './helpers.ts';
import { PRIVATE_PREFIX, type RouteAccess } from '../src/auth/access.ts';

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

/** What a route's schema says of its answers: only a 405 (it refuses the method), or a 401 among them. */
interface Answers {
  refusesOnly: boolean;
  unauthorised: boolean;
}

/**
 * The 'Who may call' cell a route's declaration amounts to, in the table's words: `anyone` for a
 * public route, `–` for one that only refuses the method (405), `resident's link token` for a public
 * route that answers 401 ('Mijn meldingen', the only token outside the private API), `any staff
 * member` for `signedIn`, the named permissions joined by `+` (all of them) or `or` (`any: true`).
 */
export function whoMayCall(url: string, access: RouteAccess | undefined, answers: Answers): string {
  if (answers.refusesOnly) return '–';
  if (!url.startsWith(PRIVATE_PREFIX) || access?.public) return answers.unauthorised ? "resident's link token" : 'anyone';
  if (access?.signedIn) return 'any staff member';
  const named = access?.permissions ?? (access?.permission ? [access.permission] : []);
  if (named.length === 0) return 'no declaration';
  return named.map((codename) => `\`${codename}\``).join(access?.any ? ' or ' : ' + ');
}

describe('API paths', () => {
  const served = new Set<string>();
  const servedRoutes = new Set<string>();
  const outside = new Set<string>();
  /** `METHOD url` → the route's access declaration and whether it answers only 405. */
  const declared = new Map<string, { access: RouteAccess | undefined; answers: Answers }>();
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
            const answers = Object.keys((route.schema?.response as Record<string, unknown> | undefined) ?? {});
            declared.set(`${method} ${route.url}`, {
              access: route.config as RouteAccess | undefined,
              answers: { refusesOnly: answers.length === 1 && answers[0] === '405', unauthorised: answers.includes('401') },
            });
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

  it("the reference's 'Who may call' column is each route's declaration", () => {
    const markdown = readFileSync(REFERENCE, 'utf8');
    const wrong: string[] = [];
    for (const [, methods, url, who] of tableAfter(markdown, 'path-table')) {
      const [pathname] = codes(url!);
      for (const method of codes(methods!)) {
        const route = declared.get(`${method} ${pathname}`);
        if (!route) continue; // the test above names a documented route the server does not serve
        const expected = whoMayCall(pathname!, route.access, route.answers);
        if (who !== expected) wrong.push(`${method} ${pathname}: the table says ${who}, the route declares ${expected}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(declared.size).toBeGreaterThan(100);
  });

  it('words a declaration as the table does', () => {
    const plain = { refusesOnly: false, unauthorised: false };
    const staff = { refusesOnly: false, unauthorised: true };
    expect(whoMayCall('/signals/v1/public/signals/', undefined, plain)).toBe('anyone');
    expect(whoMayCall('/signals/v1/public/signals/', undefined, { refusesOnly: true, unauthorised: false })).toBe('–');
    expect(whoMayCall('/signals/v1/my/signals/', undefined, staff)).toBe("resident's link token");
    expect(whoMayCall('/signals/v1/private/sources/', { signedIn: true }, staff)).toBe('any staff member');
    expect(whoMayCall('/signals/v1/private/search/', { permission: 'sia_read' }, staff)).toBe('`sia_read`');
    expect(whoMayCall('/signals/v1/private/users/', { permissions: ['view_user', 'add_user'], any: true }, staff)).toBe('`view_user` or `add_user`');
    expect(whoMayCall('/signals/v1/private/areas/import/', { permissions: ['sia_read', 'sia_write'] }, staff)).toBe('`sia_read` + `sia_write`');
  });
});
