/**
 * A production deployment as the README describes it (docs/operations.md): `npm run build`, then in
 * a fresh copy of the repository `npm ci --omit=dev` (no TypeScript loader, no Vite, no
 * test tools) and `NODE_ENV=production npm start`. The server answers, serves the app and
 * stores a report, without a warning in its output; an unsafe configuration is refused.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/test/fixtures.ts';
import { startListening } from './server.ts';
import { validReport } from '../../server/test/support.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
let copy = '';
let server: ChildProcess | undefined;

beforeAll(() => {
  // the app is built by the e2e global setup; the server bundle here
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'pipe' });
  copy = mkdtempSync(path.join(tmpdir(), 'meldloket-production-'));
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    if (!existsSync(path.join(ROOT, file))) continue;
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(copy, file));
  }
  cpSync(path.join(ROOT, 'dist'), path.join(copy, 'dist'), { recursive: true });
  cpSync(path.join(ROOT, 'build'), path.join(copy, 'build'), { recursive: true });
  execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: copy, stdio: 'pipe', timeout: 600_000 });
}, 900_000);

/**
 * Stops `npm start` as an operator's SIGTERM stops a service: the whole process group (npm, its
 * shell, scripts/start.mjs and the server), so no server outlives the test holding its data folder.
 */
async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    server.kill('SIGTERM');
  }
  await exited;
}

afterAll(async () => {
  await stopServer();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

const productionEnv = (port: number, extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  NODE_ENV: 'production',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  OIDC_ISSUER: 'https://login.gemeente.example/realms/meldloket',
  MAP_SERVICES: 'stand-in',
  DATA_DIR: path.join(copy, 'data'),
  ...extra,
});

describe('production start without development dependencies', () => {
  it('has none of the development tools installed', () => {
    for (const tool of ['tsx', 'vite', 'vitest', 'typescript', 'esbuild']) expect(existsSync(path.join(copy, 'node_modules', tool)), tool).toBe(false);
  });

  it('refuses an unsafe configuration and says why', async () => {
    const port = await freePort();
    const result = spawnSync('npm', ['start', '--silent'], { cwd: copy, env: productionEnv(port, { OIDC_EMBEDDED: '1' }), encoding: 'utf8', timeout: 120_000 });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('OIDC_EMBEDDED staat aan');
  });

  it('serves the app and the API, stores a report, and prints no warning', { timeout: 180_000 }, async () => {
    const started = await startListening(
      (port) => spawn('npm', ['start', '--silent'], { cwd: copy, env: productionEnv(port), stdio: ['ignore', 'pipe', 'pipe'], detached: true }),
      (port) => `Meldloket draait op http://127.0.0.1:${port} `,
      150_000,
      { echo: false },
    );
    server = started.child;
    const base = `http://127.0.0.1:${started.port}`;
    const page = await fetch(`${base}/incident/beschrijf`);
    expect(page.status).toBe(200);
    // the first page comes rendered ahead, by the build's renderer, without the development dependencies
    expect(await page.text()).toMatch(/<div id="root"[^>]*>.*<h1[^>]*>Beschrijf uw melding<\/h1>/s);

    const created = await fetch(`${base}/signals/v1/public/signals/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validReport({ text: 'Productie: er ligt grofvuil naast de container' })),
    });
    expect(created.status).toBe(201);
    const output = started.output();
    expect(output).toContain(`Meldloket draait op ${base}`);
    // logs are JSON lines in production; neither Node nor npm warns (the server itself may warn
    // about the example issuer, which cannot be reached from here)
    const lines = output.split('\n').filter((l) => l.startsWith('{'));
    expect(lines.length).toBeGreaterThan(0);
    expect(output).not.toMatch(/npm warn|\(node:\d+\) \w*Warning|WARNING: Unsupported runtime/);
    // the new data folder is a copy of the prepared empty database that `npm run build` made (no initdb)
    expect(readdirSync(path.join(copy, 'build', 'pglite-template')).filter((f) => /^js-/.test(f))).toHaveLength(1);
    expect(output).toContain('"created":"template"');
    expect(output).not.toContain('voorbereide lege database');
  });

  it('backs up and restores with npm run backup / restore, without the development dependencies', { timeout: 240_000 }, async () => {
    // the embedded database belongs to one process: stop the server first (as the README says)
    await stopServer();
    // npm may exit before the server under it has closed the database: wait for its lock to go
    const lock = path.join(copy, 'data', 'meldloket.lock');
    for (const deadline = Date.now() + 60_000; existsSync(lock); ) {
      if (Date.now() > deadline) throw new Error('the server did not release its data folder');
      await new Promise((r) => setTimeout(r, 200));
    }
    const port = await freePort();
    const folder = path.join(copy, 'backups', 'productie');
    const made = spawnSync('npm', ['run', 'backup', '--silent', '--', folder], { cwd: copy, env: productionEnv(port), encoding: 'utf8', timeout: 180_000 });
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toContain(`Back-up geschreven naar ${folder}: 1 meldingen`);
    const manifest = JSON.parse(readFileSync(path.join(folder, 'backup.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'meldloket-backup-1', database: 'pglite', rows: { signal: 1 } });
    expect(readFileSync(path.join(folder, 'database.sql'), 'utf8')).toContain('Productie: er ligt grofvuil naast de container');

    const restored = spawnSync('npm', ['run', 'restore', '--silent', '--', folder], { cwd: copy, env: productionEnv(port, { DATA_DIR: path.join(copy, 'hersteld') }), encoding: 'utf8', timeout: 180_000 });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(`teruggezet in PGlite in ${path.join(copy, 'hersteld')}: 1 meldingen`);
  });
});
