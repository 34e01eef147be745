/**
 * Global setup of the end-to-end tests, run once for the whole run:
 *
 *   1. builds the production bundle the product serves (skipped with E2E_SKIP_BUILD=1 when dist/ exists);
 *   2. starts the server once on an empty data directory, so it migrates and seeds the embedded
 *      database, and stops it again: that directory is the template every test file copies.
 *
 * Each test file then starts its own server on its own copy (see `server.ts`), so files share
 * nothing and run in parallel. The paths are handed over through `inject('e2eTemplateDir')`.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer, ROOT } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded PGlite data directory that each test file copies. */
    e2eTemplateDir: string;
  }
}

let templateDir: string | undefined;

export async function setup(project: TestProject) {
  if (!process.env.E2E_SKIP_BUILD || !existsSync(path.join(ROOT, 'dist/index.html'))) {
    // vitest runs with NODE_ENV=test: build the production bundle the product serves
    execSync('node_modules/.bin/vite build --logLevel warn', { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  templateDir = mkdtempSync(path.join(tmpdir(), 'meldloket-e2e-template-'));
  const server = await startServer(templateDir);
  await server.stop();
  project.provide('e2eTemplateDir', templateDir);
}

export async function teardown() {
  if (templateDir) rmSync(templateDir, { recursive: true, force: true });
}
