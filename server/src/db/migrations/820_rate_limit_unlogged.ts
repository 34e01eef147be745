/**
 * The rate-limit counters become an UNLOGGED table: they are written on every public
 * create (one upsert per request, migration 410) but are worth nothing after a crash, so
 * they need not go through the write-ahead log. Each upsert then commits without waiting
 * for a disk flush, which also shortens how long the counter's row is locked: requests
 * from one address (one office, one mobile network's gateway) queue on that row.
 * After a database crash (not after a clean restart) the counters start again from zero,
 * as they would after an hour anyway.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_limit set unlogged`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table rate_limit set logged`.execute(db);
}
