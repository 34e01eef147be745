/**
 * The follow-up flows' view of stored reports: the `signal` and `attachment`
 * tables of the core migration, read and updated through Kysely.
 */
import { UUID_RE } from '../domain/ids.ts';
import type { Kysely, Selectable } from 'kysely';
import type { CoreTables, SignalTable } from '../db/tables.ts';
import type { FollowupSignal, SignalPort } from './ports.ts';

type Db = Kysely<Pick<CoreTables, 'signal' | 'attachment' | 'signal_note'>>;

export interface SignalStoreOptions {
  /** Root-relative URL of a stored attachment (the storage plugin's urlPath). */
  urlPath: (relativePath: string) => string;
  /** The status change as the system makes it (the app: the workflow); without it the row is just updated. */
  setState?: SignalPort['setState'];
}

export function createSignalPort(db: Db, options: SignalStoreOptions): SignalPort {
  async function toFollowup(row: Selectable<SignalTable>): Promise<FollowupSignal> {
    const attachments = await db
      .selectFrom('attachment')
      .select(['file_path', 'original_filename', 'created_at', 'is_image'])
      .where('signal_id', '=', row.id)
      .where('public', '=', true)
      .orderBy('id')
      .execute();
    return {
      uuid: row.uuid,
      id: row.id,
      display: `SIG-${row.id}`,
      text: row.text,
      state: row.state,
      createdAt: new Date(row.created_at),
      reporterEmail: row.reporter_email,
      location: { lat: row.lat, lng: row.lng, addressText: row.address_text, address: row.address, stadsdeel: row.stadsdeel },
      attachments: attachments.map((a) => ({ url: options.urlPath(a.file_path), filename: a.original_filename, createdAt: new Date(a.created_at), isImage: a.is_image })),
    };
  }

  return {
    async get(uuid) {
      if (!UUID_RE.test(uuid)) return null;
      const row = await db.selectFrom('signal').selectAll().where('uuid', '=', uuid.toLowerCase()).executeTakeFirst();
      return row ? toFollowup(row) : null;
    },
    async listRecent(limit) {
      const rows = await db.selectFrom('signal').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return Promise.all(rows.map(toFollowup));
    },
    async setState(uuid, state, text, session) {
      if (options.setState) return options.setState(uuid, state, text, session);
      await db.updateTable('signal').set({ state, state_text: text, updated_at: new Date() }).where('uuid', '=', uuid).execute();
    },
    async setReporterEmail(uuid, email) {
      await db.updateTable('signal').set({ reporter_email: email, updated_at: new Date() }).where('uuid', '=', uuid).execute();
    },
    async addNote(uuid, text) {
      const row = await db.selectFrom('signal').select('id').where('uuid', '=', uuid).executeTakeFirst();
      if (row) await db.insertInto('signal_note').values({ signal_id: row.id, text, created_by: null }).execute();
    },
    async addAttachment(uuid, file) {
      const row = await db.selectFrom('signal').select('id').where('uuid', '=', uuid).executeTakeFirst();
      if (!row) return;
      await db
        .insertInto('attachment')
        .values({ signal_id: row.id, file_path: file.filePath, original_filename: file.filename, mime_type: file.mimeType, size: file.size, is_image: true, public: true, created_by: null })
        .execute();
      await db.insertInto('signal_note').values({ signal_id: row.id, text: `Bijlage toegevoegd door melder: ${file.filename}`, created_by: null }).execute();
    },
  };
}
