/**
 * Backups of the database and the uploaded files (docs/operations.md).
 *
 * A backup is a folder with
 *   - `database.sql`: plain SQL that `npm run restore` reads back and that PostgreSQL's
 *     `psql` loads into an empty database: first the schema, as the migrations create
 *     it (their statements recorded while they run on a scratch database, so the schema
 *     has one source: the migration files), then every row as an `insert`, then the
 *     sequences;
 *   - `media/`: the uploaded photos and files, by their key in the attachment store (a folder or an S3 bucket);
 *   - `backup.json`: when, from which database kind, the migrations and the row counts.
 *
 * The rows are rendered by the database itself (`format('%L', row_to_json(t))`), so no
 * value is quoted by hand. One transaction (repeatable read) gives one consistent view.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CompiledQuery, Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import { migrateToLatest } from '../db/migrate.ts';
import { PGlitePool } from '../db/pglite-pool.ts';
import type { Db } from '../db/index.ts';
import { folderStore, type FileStore } from '../storage/index.ts';

/** Tables Kysely keeps for itself: the migration lock is recreated by the migrator. */
const SKIPPED_TABLES = new Set(['kysely_migration_lock']);

export interface BackupManifest {
  format: 'meldloket-backup-1';
  created_at: string;
  database: 'postgres' | 'pglite';
  migrations: string[];
  rows: Record<string, number>;
  media_files: number;
}

/** Renders a parameter as an SQL literal for the recorded migration statements. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** Fills `$1`, `$2`, … of a recorded statement (migrations rarely have any). */
function inline(query: { sql: string; parameters: readonly unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_m, n: string) => literal(query.parameters[Number(n) - 1]));
}

/**
 * The schema as SQL: every statement the migrations run on an empty database, in order.
 * Recorded on a scratch in-memory PGlite; statements of Kysely's own bookkeeping are left out.
 */
export async function schemaSql(): Promise<string> {
  const statements: string[] = [];
  const pglite = new PGlite();
  await pglite.waitReady;
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }),
    log: (event: LogEvent) => {
      if (event.level !== 'query') return;
      const text = inline(event.query);
      if (/kysely_migration/i.test(text) || /^\s*(begin|commit|rollback|select)\b/i.test(text)) return;
      statements.push(`${text.trim().replace(/;\s*$/, '')};`);
    },
  });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return statements.join('\n\n');
}

/** Tables in an order that satisfies their foreign keys (parents first). */
async function tablesInOrder(db: Db): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname = current_schema()`.execute(db);
  const { rows: links } = await sql<{ child: string; parent: string }>`
    select distinct c.relname as child, p.relname as parent
    from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where k.contype = 'f' and n.nspname = current_schema() and c.oid <> p.oid`.execute(db);
  const names = tables.map((t) => t.name).filter((n) => !SKIPPED_TABLES.has(n)).sort();
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const link of links) if (link.child === name && names.includes(link.parent)) visit(link.parent);
    ordered.push(name);
  };
  for (const name of names) visit(name);
  return ordered;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Writes a backup of `db` (and every file in the attachment store `files`) into the folder `target`. */
export async function backup(db: Db, options: { target: string; files: FileStore; kind: 'postgres' | 'pglite'; now?: Date }): Promise<BackupManifest> {
  await mkdir(options.target, { recursive: true });
  const parts: string[] = [
    '-- Meldloket backup: load into an empty database with `npm run restore -- <folder>` or `psql -v ON_ERROR_STOP=1 -f database.sql`.',
    'set client_encoding = \'UTF8\';',
    'set standard_conforming_strings = on;',
    'begin;',
    '',
    '-- Schema (the migrations)',
    await schemaSql(),
    '',
    '-- The triggers run again when rows are loaded; the log tables are loaded as they were.',
    'set session_replication_role = replica;',
  ];
  const rows: Record<string, number> = {};
  let migrations: string[] = [];
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx)).rows.map((r) => r.name);
      parts.push('', '-- Migrations applied');
      parts.push('create table if not exists kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null);');
      for (const table of await tablesInOrder(trx as unknown as Db)) {
        const quoted = ident(table);
        const { rows: lines } = await trx.executeQuery<{ line: string }>(
          CompiledQuery.raw(`select format('insert into %I select * from json_populate_record(null::%I, %L);', $1::text, $1::text, row_to_json(backup_row)::text) as line from ${quoted} as backup_row`, [table]),
        ).catch((error: unknown) => {
          throw new Error(`backup of table ${table}: ${error instanceof Error ? error.message : String(error)}`);
        });
        rows[table] = lines.length;
        if (lines.length === 0) continue;
        parts.push('', `-- ${table}: ${lines.length} rows`, ...lines.map((l) => l.line));
      }
      // Sequences continue after the highest id of their table.
      const { rows: sequences } = await sql<{ line: string }>`
        select format('select setval(%L, %s, %s);', quote_ident(s.relname), coalesce(pg_sequence_last_value(s.oid), 1), case when pg_sequence_last_value(s.oid) is null then 'false' else 'true' end) as line
        from pg_class s join pg_namespace n on n.oid = s.relnamespace
        where s.relkind = 'S' and n.nspname = current_schema() order by s.relname`.execute(trx);
      parts.push('', '-- Sequences', ...sequences.map((s) => s.line));
    });
  parts.push('', 'set session_replication_role = origin;', 'commit;', '');
  await writeFile(path.join(options.target, 'database.sql'), parts.join('\n'));

  // The files after the database: a file of a report created meanwhile is extra, never missing.
  const media = folderStore(path.join(options.target, 'media'));
  let mediaFiles = 0;
  for await (const key of options.files.list()) {
    const data = await options.files.get(key);
    if (!data) continue; // removed since it was listed
    await media.put(key, data);
    mediaFiles += 1;
  }
  const manifest: BackupManifest = {
    format: 'meldloket-backup-1',
    created_at: (options.now ?? new Date()).toISOString(),
    database: options.kind,
    migrations,
    rows,
    media_files: mediaFiles,
  };
  await writeFile(path.join(options.target, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Thrown when a restore would overwrite data or the folder is no backup. */
export class RestoreError extends Error {
  override name = 'RestoreError';
}

/**
 * Loads a backup folder into the database, which must be empty (no tables), and copies
 * its files to `mediaDir`. `exec` runs a script of many statements (PGlite's `exec`, or a
 * pg client's simple query); the dump is one transaction, so a failure leaves it empty.
 */
export async function restore(db: Db, options: { source: string; files: FileStore; exec: (script: string) => Promise<unknown> }): Promise<BackupManifest> {
  const manifestFile = path.join(options.source, 'backup.json');
  if (!existsSync(manifestFile)) throw new RestoreError(`${options.source} is geen Meldloket-back-up: backup.json ontbreekt.`);
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
  if (manifest.format !== 'meldloket-backup-1') throw new RestoreError(`${manifestFile}: onbekend formaat ${String(manifest.format)}.`);
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname = current_schema()`.execute(db);
  if (Number(rows[0]?.n ?? 0) > 0) {
    throw new RestoreError('De database is niet leeg. Zet een back-up alleen terug in een lege database (een nieuwe DATA_DIR, of een nieuwe PostgreSQL-database in DATABASE_URL).');
  }
  const dump = await readFile(path.join(options.source, 'database.sql'), 'utf8');
  await options.exec(dump);
  const media = folderStore(path.join(options.source, 'media'));
  for await (const key of media.list()) {
    const data = await media.get(key);
    if (data) await options.files.put(key, data);
  }
  return manifest;
}
