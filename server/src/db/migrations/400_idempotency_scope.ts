/**
 * An Idempotency-Key is scoped to the client that made it and to its request: the
 * key is unique per client (address), and the hash of the request body is kept, so
 * the same key with another body is refused (422) and a guessed key never hands out
 * another reporter's report.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_key').addColumn('client', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('idempotency_key').addColumn('request_hash', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`alter table idempotency_key drop constraint idempotency_key_pkey`.execute(db);
  await sql`alter table idempotency_key add primary key (client, key)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_key drop constraint idempotency_key_pkey`.execute(db);
  await db.schema.alterTable('idempotency_key').dropColumn('request_hash').execute();
  await db.schema.alterTable('idempotency_key').dropColumn('client').execute();
  await sql`alter table idempotency_key add primary key (key)`.execute(db);
}
