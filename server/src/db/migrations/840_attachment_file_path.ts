/** /signals/media/… looks a file up by its key to refuse staff-only attachments (docs/security.md): an index on it. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('attachment_file_path_idx').on('attachment').column('file_path').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attachment_file_path_idx').execute();
}
