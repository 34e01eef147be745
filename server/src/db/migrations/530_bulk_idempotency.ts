/**
 * The staff bulk create (docs/reference/api.md#staff-create: an array of up to 10 reports, or of child
 * reports of one parent) replays under its Idempotency-Key like the single create:
 * the key's row points at the first report and `batch` lists every report the call
 * stored, in the order of the request.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_key').addColumn('batch', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_key').dropColumn('batch').execute();
}
