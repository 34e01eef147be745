/**
 * The external party's personal link (docs/my-incidents.md, 'forward to external'): one row per
 * forward, holding the SHA-256 of the link's token (never the token itself), the party's
 * address and the handler's request, when it runs out and when it was used (once).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('external_link')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signal.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('external_link_signal_idx').on('external_link').column('signal_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('external_link').ifExists().execute();
}
