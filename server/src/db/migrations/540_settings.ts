/**
 * Settings (docs/settings.md): the SLA records of a category (docs/reference/api.md#private `new_sla` creates
 * one; `category.sla_n_days`/`sla_use_calendar_days` stay the current values, which the
 * overview's punctuality reads) and the change history of the settings: one row per
 * change of a category, user, department or role, shown by `/history`.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('category_sla')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('category.id').onDelete('cascade'))
    .addColumn('n_days', 'integer', (c) => c.notNull())
    .addColumn('use_calendar_days', 'boolean', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('category_sla_category_idx').on('category_sla').columns(['category_id', 'id']).execute();
  // An installation that already has categories keeps their SLA as the first record.
  await sql`insert into category_sla (category_id, n_days, use_calendar_days)
            select id, sla_n_days, sla_use_calendar_days from category where sla_n_days is not null`.execute(db);

  await db.schema
    .createTable('settings_history')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    /** 'category' | 'user' | 'department' | 'role' */
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('who', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('settings_history_object_idx').on('settings_history').columns(['model', 'object_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('settings_history').ifExists().execute();
  await db.schema.dropTable('category_sla').ifExists().execute();
}
