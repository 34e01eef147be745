/**
 * Privacy (docs/privacy.md): what the retention job leaves behind and how its processes agree.
 * - `signal_deletion`: one row per report the retention rule deleted — its number, category,
 *   end state and dates and the rule that deleted it, no personal data (docs/privacy.md);
 * - `privacy_run`: one row per day the daily job ran; the process that inserts the day runs it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signal_deletion')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    /** The report's number (its id) as staff knew it. */
    .addColumn('signal_id', 'integer', (c) => c.notNull().unique())
    .addColumn('category_slug', 'text', (c) => c.notNull())
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('signal_created_at', 'timestamptz', (c) => c.notNull())
    /** When the report entered the end state the rule counts from. */
    .addColumn('ended_at', 'timestamptz', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull())
    /** What deleted it, e.g. 'bewaartermijn: Geannuleerd na 1 jaar'. */
    .addColumn('rule', 'text', (c) => c.notNull())
    /** null: the system's retention job. */
    .addColumn('deleted_by', 'text')
    .execute();
  await db.schema.createIndex('signal_deletion_deleted_idx').on('signal_deletion').columns(['deleted_at', 'id']).execute();

  await db.schema
    .createTable('privacy_run')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('anonymised', 'integer')
    .addColumn('deleted', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('privacy_run').ifExists().execute();
  await db.schema.dropTable('signal_deletion').ifExists().execute();
}
