/**
 * Build step: after the app's own build, the first page's renderer (src/entry-server.tsx) is
 * built for Node into `dist/ssr/first-page.js`: one file with every package inside it, so the
 * server loads it without node_modules of the app (`npm ci --omit=dev`) and without a TypeScript
 * loader. The server renders the first page with it (server/src/plugins/static-app.ts) and never
 * serves that folder.
 */
import path from 'node:path';
import { PRERENDER_ENTRY } from './output.mjs';

/** Vite plugin: build the first page's renderer once the app's build is written. */
export function prerenderEntry({ entry }) {
  let config;
  return {
    name: 'meldloket:prerender-entry',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
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
      },
    },
  };
}
