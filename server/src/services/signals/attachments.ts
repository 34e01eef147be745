/**
 * A resident's attachment to a stored report (docs/reference/api.md#attachments): whether the report takes
 * uploads now, the cap on attachments per report, and storing the file together with
 * its row. The report's row is locked for the count, so parallel uploads cannot pass
 * the cap together; the file is written inside the transaction and removed again
 * when the transaction does not commit, so no file is left without its row.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { AttachmentTable, SignalTable } from '../../db/tables.ts';
import { invalid, invalidField } from '../../domain/errors.ts';
import type { Storage } from '../../plugins/storage.ts';

const UPLOAD_STATES = new Set(['m', 'reaction requested', 'o']);
const FEEDBACK_DAYS = 14;

export const tooManyAttachments = (max: number) => `Deze melding heeft al het maximale aantal bijlagen (${max}).`;

export interface NewAttachment {
  filename: string;
  data: Buffer;
  mimeType: string;
  size: number;
}

export interface AttachmentContext {
  db: Db;
  storage: Storage;
  maxAttachmentsPerReport: number;
  now: () => Date;
}

/** Refuses an upload the report does not take now (state, survey window). */
async function checkAcceptsUploads(ctx: AttachmentContext, signal: Selectable<SignalTable>): Promise<void> {
  if (!UPLOAD_STATES.has(signal.state)) throw invalid(['Public uploads not allowed in current signal state.']);
  if (signal.state === 'o') {
    const since = new Date(ctx.now().getTime() - FEEDBACK_DAYS * 24 * 3600 * 1000);
    const open = await ctx.db
      .selectFrom('feedback_request')
      .select('id')
      .where('signal_uuid', '=', signal.uuid)
      .where('submitted_at', 'is', null)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    if (!open) throw invalid(['No feedback expected for this signal hence no uploads allowed.']);
  }
}

export async function addPublicAttachment(ctx: AttachmentContext, signal: Selectable<SignalTable>, file: NewAttachment): Promise<Selectable<AttachmentTable>> {
  await checkAcceptsUploads(ctx, signal);
  let written: string | undefined;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      await trx.selectFrom('signal').select('id').where('id', '=', signal.id).forUpdate().executeTakeFirst();
      const { count } = await trx.selectFrom('attachment').select((eb) => eb.fn.countAll<string>().as('count')).where('signal_id', '=', signal.id).executeTakeFirstOrThrow();
      if (Number(count) >= ctx.maxAttachmentsPerReport) throw invalidField('file', tooManyAttachments(ctx.maxAttachmentsPerReport));
      const stored = await ctx.storage.save('attachments', file.filename, file.data);
      written = stored.relativePath;
      const attachment = await trx
        .insertInto('attachment')
        .values({
          signal_id: signal.id,
          file_path: stored.relativePath,
          original_filename: file.filename,
          mime_type: file.mimeType,
          size: file.size,
          is_image: file.mimeType.startsWith('image/'),
          public: true,
          created_by: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('signal_note').values({ signal_id: signal.id, text: `Bijlage toegevoegd door melder: ${file.filename}`, created_by: null }).execute();
      await trx.updateTable('signal').set({ updated_at: sql<Date>`now()` }).where('id', '=', signal.id).execute();
      return attachment;
    });
  } catch (error) {
    if (written) await ctx.storage.remove(written);
    throw error;
  }
}
