/**
 * Outgoing mail is retried with backoff when SMTP fails, never dropped: the number of
 * attempts so far and when the next may start. `next_attempt_at` is also the lease of
 * the process that is sending the mail, so two processes never send it twice.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('outbox').addColumn('next_attempt_at', 'timestamptz').execute();
  // Mail that failed before this migration was given up on; it is tried again now.
  await sql`update outbox set next_attempt_at = now() where sent_at is null`.execute(db);
  await sql`create index outbox_pending_idx on outbox (next_attempt_at) where sent_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists outbox_pending_idx`.execute(db);
  await db.schema.alterTable('outbox').dropColumn('next_attempt_at').execute();
  await db.schema.alterTable('outbox').dropColumn('attempts').execute();
}
