/**
 * The build names source modules by path (scripts/build/documents.mjs: the first page's preloads,
 * the documents of the parts opened directly, the entry drawn ahead). A rename that forgets them
 * would stop the build late, or with a looser check silently drop a preload: this fails at once.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_MODULES, NAMED_MODULES, PRERENDER_MODULES, ROUTE_DOCUMENTS } from '../../scripts/build/documents.mjs';

const root = path.resolve(import.meta.dirname, '../..');

describe('the modules the build names', () => {
  it('every one exists', () => {
    expect(NAMED_MODULES.filter((module) => !existsSync(path.join(root, module)))).toEqual([]);
  });

  it('are all of them: the first page, every document and the entry drawn ahead', () => {
    for (const module of [...FIRST_PAGE_MODULES, ...ROUTE_DOCUMENTS.flatMap((route) => route.modules), PRERENDER_MODULES.entry, PRERENDER_MODULES.boot, PRERENDER_MODULES.early]) {
      expect(NAMED_MODULES).toContain(module);
    }
    expect(new Set(ROUTE_DOCUMENTS.map((route) => route.name)).size).toBe(ROUTE_DOCUMENTS.length);
  });
});
