/**
 * Tables of the follow-up flows that reach a reporter by e-mail: questionnaire
 * sessions (reply form, docs/reference/api.md#questionnaires), e-mail verification tokens (docs/reference/api.md#verify-email) and the
 * satisfaction survey (kto). Signals are referenced by their public uuid.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('qa_questionnaire')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('uuid', 'uuid', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('flow', 'text', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('qa_question')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('uuid', 'uuid', (c) => c.notNull().unique())
    .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('qa_questionnaire.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('analysis_key', 'text')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('short_label', 'text', (c) => c.notNull())
    .addColumn('field_type', 'text', (c) => c.notNull())
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('multiple_answers_allowed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('qa_session')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('uuid', 'uuid', (c) => c.notNull().unique())
    .addColumn('questionnaire_id', 'integer', (c) => c.notNull().references('qa_questionnaire.id').onDelete('cascade'))
    .addColumn('signal_uuid', 'text')
    .addColumn('started_at', 'timestamptz')
    .addColumn('submit_before', 'timestamptz')
    .addColumn('duration_seconds', 'integer')
    .addColumn('frozen', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('invalidated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('explanation', 'jsonb')
    .addColumn('signal_snapshot', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('qa_session_signal_idx').on('qa_session').column('signal_uuid').execute();

  await db.schema
    .createTable('qa_answer')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('session_id', 'integer', (c) => c.notNull().references('qa_session.id').onDelete('cascade'))
    .addColumn('question_id', 'integer', (c) => c.notNull().references('qa_question.id').onDelete('cascade'))
    .addColumn('payload', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('qa_answer_session_idx').on('qa_answer').column('session_id').execute();

  await db.schema
    .createTable('reporter_email_verification')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('signal_uuid', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('previous_email', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('verified_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('feedback_request')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('uuid', 'uuid', (c) => c.notNull().unique())
    .addColumn('signal_uuid', 'text', (c) => c.notNull())
    .addColumn('submit_before', 'timestamptz', (c) => c.notNull())
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('satisfaction', 'text')
    .addColumn('is_satisfied', 'boolean')
    .addColumn('allows_contact', 'boolean')
    .addColumn('text_list', 'jsonb')
    .addColumn('text_extra', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('feedback_request_signal_idx').on('feedback_request').column('signal_uuid').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['feedback_request', 'reporter_email_verification', 'qa_answer', 'qa_session', 'qa_question', 'qa_questionnaire']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
