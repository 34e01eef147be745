/**
 * Test helpers: a fresh app on a fresh, migrated and seeded database for a test
 * file. PGlite's initdb is slow, so the first call writes a template data folder
 * (migrations + seed) to the temp dir, keyed by the sources it depends on, and every
 * app loads a copy of it. With TEST_DATABASE_URL set, `DATABASE_TARGETS` also holds
 * 'postgres': the app then works in a fresh schema of that server, dropped at close.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { openDatabase } from '../src/db/index.ts';
import { QUESTION_SETS_DIR, seed } from '../src/db/seed.ts';
import { MIGRATIONS_DIR } from '../src/db/migrate.ts';

export type DatabaseTarget = 'pglite' | 'postgres';

/** The databases every route test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASE_TARGETS: DatabaseTarget[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

function templateKey(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(MIGRATIONS_DIR).sort().map((f) => path.join(MIGRATIONS_DIR, f)),
    path.join(import.meta.dirname, '../src/db/seed.ts'),
    path.join(import.meta.dirname, '../src/question-sets/store.ts'),
    ...readdirSync(QUESTION_SETS_DIR).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(QUESTION_SETS_DIR, f)),
  ];
  for (const f of files) hash.update(f).update(readFileSync(f));
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<Blob> | undefined;

/** The seeded PGlite data folder as a tar, built once per set of sources. */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(tmpdir(), `meldloket-pglite-${templateKey()}.tar`);
    const cached = await readFile(file).catch(() => undefined);
    if (cached) return new Blob([cached]);
    const pglite = new PGlite();
    const handle = await openDatabase({ pglite });
    await seed(handle.db);
    const dump = await pglite.dumpDataDir('none');
    await handle.close();
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await rename(tmp, file);
    return dump;
  })();
  return template;
}

/**
 * Fills an empty data folder with the migrated, seeded database (DATA_DIR/pgdata), as a server
 * leaves it: a test that starts the app on a folder of its own then skips PGlite's initdb, the
 * migrations and the seed, which take most of a minute on a busy machine.
 */
export async function seededDataDir(dataDir: string): Promise<void> {
  const pglite = new PGlite(path.join(dataDir, 'pgdata'), { loadDataDir: await pgliteTemplate() });
  await pglite.waitReady;
  await pglite.close();
}

/** A fresh PGlite with the migrated, seeded database (closed by whoever owns it). */
export async function freshPglite(): Promise<PGlite> {
  const pglite = new PGlite({ loadDataDir: await pgliteTemplate() });
  await pglite.waitReady;
  return pglite;
}

export interface TestApp {
  app: FastifyInstance;
  target: DatabaseTarget;
  /** The app's data folder (media, …). */
  dataDir: string;
  /** The PostgreSQL schema the app works in (postgres target only). */
  schema?: string;
  close(): Promise<void>;
}

export async function buildTestApp(target: DatabaseTarget = 'pglite', options: BuildOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-test-'));
  let dropSchema: (() => Promise<void>) | undefined;
  let database: BuildOptions['database'];
  let databaseUrl = '';
  let schemaName: string | undefined;
  if (target === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL ?? '';
    if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set');
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    database = { schema };
    schemaName = options.database?.schema ?? schema;
    dropSchema = async () => {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    };
  } else {
    database = { pglite: await freshPglite() };
  }
  const app = await buildApp({
    ...options,
    config: { dataDir, databaseUrl, staticDir: '', publicUrl: 'http://localhost:8080', ...options.config },
    database: { ...database, ...options.database },
  });
  await app.ready();
  return {
    app,
    target,
    dataDir,
    schema: schemaName,
    async close() {
      await app.close();
      await dropSchema?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two server processes on one PostgreSQL schema of their own (TEST_DATABASE_URL), as two instances of
 * the product share one database: `run` gets both, and `another()` starts one more on the same schema
 * (e.g. a restart). Every process is closed (closing one again in `run` is harmless) and the schema
 * dropped afterwards.
 */
export async function withTwoProcesses(
  options: BuildOptions,
  run: (a: TestApp, b: TestApp, another: () => Promise<TestApp>) => Promise<void>,
): Promise<void> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const started: TestApp[] = [];
  const another = async (): Promise<TestApp> => {
    const built = await buildTestApp('postgres', { ...options, database: { ...options.database, schema } });
    let closing: Promise<void> | undefined;
    const process = { ...built, close: () => (closing ??= built.close()) };
    started.push(process);
    return process;
  };
  try {
    await run(await another(), await another(), another);
  } finally {
    await Promise.all(started.map((p) => p.close()));
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/**
 * Builds one app for the enclosing describe block (beforeAll) and closes it after
 * (afterAll). Returns a getter, since the app exists only once the hook ran.
 */
export function useTestApp(target: DatabaseTarget = 'pglite', options: BuildOptions = {}): () => TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await buildTestApp(target, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return () => {
    if (!current) throw new Error('test app not built yet');
    return current;
  };
}
