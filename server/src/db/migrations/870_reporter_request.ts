/**
 * A reporter's rights (docs/privacy.md): one row per action a staff member took on
 * everything held about one reporter — a search, an export, an anonymisation or an erasure —
 * with who, when, what and the reports it concerned. It holds no address or number: only
 * whether the reporter was found by e-mail address or by phone number.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reporter_request')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    /** 'search' | 'export_json' | 'export_pdf' | 'anonymise' | 'erase' */
    .addColumn('action', 'text', (c) => c.notNull())
    /** 'email' | 'phone' */
    .addColumn('key_kind', 'text', (c) => c.notNull())
    /** The report numbers concerned, as a JSON array. */
    .addColumn('signal_ids', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reporter_request_created_idx').on('reporter_request').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reporter_request').ifExists().execute();
}
