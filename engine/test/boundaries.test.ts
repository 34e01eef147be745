import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf } from './imports.ts';

export { importsOf };

const engineSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Why an import is not allowed in the engine, or null when it is. */
export function forbiddenImport(specifier: string, fromFile: string): string | null {
  if (/^(react|react-dom|react-router|@xstate\/react|leaflet|react-leaflet)(\/|$)/.test(specifier)) return 'a React/DOM library';
  if (/^@meldloket\/(renderer|server)/.test(specifier)) return 'another layer';
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(fromFile), specifier);
    if (!target.startsWith(engineSrc + path.sep) && target !== engineSrc && !target.startsWith(path.resolve(engineSrc, '../schema'))) {
      return 'a file outside engine/';
    }
  }
  return null;
}

const DOM_GLOBALS = /\b(window|document|localStorage|sessionStorage|navigator|HTMLElement|globalThis\.fetch)\b/;

describe('engine boundaries', () => {
  const files = sourceFiles(engineSrc);

  it('finds the engine sources', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it('imports no React, DOM library, renderer, app or server code', () => {
    const offences = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8')).flatMap((spec) => {
        const why = forbiddenImport(spec, file);
        return why ? [`${path.relative(engineSrc, file)} imports ${spec} (${why})`] : [];
      }),
    );
    expect(offences).toEqual([]);
  });

  it('touches no DOM global and no global fetch', () => {
    const offences = files.filter((file) => {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      return DOM_GLOBALS.test(code);
    });
    expect(offences.map((f) => path.relative(engineSrc, f))).toEqual([]);
  });

  it('the check itself catches each kind of forbidden import', () => {
    const file = path.join(engineSrc, 'form/index.ts');
    expect(forbiddenImport('react', file)).not.toBeNull();
    expect(forbiddenImport('react-dom/client', file)).not.toBeNull();
    expect(forbiddenImport('react-leaflet', file)).not.toBeNull();
    expect(forbiddenImport('@meldloket/renderer', file)).not.toBeNull();
    expect(forbiddenImport('../../../src/main.tsx', file)).not.toBeNull();
    expect(forbiddenImport('../../../server/src/app.ts', file)).not.toBeNull();
    expect(forbiddenImport('../conditions/index.ts', file)).toBeNull();
    expect(forbiddenImport('immer', file)).toBeNull();
    expect(importsOf("import x from 'react';\nexport { y } from \"../../src/a\";\nawait import('react-dom')")).toEqual([
      'react',
      '../../src/a',
      'react-dom',
    ]);
  });
});
