/**
 * Saved filters of the overview (docs/reference/api.md#private `/private/me/filters/`, docs/overview.md): a staff
 * member's named set of list filters (`options`, the list's parameters), whether the list
 * refreshes itself under it (`refresh`) and whether it is a tab on the overview
 * (`show_on_overview`). Gone with the user.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stored_signal_filter')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('staff_user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('refresh', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('show_on_overview', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('stored_signal_filter_user_idx').on('stored_signal_filter').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stored_signal_filter').ifExists().execute();
}
