/**
 * One report by id for a private route about that report (its attachments, pdf,
 * children, nearby reports): 404 for an unknown id (Django's message), 403 when
 * department scoping (contract §13) hides it — the detail endpoint's rule.
 */
import type { Selectable } from 'kysely';
import { maySeeSignal, type ScopeUser } from '../../auth/scoping.ts';
import type { Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';
import { ApiError, NO_SIGNAL } from '../../http/api-error.ts';

export const FORBIDDEN = 'Je hebt geen toestemming om deze actie uit te voeren.';

export async function visibleSignal(db: Db, user: ScopeUser, id: number): Promise<Selectable<SignalTable>> {
  const row = await db.selectFrom('signal').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw ApiError.detail(404, NO_SIGNAL);
  if (!(await maySeeSignal(db, user, id))) throw ApiError.detail(403, FORBIDDEN);
  return row;
}

/** Path parameter `id` of a report (a malformed or out-of-range id is a 404, as everywhere). */
export const signalIdParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } }, required: ['id'] } as const;
