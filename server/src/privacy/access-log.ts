/** Who saw whose data (issue 36): records each showing of a reporter's contact details. */
import type { Db } from '../db/index.ts';

export type ContactAccessVia = 'detail' | 'export';

/** Logs that `username` was shown the contact details of `signalIds` (those that have any) via `via`. */
export async function logContactAccess(db: Db, username: string, signalIds: number[], via: ContactAccessVia, at: Date): Promise<void> {
  if (signalIds.length === 0) return;
  await db.insertInto('contact_access').values(signalIds.map((signal_id) => ({ signal_id, username, via, created_at: at }))).execute();
}
