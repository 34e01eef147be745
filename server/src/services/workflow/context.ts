/**
 * The reporter context of a report (docs/reference/api.md#private `sia:context`, docs/reference/screens.md#entities "Reporter context
 * counts"), after Signalen's `/private/signals/{id}/context`: the reporter's reports by
 * the same e-mail address (any case) — how many, how many still open, how many whose
 * latest answered survey was positive or negative — and how many reports of the same
 * subcategory lie within 50 m, made in the last four weeks.
 */
import { publicStateOf } from '@meldloket/engine';
import { sql, type Selectable } from 'kysely';
import { scopeSignals, type ScopeUser } from '../../auth/scoping.ts';
import type { Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';

export const NEAR_RADIUS_METRES = 50;
export const NEAR_WEEKS = 4;

export type ReporterCounts = {
  signal_count: number;
  open_count: number;
  positive_count: number;
  negative_count: number;
};

export type SignalContext = {
  near: { signal_count: number };
  /** null when the report has no reporter e-mail address. */
  reporter: ReporterCounts | null;
};

/** Distance in metres between two WGS84 points, in SQL (equirectangular; exact enough for 50 m). */
const metres = (lng: number, lat: number) =>
  sql<number>`sqrt(power((signal.lng - ${lng}) * cos(radians(${lat})) * 111320, 2) + power((signal.lat - ${lat}) * 110574, 2))`;

/** The reporter's reports with the satisfaction of their latest answered survey (null: none answered). */
export async function reporterSignals(db: Db, email: string) {
  return db
    .selectFrom('signal')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('feedback_request')
          .select(['signal_uuid', 'is_satisfied', 'submitted_at'])
          .distinctOn('signal_uuid')
          .where('submitted_at', 'is not', null)
          .orderBy('signal_uuid')
          .orderBy('submitted_at', 'desc')
          .as('f'),
      // feedback_request.signal_uuid is text, signal.uuid a uuid
      (join) => join.on(sql<boolean>`f.signal_uuid = signal.uuid::text`),
    )
    .selectAll('signal')
    .select(['f.is_satisfied', 'f.submitted_at as feedback_at'])
    .where(sql<string>`lower(signal.reporter_email)`, '=', email.toLowerCase())
    .orderBy('signal.created_at', 'desc')
    .orderBy('signal.id', 'desc')
    .execute();
}

export async function signalContext(db: Db, signal: Selectable<SignalTable>, now: Date): Promise<SignalContext> {
  const since = new Date(now.getTime() - NEAR_WEEKS * 7 * 24 * 60 * 60 * 1000);
  const near = await db
    .selectFrom('signal')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('signal.id', '<>', signal.id)
    .where('signal.category_id', '=', signal.category_id)
    .where('signal.created_at', '>=', since)
    .where(metres(signal.lng, signal.lat), '<=', NEAR_RADIUS_METRES)
    .executeTakeFirstOrThrow();
  let reporter: ReporterCounts | null = null;
  if (signal.reporter_email) {
    const rows = await reporterSignals(db, signal.reporter_email);
    reporter = {
      signal_count: rows.length,
      open_count: rows.filter((r) => publicStateOf(r.state) === 'OPEN').length,
      positive_count: rows.filter((r) => r.is_satisfied === true).length,
      negative_count: rows.filter((r) => r.is_satisfied === false).length,
    };
  }
  return { near: { signal_count: Number(near.n) }, reporter };
}

/** Of `ids`, those the staff member may open (department scoping, docs/reference/permissions.md#permissions-and-scoping). */
export async function visibleIds(db: Db, user: ScopeUser, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await scopeSignals(db.selectFrom('signal').select('signal.id').where('signal.id', 'in', ids), user).execute();
  return new Set(rows.map((r) => r.id));
}
