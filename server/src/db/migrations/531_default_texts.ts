/**
 * Default texts ('standaardteksten', docs/reference/api.md#private): the status messages of the v2 screen
 * (title, text, active, the state they are for, the categories they apply to with a
 * position per category) and the older per-category status-message templates of the v1
 * screen. Full-text search over the status messages uses a Dutch tsvector index
 * (PostgreSQL's own text search, the same SQL on PGlite; Signalen needs Elasticsearch).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('status_message')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index status_message_search_idx on status_message using gin (to_tsvector('dutch', title || ' ' || text))`.execute(db);
  await db.schema.createIndex('status_message_state_idx').on('status_message').column('state').execute();

  await db.schema
    .createTable('status_message_category')
    .addColumn('status_message_id', 'integer', (c) => c.notNull().references('status_message.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('category.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('status_message_category_pk', ['status_message_id', 'category_id'])
    .execute();
  await db.schema.createIndex('status_message_category_category_idx').on('status_message_category').columns(['category_id', 'position']).execute();

  await db.schema
    .createTable('status_message_template')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('category.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('status_message_template_category_idx').on('status_message_template').columns(['category_id', 'state', 'position']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('status_message_template').ifExists().execute();
  await db.schema.dropTable('status_message_category').ifExists().execute();
  await db.schema.dropTable('status_message').ifExists().execute();
}
