/**
 * Core tables: the category tree with departments, sources, reports (signals) with
 * their location, notes and attachments, idempotency keys of create calls, the
 * legacy extra questions and the mail outbox.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('department')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_intern', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('can_direct', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('category')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('parent_id', 'integer', (c) => c.references('category.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('public_name', 'text')
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_public_accessible', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('description', 'text')
    .addColumn('handling', 'text', (c) => c.notNull().defaultTo('REST'))
    .addColumn('handling_message', 'text')
    .addColumn('configuration', 'jsonb')
    .addColumn('sla_n_days', 'integer')
    .addColumn('sla_use_calendar_days', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('questionnaire', 'uuid')
    .addColumn('icon', 'text')
    .execute();
  await sql`create unique index category_main_slug_idx on category (slug) where parent_id is null`.execute(db);
  await sql`create unique index category_sub_slug_idx on category (parent_id, slug) where parent_id is not null`.execute(db);

  await db.schema
    .createTable('category_department')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('category.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('department.id').onDelete('cascade'))
    .addColumn('is_responsible', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('can_view', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('category_department_pk', ['category_id', 'department_id'])
    .execute();

  await db.schema
    .createTable('source')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_public', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('can_be_selected', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('signal')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('uuid', 'uuid', (c) => c.notNull().unique())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('text_extra', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('m'))
    .addColumn('state_text', 'text')
    .addColumn('priority', 'text', (c) => c.notNull().defaultTo('normal'))
    .addColumn('type_code', 'text', (c) => c.notNull().defaultTo('SIG'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('category.id'))
    .addColumn('category_text', 'text')
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('address', 'jsonb')
    .addColumn('address_text', 'text')
    .addColumn('stadsdeel', 'text')
    .addColumn('buurt_code', 'text')
    .addColumn('area_type_code', 'text')
    .addColumn('area_code', 'text')
    .addColumn('area_name', 'text')
    .addColumn('location_extra', 'jsonb')
    .addColumn('reporter_email', 'text')
    .addColumn('reporter_phone', 'text')
    .addColumn('sharing_allowed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('reporter_state', 'text', (c) => c.notNull().defaultTo('approved'))
    .addColumn('extra_properties', 'jsonb')
    .addColumn('session_uuid', 'uuid')
    .addColumn('incident_date_start', 'timestamptz', (c) => c.notNull())
    .addColumn('incident_date_end', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('signal_geo_idx').on('signal').columns(['lng', 'lat']).execute();

  await db.schema
    .createTable('signal_note')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signal.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('attachment')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signal.id').onDelete('cascade'))
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('original_filename', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('is_image', 'boolean', (c) => c.notNull())
    .addColumn('public', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('idempotency_key')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('signal_id', 'integer', (c) => c.notNull().references('signal.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('question')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('question_set', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('field_type', 'text', (c) => c.notNull())
    .addColumn('meta', 'jsonb', (c) => c.notNull())
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addUniqueConstraint('question_set_key_unique', ['question_set', 'key'])
    .execute();

  await db.schema
    .createTable('category_question')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('category.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('question.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint('category_question_unique', ['category_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('to', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['outbox', 'category_question', 'question', 'idempotency_key', 'attachment', 'signal_note', 'signal', 'source', 'category_department', 'category', 'department']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
