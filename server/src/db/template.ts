/**
 * The prepared empty cluster: a PGlite data folder on which initdb and every migration
 * have run, made once and copied into each fresh data folder. PGlite's initdb is most of
 * a fresh start's CPU (about 70%); a copy of the prepared folder (about 40 MB, a tenth of
 * a second) replaces it, and the migrator then finds an up-to-date database. The seed
 * (categories, sources, question sets) still runs on the copy, as on any database.
 *
 * The template lives in `build/pglite-template/<key>/` of the checkout (PGLITE_TEMPLATE_DIR
 * to put it elsewhere, empty to never use one): `npm run build` makes it, and a fresh start
 * that finds none makes it first. The key is a hash of the PGlite version and of the name
 * and content of every migration file the server runs, so a template made by another PGlite
 * or for another set of migrations is never used; templates of other keys are removed when
 * a new one is made. Deleting the folder is safe: the next fresh start (or build) makes it
 * again.
 *
 * Made and copied so that parallel processes never see half a folder: a template is made in
 * a staging folder and renamed into place (the first rename wins, the others are discarded);
 * a data folder's copy is made next to it and renamed to `pgdata` under the data folder's
 * lock.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { MIGRATIONS_DIR, migrateToLatest, migrationFiles } from './migrate.ts';
import { PGlitePool } from './pglite-pool.ts';

/** Written into a finished template; a folder without it (or with another key) is not used. */
const MARKER = 'template.json';
const KEY_FOLDER = /^(ts|js)-[0-9a-f]{16}$/;

/** The installed PGlite's version (its package.json, next to the folder of its entry point). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (let i = 0; i < 4; i += 1, dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (json.name === '@electric-sql/pglite' && json.version) return json.version;
  }
  throw new Error('PGlite version not found');
}

/**
 * `ts-` or `js-` (the sources, or the built server's migrations) and a hash of the PGlite
 * version and of the name and content of every migration file in `migrationsDir`.
 */
export async function templateKey(migrationsDir = MIGRATIONS_DIR): Promise<string> {
  const files = await migrationFiles(migrationsDir);
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const file of files) hash.update(`${file}\n`).update(await readFile(path.join(migrationsDir, file))).update('\n');
  return `${files.some((f) => f.endsWith('.ts')) ? 'ts' : 'js'}-${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Where templates are kept: PGLITE_TEMPLATE_DIR when set (empty: none), else `build/pglite-template`
 * of the checkout the server runs from (the folder with package-lock.json above this module).
 */
export function defaultTemplateRoot(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PGLITE_TEMPLATE_DIR !== undefined) return env.PGLITE_TEMPLATE_DIR === '' ? undefined : path.resolve(env.PGLITE_TEMPLATE_DIR);
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package-lock.json'))) return path.join(dir, 'build', 'pglite-template');
    if (path.dirname(dir) === dir) return undefined;
  }
}

async function isTemplate(dir: string, key: string): Promise<boolean> {
  try {
    const marker = JSON.parse(await readFile(path.join(dir, MARKER), 'utf8')) as { key?: string };
    return marker.key === key && existsSync(path.join(dir, 'pgdata', 'PG_VERSION'));
  } catch {
    return false;
  }
}

/** Runs initdb and the migrations in `pgdata` (a new folder) and shuts PGlite down cleanly. */
async function makeCluster(pgdata: string, migrationsDir: string): Promise<string[]> {
  const pglite = new PGlite(pgdata);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  try {
    return await migrateToLatest(db, migrationsDir);
  } finally {
    await db.destroy(); // closes PGlite (a clean shut-down: the copy needs no recovery)
  }
}

export interface Template {
  /** The template's data folder (copy it, never open it). */
  pgdata: string;
  key: string;
  /** Whether this call made it. */
  made: boolean;
}

/**
 * The template for the current PGlite and `migrationsDir` under `root`, made when missing.
 * Safe to call from several processes at once.
 */
export async function ensureTemplate(root: string, migrationsDir = MIGRATIONS_DIR): Promise<Template> {
  const key = await templateKey(migrationsDir);
  const dir = path.join(root, key);
  if (await isTemplate(dir, key)) return { pgdata: path.join(dir, 'pgdata'), key, made: false };
  await mkdir(root, { recursive: true });
  const staging = path.join(root, `.making-${process.pid}-${randomBytes(4).toString('hex')}`);
  let made = false;
  try {
    await mkdir(staging);
    const migrations = await makeCluster(path.join(staging, 'pgdata'), migrationsDir);
    await writeFile(path.join(staging, MARKER), `${JSON.stringify({ key, pglite: pgliteVersion(), migrations, created: new Date().toISOString() }, null, 2)}\n`);
    // A half-made folder left by a crash is not a template (no marker): clear it first.
    if (existsSync(dir) && !(await isTemplate(dir, key))) await rm(dir, { recursive: true, force: true });
    try {
      await rename(staging, dir);
      made = true;
    } catch (error) {
      // another process was first: use its template
      if (!(await isTemplate(dir, key))) throw error;
    }
  } finally {
    if (!made) await rm(staging, { recursive: true, force: true });
  }
  // Templates of another PGlite or another set of migrations are never used again (those of
  // the sources and of the built server live side by side).
  for (const entry of await readdir(root)) {
    if (entry !== key && KEY_FOLDER.test(entry) && entry.slice(0, 3) === key.slice(0, 3)) await rm(path.join(root, entry), { recursive: true, force: true }).catch(() => undefined);
  }
  return { pgdata: path.join(dir, 'pgdata'), key, made };
}

/** Copies a folder tree, the files of each folder in parallel. */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? copyTree(path.join(from, entry.name), path.join(to, entry.name)) : copyFile(path.join(from, entry.name), path.join(to, entry.name)))),
  );
}

/** Whether `pgdata` holds no database yet (missing or an empty folder): then PGlite would run initdb. */
export async function isFreshCluster(pgdata: string): Promise<boolean> {
  if (!existsSync(pgdata)) return true;
  return (await readdir(pgdata)).length === 0;
}

/**
 * Fills the fresh `pgdata` with a copy of the template (made when missing). The caller holds
 * the data folder's lock. The copy is made beside it and renamed, so an interrupted copy
 * leaves no half database (only a `pgdata.copy-*` folder, removed at the next start).
 */
export async function copyTemplate(pgdata: string, root: string, migrationsDir = MIGRATIONS_DIR): Promise<Template> {
  const template = await ensureTemplate(root, migrationsDir);
  const parent = path.dirname(pgdata);
  for (const entry of await readdir(parent)) {
    if (entry.startsWith(`${path.basename(pgdata)}.copy-`)) await rm(path.join(parent, entry), { recursive: true, force: true });
  }
  const copy = `${pgdata}.copy-${process.pid}`;
  try {
    await copyTree(template.pgdata, copy);
    await rm(pgdata, { recursive: true, force: true }); // an empty folder
    await rename(copy, pgdata);
  } catch (error) {
    await rm(copy, { recursive: true, force: true });
    throw error;
  }
  return template;
}
