/** Mails with an HTML part next to the plain text (the confirmation of a new report). */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('html', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('html').execute();
}
