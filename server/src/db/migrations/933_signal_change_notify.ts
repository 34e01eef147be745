/**
 * Change notices for writes to `signal` too (as migration 830 does for the category tree): the
 * public map's clusters (services/geography/clusters.ts) are built from the open reports and
 * kept per process until a report is written in any process.
 */
import { sql, type Kysely } from 'kysely';

export const SIGNAL_NOTIFYING_TABLES = ['signal'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of SIGNAL_NOTIFYING_TABLES) {
    await sql
      .raw(`create trigger ${table}_change_notify after insert or update or delete or truncate on ${table} for each statement execute function meldloket_notify_change()`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of SIGNAL_NOTIFYING_TABLES) await sql.raw(`drop trigger if exists ${table}_change_notify on ${table}`).execute(db);
}
