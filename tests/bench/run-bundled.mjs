#!/usr/bin/env node
/**
 * Runs a TypeScript bench as it ships: bundled and minified by esbuild with
 * NODE_ENV=production (no TypeScript loader at run time, which makes the engine
 * 1.5–2.5× slower), then started with plain node. `import.meta.dirname`/`url` keep
 * meaning the source file's folder. Usage: node tests/bench/run-bundled.mjs FILE.ts [args]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const [entry, ...args] = process.argv.slice(2);
if (!entry) throw new Error('usage: run-bundled.mjs FILE.ts [args]');
const root = path.resolve(import.meta.dirname, '../..');
// inside the repository, so the bundle's package imports resolve from its node_modules
const cache = path.join(root, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const out = mkdtempSync(path.join(cache, 'meldloket-bench-'));
const outfile = path.join(out, 'bench.mjs');
try {
  await build({
    entryPoints: [path.resolve(entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    // packages load from node_modules as they ship; our own sources are bundled
    packages: 'external',
    alias: { '@meldloket/engine': path.join(root, 'engine/src/index.ts') },
    logLevel: 'warning',
    plugins: [
      {
        name: 'source-paths',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (file) => {
            const dir = JSON.stringify(path.dirname(file.path));
            const url = JSON.stringify(pathToFileURL(file.path).href);
            const contents = readFileSync(file.path, 'utf8').replaceAll('import.meta.dirname', dir).replaceAll('import.meta.url', url);
            return { contents, loader: 'ts' };
          });
        },
      },
    ],
  });
  const result = spawnSync(process.execPath, [outfile, ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
