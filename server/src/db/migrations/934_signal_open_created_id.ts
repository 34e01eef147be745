/**
 * `signal_open_created_idx` (the open reports by creation time, migration 883) with the report's id: signalering's
 * on-time reports per department (services/overview/signalering.ts) read the recent open reports and their
 * rows of signal_department from the indexes alone, those rows bounded by the smallest id among the recent
 * reports, instead of looking up each report's department rows one by one (14,000 look-ups, 43,000 buffers and
 * 100-165 ms at 2,000,000 reports; docs/performance.md).
 */
import { sql, type Kysely } from 'kysely';
import { openCreatedIndex } from './883_signal_counts.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signal_open_created_idx`.execute(db);
  await openCreatedIndex(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signal_open_created_idx`.execute(db);
  await openCreatedIndex(db, false);
}
