/**
 * Change notices for the caches of the server processes (docs/operations.md, plugins/changes.ts):
 * every statement that writes one of these tables sends `NOTIFY meldloket_changes` with
 * `<schema>.<table>`. PostgreSQL delivers a notice only when (and if) its transaction
 * commits, so a process that drops its cache on the notice never re-reads a change that
 * is rolled back, and every write path (the settings API, the seed, an operator's psql)
 * is covered. Statement-level: one notice per statement, and PostgreSQL folds equal
 * notices of one transaction into one.
 */
import { sql, type Kysely } from 'kysely';

export const CHANGE_CHANNEL = 'meldloket_changes';

/** The tables whose writes are announced: what a per-process cache is built from. */
export const NOTIFYING_TABLES = ['category', 'category_department', 'department'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function meldloket_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, tg_table_schema || '.' || tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of NOTIFYING_TABLES) {
    await sql
      .raw(`create trigger ${table}_change_notify after insert or update or delete or truncate on ${table} for each statement execute function meldloket_notify_change()`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of NOTIFYING_TABLES) await sql.raw(`drop trigger if exists ${table}_change_notify on ${table}`).execute(db);
  await sql`drop function if exists meldloket_notify_change()`.execute(db);
}
