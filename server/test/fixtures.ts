/** Small fixtures shared by server tests, the e2e harness and the benchmarks. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A port on 127.0.0.1 that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * The environment of the real server process a test or benchmark starts: on 127.0.0.1:`port`, its files in
 * `dataDir`, on `databaseUrl` ('' for the embedded database), without static files, logging warnings;
 * `extra` adds to it or overrides it.
 */
export function serverProcessEnv(port: number, dataDir: string, databaseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, STATIC_DIR: '', LOG_LEVEL: 'warn', ...extra };
}

export interface FakeDist {
  /** The folder, to pass as `staticDir`. */
  dir: string;
  /** The one script's URL path: `/assets/app-1234.js`. */
  script: string;
  /** Its source map's URL path (`/assets/app-1234.js.map`). */
  sourceMap: string;
  remove(): void;
}

/**
 * A built app in a temporary folder, as `vite build` leaves it: index.html and one
 * script under assets/ with its source map.
 */
export function fakeDist(): FakeDist {
  const dir = mkdtempSync(path.join(tmpdir(), 'meldloket-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Meldloket</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'app-1234.js'), 'console.log(1)\n//# sourceMappingURL=app-1234.js.map');
  writeFileSync(path.join(dir, 'assets', 'app-1234.js.map'), '{"version":3,"sources":["src/main.tsx"]}');
  return { dir, script: '/assets/app-1234.js', sourceMap: '/assets/app-1234.js.map', remove: () => rmSync(dir, { recursive: true, force: true }) };
}
