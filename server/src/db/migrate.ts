/**
 * Versioned migrations: every `migrations/NNN_name.ts` file, applied once and in
 * order of its name (the three-digit prefix), tracked by Kysely in its own table.
 * The built server (`npm run build`) has them as `.js` files next to its bundle.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const MIGRATION_FILE = /^\d{3}_[\w-]+\.(ts|js)$/;
const migrationName = (file: string) => file.replace(/\.(ts|js)$/, '');

/** Names of the migration files in apply order. */
export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((f) => MIGRATION_FILE.test(f) && !f.endsWith('.test.ts')).sort();
}

class FolderProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of await migrationFiles(this.dir)) {
      const mod = (await import(pathToFileURL(path.join(this.dir, file)).href)) as Migration;
      migrations[migrationName(file)] = { up: mod.up, down: mod.down };
    }
    return migrations;
  }
}

/**
 * Whether every migration file is applied already, and nothing else: two queries, and
 * none of the migration modules is loaded (a restart of an up-to-date server).
 */
async function upToDate(db: Kysely<any>, dir: string): Promise<boolean> {
  const files = (await migrationFiles(dir)).map(migrationName);
  const table = await sql<{ present: boolean }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!table.rows[0]?.present) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const names = rows.map((row) => row.name).sort();
  return names.length === files.length && names.every((name, i) => name === files[i]);
}

export async function migrateToLatest(db: Kysely<any>, dir = MIGRATIONS_DIR): Promise<string[]> {
  if (await upToDate(db, dir)) return [];
  // Kysely looks for its own tables in every schema unless told which: with a schema per
  // test app (or per tenant) on one database, it must keep to the schema in use.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  // New migrations are numbered after the newest, but two branches can each add one: a
  // database that already ran the higher number must still take the lower one, not refuse to start.
  const migrator = new Migrator({ db, provider: new FolderProvider(dir), migrationTableSchema: rows[0]?.schema ?? undefined, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export { MIGRATIONS_DIR };
