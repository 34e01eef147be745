/** A caption staff may give a private attachment (Signalen's `caption`, PATCH with sia_change_attachment). */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attachment').addColumn('caption', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attachment').dropColumn('caption').execute();
}
