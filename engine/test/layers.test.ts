/**
 * The repository's layers and their one direction (docs/architecture.md):
 * question sets and the engine at the bottom, then the renderer, then the app;
 * the server uses the engine only. And every engine folder is entered through
 * its index.ts (or `@meldloket/engine`), so its public surface is what its
 * index exports. Type-only imports are exempt from the index rule inside the
 * engine: they carry no code and no order of loading.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf } from './imports.ts';

const root = path.resolve(import.meta.dirname, '../..');
const engineSrc = path.join(root, 'engine/src');

type Layer = 'engine' | 'renderer' | 'app' | 'server' | 'question-sets' | 'tests';

/** Which layers a layer may import from (besides itself). */
export const ALLOWED: Record<Layer, readonly Layer[]> = {
  // The question sets are data (JSON) at the bottom: every layer may read them.
  'question-sets': [],
  engine: ['question-sets'],
  renderer: ['engine', 'question-sets'],
  app: ['engine', 'renderer', 'question-sets'],
  server: ['engine', 'question-sets'],
  tests: ['engine', 'renderer', 'app', 'server', 'question-sets'],
};

const LAYER_DIRS: [string, Layer][] = [
  ['engine', 'engine'],
  ['renderer', 'renderer'],
  ['src', 'app'],
  ['.storybook', 'app'],
  ['server', 'server'],
  ['question-sets', 'question-sets'],
  ['tests', 'tests'],
];

const PACKAGES: Record<string, Layer> = { '@meldloket/engine': 'engine', '@meldloket/renderer': 'renderer', '@meldloket/server': 'server' };

export function layerOf(file: string): Layer | null {
  const relative = path.relative(root, file).split(path.sep);
  // The question sets' own tests are tests.
  if (relative[0] === 'question-sets' && relative[1] === 'test') return 'tests';
  return LAYER_DIRS.find(([dir]) => relative[0] === dir)?.[1] ?? null;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('storybook-static')) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The engine folder (engine/src/<folder>) a path is in, or null. */
function engineFolderOf(file: string): string | null {
  const relative = path.relative(engineSrc, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** Why an import breaks the layering, or null. */
export function layerViolation(specifier: string, fromFile: string, typeOnly = false): string | null {
  const from = layerOf(fromFile);
  if (!from) return null;
  let target: Layer | null = null;
  let targetFile: string | null = null;
  const pkg = Object.keys(PACKAGES).find((p) => specifier === p || specifier.startsWith(`${p}/`));
  if (pkg) {
    target = PACKAGES[pkg];
    if (pkg === '@meldloket/engine' && specifier !== pkg && !specifier.endsWith('.json')) return `enters the engine below its index (${specifier})`;
  } else if (specifier.startsWith('.')) {
    targetFile = path.resolve(path.dirname(fromFile), specifier);
    target = layerOf(targetFile);
  }
  if (target && target !== from && !ALLOWED[from].includes(target)) return `${from} may not import ${target}`;
  // The engine's root index is the package entry: it re-exports the folders.
  if (targetFile && fromFile !== path.join(engineSrc, 'index.ts')) {
    const folder = engineFolderOf(targetFile);
    const own = engineFolderOf(fromFile);
    const isIndex = path.basename(targetFile) === 'index.ts';
    // A node-only entry (*.node.ts) is entered directly: the index, which the browser loads, must not pull in node:fs.
    const typeInsideEngine = typeOnly && own !== null;
    if (folder && folder !== own && !isIndex && !typeInsideEngine && !targetFile.endsWith('.node.ts')) return `enters engine/src/${folder} below its index.ts`;
  }
  return null;
}

describe('layers and engine entry points', () => {
  const files = LAYER_DIRS.flatMap(([dir]) => sourceFiles(path.join(root, dir)));

  it('finds the sources of every layer', () => {
    const layers = new Set(files.map(layerOf));
    // question-sets/ holds only data and its tests.
    expect([...layers].sort()).toEqual(['app', 'engine', 'renderer', 'server', 'tests']);
  });

  it('no file imports across the direction of the layers or into an engine folder below its index.ts', () => {
    const offences = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'), { withKinds: true }).flatMap(({ specifier: spec, typeOnly }) => {
        const why = layerViolation(spec, file, typeOnly);
        return why ? [`${path.relative(root, file)}: ${spec} (${why})`] : [];
      }),
    );
    expect(offences).toEqual([]);
  });

  it('the check catches each kind of offence', () => {
    const at = (file: string) => path.join(root, file);
    expect(layerViolation('../../src/App.tsx', at('renderer/src/registry.ts'))).toBe('renderer may not import app');
    expect(layerViolation('@meldloket/renderer', at('server/src/app.ts'))).toBe('server may not import renderer');
    expect(layerViolation('../../../renderer/src/index.ts', at('engine/src/form/form.ts'))).toBe('engine may not import renderer');
    expect(layerViolation('../schema/types.ts', at('engine/src/form/form.ts'))).toBe('enters engine/src/schema below its index.ts');
    expect(layerViolation('../../engine/src/form/form.ts', at('tests/bench/engine.bench.ts'))).toBe('enters engine/src/form below its index.ts');
    expect(layerViolation('@meldloket/engine/src/form/form.ts', at('src/App.tsx'))).toMatch(/below its index/);
    expect(layerViolation('../schema/index.ts', at('engine/src/form/form.ts'))).toBeNull();
    expect(layerViolation('../schema/types.ts', at('engine/src/form/form.ts'), true)).toBeNull();
    expect(layerViolation('../engine/src/schema/types.ts', at('src/App.tsx'), true)).toMatch(/below its index/);
    expect(layerViolation('../../question-sets/wonen.json', at('renderer/src/form/FormRenderer.stories.tsx'))).toBeNull();
    expect(layerViolation('./types.ts', at('engine/src/form/form.ts'))).toBeNull();
    expect(layerViolation('@meldloket/engine', at('server/src/app.ts'))).toBeNull();
    expect(layerViolation('@meldloket/renderer', at('src/App.tsx'))).toBeNull();
  });
});
