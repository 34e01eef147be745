/**
 * The columns the back office's workflow shares between its screens: who a report is
 * assigned to, the parent of a child report (splitting), the directing departments
 * (routing departments are in 200_identity), and the report's history. The overview
 * (filters `assigned_user_email`, `kind`, `has_changed_children`,
 * `directing_department`), the detail page and the settings all read them; the
 * workflow writes them. Further workflow tables come in later 5xx migrations.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signal')
    .addColumn('assigned_user_id', 'integer', (c) => c.references('staff_user.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('signal')
    .addColumn('parent_id', 'integer', (c) => c.references('signal.id').onDelete('restrict'))
    .execute();
  await db.schema.createIndex('signal_assigned_user_idx').on('signal').column('assigned_user_id').execute();
  await sql`create index signal_parent_idx on signal (parent_id) where parent_id is not null`.execute(db);

  await db.schema
    .createTable('signal_directing_department')
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signal.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('department.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('signal_directing_department_pk', ['signal_id', 'department_id'])
    .execute();

  // The history of a report (docs/reference/api.md#private `/history`): one row per change. `who` is the
  // staff member's username, null for the system ('Signalen systeem'); `what` is the
  // contract's value (UPDATE_STATUS, CREATE_NOTE, …); `extra` holds what the entry shows.
  await db.schema
    .createTable('signal_history')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signal.id').onDelete('cascade'))
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('who', 'text')
    .addColumn('extra', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('signal_history_signal_idx').on('signal_history').columns(['signal_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signal_history').ifExists().execute();
  await db.schema.dropTable('signal_directing_department').ifExists().execute();
  await sql`drop index if exists signal_parent_idx`.execute(db);
  await db.schema.dropIndex('signal_assigned_user_idx').ifExists().execute();
  await db.schema.alterTable('signal').dropColumn('parent_id').execute();
  await db.schema.alterTable('signal').dropColumn('assigned_user_id').execute();
}
