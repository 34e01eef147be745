/**
 * No import circles (docs/architecture.md, "The direction of dependencies"): following the imports
 * of the source files of engine/, renderer/, src/ and server/ — type-only imports too, which tie
 * two modules together just as well — never leads back to where it started. A circle makes the
 * order of loading depend on who is imported first and hides which of two modules is the lower.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from './imports.ts';

const root = path.resolve(import.meta.dirname, '../..');
const TREES = ['engine/src', 'renderer/src', 'src', 'server/src'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const SKIP = /\.(test|stories)\.tsx?$/;

function files(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (SOURCE.test(entry.name) && !SKIP.test(entry.name)) found.push(full);
    }
  };
  for (const tree of TREES) walk(path.join(root, tree));
  return found;
}

/** The file a relative specifier names (with or without its extension, or a folder's index), or null. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The code without its comments (a comment may name a module: `import('../map/index.ts')`). */
const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Every circle of imports, each once, as the list of files from its first to the same again. */
function circles(): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of files()) {
    const targets = importsOf(withoutComments(readFileSync(file, 'utf8')))
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== null && SOURCE.test(target) && !SKIP.test(target));
    graph.set(file, [...new Set(targets)]);
  }
  // Tarjan's strongly connected components: every component of more than one file holds a circle
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      const selfImport = component.length === 1 && (graph.get(file) ?? []).includes(file);
      if (component.length > 1 || selfImport) found.push(component.map((f) => path.relative(root, f)).sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('imports', () => {
  it('form no circle anywhere in engine/, renderer/, src/ and server/', () => {
    expect(circles()).toEqual([]);
  });

  it('are followed (the walk sees the imports it should)', () => {
    const all = files();
    expect(all.length).toBeGreaterThan(300);
    const app = path.join(root, 'src/App.tsx');
    const targets = importsOf(readFileSync(app, 'utf8')).map((s) => resolve(app, s)).filter(Boolean);
    expect(targets.length).toBeGreaterThan(1);
  });
});
