// `npm run build` (second half): the server as plain JavaScript in build/server/, so that
// `NODE_ENV=production npm start` runs it with Node alone — no TypeScript loader, no
// development dependencies (`npm ci --omit=dev`). The server, the engine and the app's
// configuration module are bundled into main.js; the npm packages stay outside
// (node_modules); every migration is its own file in build/server/migrations/, because
// the migrator reads that folder. Then it prepares the empty cluster for those migrations
// (build/pglite-template/, see server/src/db/template.ts) unless it is there already.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'build', 'server');
const packages = ['package.json', 'server/package.json', 'engine/package.json'].flatMap((file) => {
  const json = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  return Object.keys(json.dependencies ?? {});
});
// kysely is bundled too: plain ESM in about 280 files, whose one-by-one loading cost a tenth of
// the server's module loading at every start. The migrations (loaded only when one is to
// run) keep importing it from node_modules: its sql tag works on any Kysely instance.
const BUNDLED = ['kysely'];
const external = [...new Set(packages)].filter((name) => !name.startsWith('@meldloket/') && !BUNDLED.includes(name));
const migrationsDir = path.join(root, 'server', 'src', 'db', 'migrations');
const migrations = readdirSync(migrationsDir).filter((f) => /^\d{3}_[\w-]+\.ts$/.test(f));

rmSync(out, { recursive: true, force: true });
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  // npm packages (and their subpaths, e.g. @meldloket/engine's JSON schemas stay bundled) load from node_modules
  external: external.flatMap((name) => [name, `${name}/*`]),
  // some packages still call require(); give the ESM bundle one
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
};
// splitting: modules the server imports only when needed (the embedded sign-in) stay separate chunks
await build({ ...common, splitting: true, entryPoints: { main: path.join(root, 'server', 'src', 'main.ts'), backup: path.join(root, 'server', 'src', 'backup', 'cli.ts'), template: path.join(root, 'server', 'src', 'db', 'template-cli.ts') }, outdir: out, chunkNames: '[name]-[hash]' /* next to main.js: import.meta.dirname finds migrations/ */ });
await build({ ...common, external: [...common.external, 'kysely'], entryPoints: migrations.map((f) => path.join(migrationsDir, f)), outdir: path.join(out, 'migrations'), banner: {} });
// the demo configuration's areas, which server/src/areas/sources.ts reads next to its module (in the
// bundle: build/server/), in the same layout: demo/gemeente.json names demo/buurten.geojson and ../districts.json
const areas = path.join(root, 'server', 'src', 'areas');
cpSync(path.join(areas, 'demo'), path.join(out, 'demo'), { recursive: true });
cpSync(path.join(areas, 'districts.json'), path.join(out, 'districts.json'));
const template = spawnSync(process.execPath, [path.join(out, 'template.js')], { cwd: root, stdio: 'inherit' });
if (template.status !== 0) process.exit(template.status ?? 1);
console.log(`Server gebouwd in ${path.relative(root, out)}/ (${migrations.length} migraties)`);
