/**
 * A report's attachments as the back office handles them (routes/private/attachments.ts): the
 * list, one attachment, a staff upload and a deletion (each leaving a note on the report), and a
 * change of `public`/`caption`. The files themselves are the caller's (app.storage).
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AttachmentTable } from '../../db/tables.ts';
import { notFound } from '../../domain/errors.ts';

export type AttachmentRow = Selectable<AttachmentTable>;

const NO_ATTACHMENT = 'No Attachment matches the given query.';

/** A report's attachments, oldest first. */
export const attachmentsOf = (db: Db, signalId: number): Promise<AttachmentRow[]> =>
  db.selectFrom('attachment').selectAll().where('signal_id', '=', signalId).orderBy('created_at').orderBy('id').execute();

/** Whether a report has any attachment. */
export const hasAttachment = async (db: Db, signalId: number): Promise<boolean> =>
  (await db.selectFrom('attachment').select('id').where('signal_id', '=', signalId).executeTakeFirst()) !== undefined;

/** One attachment of a report; 404 when the report has no such attachment. */
export async function findAttachment(db: Db, signalId: number, id: number): Promise<AttachmentRow> {
  const row = await db.selectFrom('attachment').selectAll().where('id', '=', id).where('signal_id', '=', signalId).executeTakeFirst();
  if (!row) throw notFound(NO_ATTACHMENT);
  return row;
}

/** Stores the row of an uploaded file (already saved at `filePath`) with a note on the report. */
export function addStaffAttachment(
  db: Db,
  signalId: number,
  file: { filePath: string; filename: string; mimeType: string; size: number },
  username: string,
): Promise<AttachmentRow> {
  return db.transaction().execute(async (trx) => {
    const attachment = await trx
      .insertInto('attachment')
      .values({ signal_id: signalId, file_path: file.filePath, original_filename: file.filename, mime_type: file.mimeType, size: file.size, is_image: file.mimeType.startsWith('image/'), public: false, created_by: username })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('signal_note').values({ signal_id: signalId, text: `Bijlage toegevoegd: ${file.filename}`, created_by: username }).execute();
    await trx.updateTable('signal').set({ updated_at: sql<Date>`now()` }).where('id', '=', signalId).execute();
    return attachment;
  });
}

/** Sets `public` and/or `caption` of an attachment (nothing given: unchanged). */
export async function changeAttachment(db: Db, current: AttachmentRow, changes: { public?: boolean; caption?: string | null }): Promise<AttachmentRow> {
  if (Object.keys(changes).length === 0) return current;
  return db.updateTable('attachment').set(changes).where('id', '=', current.id).returningAll().executeTakeFirstOrThrow();
}

/** Deletes an attachment's row with a note on the report; 404 when it was gone already. */
export async function deleteStaffAttachment(db: Db, signalId: number, attachment: AttachmentRow, username: string): Promise<void> {
  const deleted = await db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('attachment').where('id', '=', attachment.id).returning('id').executeTakeFirst();
    if (!row) return false;
    await trx.insertInto('signal_note').values({ signal_id: signalId, text: `Bijlage ${attachment.original_filename} is verwijderd.`, created_by: username }).execute();
    await trx.updateTable('signal').set({ updated_at: sql<Date>`now()` }).where('id', '=', signalId).execute();
    return true;
  });
  if (!deleted) throw notFound(NO_ATTACHMENT);
}
