// `npm start`: builds the web app when dist/ is missing or older than its sources, and
// the server (build/server, esbuild: about a second) when it is older than its sources,
// then starts the server with Node alone (API + app on one port, default
// http://localhost:8080). Running the built server instead of the TypeScript sources
// through a loader takes a third less CPU at every start.
// With NODE_ENV=production it starts the built server (build/server, `npm run build`).
// Configuration by environment variables: see docs/operations.md, "Server configuration".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const staticDir = path.resolve(root, process.env.STATIC_DIR || 'dist');
const SOURCES = ['index.html', 'vite.config.ts', 'package.json', 'src', 'renderer/src', 'engine/src', 'engine/schema', 'question-sets', 'public'];
/** What scripts/build-server.mjs bundles (the server imports the engine and the app's configuration module). */
const SERVER_SOURCES = ['package.json', 'server/package.json', 'engine/package.json', 'server/src', 'engine/src', 'engine/schema', 'src', 'scripts/build-server.mjs', 'scripts/build/output.mjs'];

/** Newest modification time among the files under `entry` (0 when it does not exist). */
function newest(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let latest = 0;
  for (const item of readdirSync(full, { withFileTypes: true })) {
    if (item.name === 'node_modules' || item.name.startsWith('.')) continue;
    latest = Math.max(latest, newest(path.join(entry, item.name)));
  }
  return latest;
}

const production = process.env.NODE_ENV === 'production';
const builtServer = path.join(root, 'build', 'server', 'main.js');
const builtIndex = path.join(staticDir, 'index.html');

// Production: what `npm run build` made, run by Node alone (no TypeScript loader, no
// development dependencies; `npm ci --omit=dev` is enough). Nothing is built here.
if (production) {
  const missing = [builtServer, ...(process.env.STATIC_DIR === '' ? [] : [builtIndex])].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    console.error(`Eerst bouwen: ${missing.map((f) => path.relative(root, f)).join(' en ')} ontbreekt. Voer 'npm run build' uit (met de ontwikkelpakketten), en start dan met NODE_ENV=production npm start.`);
    process.exit(1);
  }
  run([builtServer]);
} else {
  buildAppWhenStale();
  buildServerWhenStale();
  run(['--enable-source-maps', builtServer]);
}

function buildServerWhenStale() {
  const built = existsSync(builtServer) ? statSync(builtServer).mtimeMs : 0;
  if (built >= Math.max(...SERVER_SOURCES.map(newest))) return;
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) {
    console.error('Bouwen van de server is mislukt.');
    process.exit(result.status ?? 1);
  }
}

function buildAppWhenStale() {
  const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map(newest));
  if (process.env.STATIC_DIR === undefined && built < sources) {
    console.log(built === 0 ? 'De web-app wordt gebouwd …' : 'De bronnen zijn nieuwer dan dist/: de web-app wordt opnieuw gebouwd …');
    const vite = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'vite.cmd' : 'vite');
    const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('Bouwen van de web-app is mislukt.');
      process.exit(result.status ?? 1);
    }
  }
}

function run(args) {
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, STATIC_DIR: staticDir, NODE_ENV: process.env.NODE_ENV ?? 'development' },
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
