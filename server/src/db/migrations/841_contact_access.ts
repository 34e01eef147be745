/**
 * Who saw whose data (docs/privacy.md): one row per time a staff member was shown a reporter's
 * contact details — the report's detail, a CSV export with the contact columns.
 * No foreign key: the log outlives a deleted report (it names only the number).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_access')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('signal_id', 'integer', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    /** 'detail' | 'export' */
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_access_signal_idx').on('contact_access').columns(['signal_id', 'id']).execute();
  await db.schema.createIndex('contact_access_user_idx').on('contact_access').columns(['username', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_access').ifExists().execute();
}
