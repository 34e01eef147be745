/**
 * One problem, many reporters (docs/duplicates.md): the people who follow a report besides its
 * reporter, and which reports were merged into which. See docs/duplicates.md.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signal_follower')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signal.id').onDelete('cascade'))
    /** The report they came from: the one they followed, or the duplicate they reported. */
    .addColumn('origin_signal_id', 'integer', (c) => c.notNull())
    /** 'follower' (chose to follow) | 'reporter' (reported a duplicate that was merged) */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull())
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('verify_token_hash', 'text')
    .addColumn('verify_expires_at', 'timestamptz')
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signal_follower_address_idx').on('signal_follower').columns(['signal_id', 'email_lower']).unique().execute();
  await db.schema.createIndex('signal_follower_origin_idx').on('signal_follower').columns(['origin_signal_id']).execute();
  await sql`create index signal_follower_verify_idx on signal_follower (verify_token_hash) where verify_token_hash is not null`.execute(db);

  await db.schema
    .createTable('signal_merge')
    /** A report is merged into at most one main report. */
    .addColumn('duplicate_id', 'integer', (c) => c.primaryKey().references('signal.id').onDelete('cascade'))
    .addColumn('main_id', 'integer', (c) => c.notNull().references('signal.id').onDelete('cascade'))
    .addColumn('previous_state', 'text', (c) => c.notNull())
    .addColumn('previous_state_text', 'text')
    .addColumn('merged_by', 'text', (c) => c.notNull())
    .addColumn('merged_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('signal_merge_main_idx').on('signal_merge').columns(['main_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signal_merge').ifExists().execute();
  await db.schema.dropTable('signal_follower').ifExists().execute();
}
