/**
 * Build step: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) next to
 * every compressible file of the build, so the server sends compressed bytes without
 * compressing on each request (server/src/plugins/static-app.ts picks the variant by
 * Accept-Encoding). Small files, and files compression does not shrink, stay as they are.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|txt|xml|webmanifest)$/;
/** Below this the headers of a compressed answer weigh about as much as the saving. */
export const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses every eligible file under `dir`; returns what it wrote, per file. */
export function precompressDir(dir) {
  const written = [];
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    written.push({ file: path.relative(dir, file), raw: raw.length, br: br.length, gzip: gz.length });
  }
  return written;
}

/** Vite plugin: precompress the output folder once the build is written. */
export function precompress() {
  let outDir = 'dist';
  return {
    name: 'meldloket:precompress',
    // the app's build only: the first page's renderer (dist/ssr, scripts/build/prerender.mjs) is never served
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        precompressDir(outDir);
      },
    },
  };
}
