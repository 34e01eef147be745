/**
 * Who saw whose data (docs/privacy.md): one row each time the server hands a staff
 * member a reporter's contact details or the reporter's other reports. Every place that does
 * so logs here, naming itself by one of `CONTACT_ACCESS_VIA`.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ContactAccessVia } from './access-via.ts';

export { CONTACT_ACCESS_VIA, type ContactAccessVia } from './access-via.ts';

/** Logs that `username` was shown the contact details of `signalIds` (those that have any) via `via`. */
export async function logContactAccess(db: Db, username: string, signalIds: number[], via: ContactAccessVia, at: Date): Promise<void> {
  if (signalIds.length === 0) return;
  // One array parameter, not four per row: a CSV export logs each batch of its rows here.
  const ids = [...new Set(signalIds)];
  await sql`insert into contact_access (signal_id, username, via, created_at) select unnest(${ids}::integer[]), ${username}, ${via}, ${at}`.execute(db);
}

export interface ContactAccessQuery {
  signalId?: number;
  username?: string;
  page: number;
  pageSize: number;
}

/** One page of the log, newest first, with the number of entries that match. */
export async function listContactAccess(db: Db, q: ContactAccessQuery) {
  let query = db.selectFrom('contact_access');
  if (q.signalId !== undefined) query = query.where('signal_id', '=', q.signalId);
  if (q.username !== undefined) query = query.where((eb) => eb(eb.fn('lower', ['username']), '=', q.username!.toLowerCase()));
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    query.selectAll().orderBy('id', 'desc').limit(q.pageSize).offset((q.page - 1) * q.pageSize).execute(),
  ]);
  return { count: Number(count), rows };
}
