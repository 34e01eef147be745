/**
 * Reports as a private route about one report reads them (its attachments, pdf, children,
 * nearby reports): 404 for an unknown id (Django's message), 403 when department scoping
 * (docs/reference/permissions.md#permissions-and-scoping) hides it — the detail endpoint's rule — and the small reads around it.
 */
import type { Selectable } from 'kysely';
import { maySeeSignal, scopeSignals, type ScopeUser } from '../../auth/scoping.ts';
import type { Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';
import { notFound, forbidden, NO_SIGNAL } from '../../domain/errors.ts';
import { AUTH_MESSAGES } from '../../auth/verify.ts';

/** The report `id` if `user` may see it; 404 or 403 otherwise. */
export async function visibleSignal(db: Db, user: ScopeUser, id: number): Promise<Selectable<SignalTable>> {
  const row = await db.selectFrom('signal').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(NO_SIGNAL);
  if (!(await maySeeSignal(db, user, id))) throw forbidden(AUTH_MESSAGES.forbidden);
  return row;
}

/** A report by id (one the caller has checked exists). */
export const signalById = (db: Db, id: number): Promise<Selectable<SignalTable>> => db.selectFrom('signal').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Whether a report is a parent (has child reports). */
export const hasChildren = async (db: Db, signalId: number): Promise<boolean> =>
  (await db.selectFrom('signal').select('id').where('parent_id', '=', signalId).executeTakeFirst()) !== undefined;

/** The ids of a report's children that `user` may see, in order. */
export async function visibleChildIds(db: Db, user: ScopeUser, parentId: number): Promise<number[]> {
  const rows = await scopeSignals(db.selectFrom('signal').select('signal.id').where('signal.parent_id', '=', parentId).orderBy('signal.id'), user).execute();
  return rows.map((row) => row.id);
}
