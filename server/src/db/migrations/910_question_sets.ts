/**
 * The question-set studio (docs/studio-api.md): every published version of a question set (who,
 * when, the document; never changed or removed, so a wizard in progress can ask for the version it started
 * with) and one draft per set, kept as the text the author typed. A version number is unique per set: two
 * authors publishing at once cannot both get the same one.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('question_set_version')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    // json, not jsonb: jsonb reorders an object's keys (shortest first), and a question's answers are an object
    // whose order is the order residents see them in
    .addColumn('document', 'json', (c) => c.notNull())
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addColumn('note', 'text')
    /** For a version published from a bundled file (question-sets/NAME.json): the hash of that file's document. */
    .addColumn('source_hash', 'text')
    .addUniqueConstraint('question_set_version_unique', ['name', 'version'])
    .execute();
  await db.schema
    .createTable('question_set_draft')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    /** The published version the draft started from (null: the set had none). */
    .addColumn('based_on', 'integer')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('question_set_draft').ifExists().execute();
  await db.schema.dropTable('question_set_version').ifExists().execute();
}
