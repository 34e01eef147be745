/**
 * Build step of the pages drawn ahead (src/ahead): after the app's own build, their renderer
 * (src/ahead/entry-server.tsx) is built for Node into `dist/ssr/first-page.js`: one file with every
 * package inside it, so the server loads it without node_modules of the app (`npm ci --omit=dev`)
 * and without a TypeScript loader. The server renders the first page and the frames with it
 * (server/src/plugins/static-app.ts) and never serves that folder. The boot script those pages
 * load (src/ahead/boot.js) is written as it is to `dist/first-page-boot.js`; the script the server puts
 * inline before their #root (src/ahead/early.js) beside the renderer (EARLY_SCRIPT).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EARLY_SCRIPT, PRERENDER_ENTRY } from './output.mjs';

/** Vite plugin: write the boot script, and build the renderer once the app's build is written. */
export function prerenderEntry({ entry, boot, early }) {
  let config;
  return {
    name: 'meldloket:prerender-entry',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
      const missing = [entry, boot, early].filter((file) => !existsSync(path.resolve(resolved.root, file)));
      if (missing.length > 0) throw new Error(`vite.config.ts names files that do not exist: ${missing.join(', ')}`);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'first-page-boot.js', source: readFileSync(path.resolve(config.root, boot), 'utf8') });
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const { build } = await import('vite');
        const outDir = path.join(path.resolve(config.root, config.build.outDir), path.dirname(PRERENDER_ENTRY));
        await build({
          configFile: config.configFile,
          mode: config.mode,
          logLevel: 'warn',
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: entry,
            outDir,
            emptyOutDir: true,
            copyPublicDir: false,
            sourcemap: false,
            minify: true,
            rollupOptions: { output: { entryFileNames: path.basename(PRERENDER_ENTRY), format: 'es' } },
          },
        });
        // after the renderer's build, which empties its folder
        const buildDir = path.resolve(config.root, config.build.outDir);
        writeFileSync(path.join(buildDir, EARLY_SCRIPT), readFileSync(path.resolve(config.root, early), 'utf8').trim());
      },
    },
  };
}
