/**
 * Reports near a report (docs/back-office-incident.md, beyond Signalen): other open reports in the same
 * subcategory within 50 m, filed in the last 30 days, that the staff member may see and
 * that are not part of a split yet (neither parent nor child) — candidates to link as
 * children of this one (`linkChildren`). Distance and box: `withinMetres`.
 */
import { sql, type SqlBool } from 'kysely';
import { END_STATES } from '@meldloket/engine';
import { scopeSignals, type ScopeUser } from '../../auth/scoping.ts';
import type { Db } from '../../db/index.ts';
import { isParentSql } from './index.ts';

export const NEARBY_METRES = 50;
export const NEARBY_DAYS = 30;
const EARTH_RADIUS = 6371008.8;
const METRES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS;

export interface NearbyReport {
  id: number;
  text: string;
  state: string;
  created_at: Date;
  address_text: string | null;
  lng: number;
  lat: number;
  category_id: number;
  distance: number;
}

/**
 * The reports within `metres` of a point and the distance to it (one definition for both nearby
 * queries): a bounding box on lat/lng first — on `signal_nearby_idx` (category, lat, lng), migration
 * 885 — then the haversine distance on the WGS84 points, in plain SQL (PostgreSQL and PGlite alike).
 */
export function withinMetres(at: { lng: number; lat: number }, metres: number) {
  const dLat = metres / METRES_PER_DEGREE;
  const dLng = metres / (METRES_PER_DEGREE * Math.cos((at.lat * Math.PI) / 180));
  const distance = sql<number>`(2 * ${EARTH_RADIUS}::float8 * asin(sqrt(
      power(sin(radians(signal.lat - ${at.lat}::float8) / 2), 2)
      + cos(radians(${at.lat}::float8)) * cos(radians(signal.lat)) * power(sin(radians(signal.lng - ${at.lng}::float8) / 2), 2))))`;
  const box = sql<SqlBool>`signal.lat between ${at.lat - dLat}::float8 and ${at.lat + dLat}::float8 and signal.lng between ${at.lng - dLng}::float8 and ${at.lng + dLng}::float8`;
  return { distance, where: sql<SqlBool>`(${box} and ${distance} <= ${metres}::float8)` };
}

const since = (now: Date) => new Date(now.getTime() - NEARBY_DAYS * 24 * 3600 * 1000);

export async function nearbyReports(
  db: Db,
  user: ScopeUser,
  of: { id: number; lng: number; lat: number; category_id: number },
  now: Date,
): Promise<NearbyReport[]> {
  const near = withinMetres(of, NEARBY_METRES);
  const rows = await scopeSignals(
    db
      .selectFrom('signal')
      .select(['signal.id', 'signal.text', 'signal.state', 'signal.created_at', 'signal.address_text', 'signal.lng', 'signal.lat', 'signal.category_id'])
      .select(near.distance.as('distance'))
      .where('signal.id', '!=', of.id)
      .where('signal.category_id', '=', of.category_id)
      .where('signal.state', 'not in', [...END_STATES])
      .where('signal.created_at', '>=', since(now))
      .where('signal.parent_id', 'is', null)
      .where(near.where)
      .where(sql<SqlBool>`not ${isParentSql('signal')}`)
      .orderBy(near.distance)
      .orderBy('signal.id'),
    user,
  ).execute();
  return rows.map((r) => ({ ...r, distance: Number(r.distance) }));
}

/** An open report near a point as a resident may see it (docs/duplicates.md): no text, no reporter data. */
export interface PublicNearbyReport {
  id: number;
  state: string;
  created_at: Date;
  lng: number;
  lat: number;
  distance: number;
}

/**
 * 'Is dit hetzelfde probleem?' (docs/duplicates.md): the open reports of subcategory
 * `category` within its radius (`nearby_radius`, a setting of the category) of a point, of the last
 * NEARBY_DAYS, that the public map may show (a publicly shown category, a state the map shows) and
 * that can be followed (no child report), nearest first (the newest first at one distance), at most `limit`.
 */
export async function publicNearbyReports(db: Db, at: { lng: number; lat: number }, category: { id: number; nearby_radius: number }, hidden: readonly string[], now: Date, limit = 10): Promise<PublicNearbyReport[]> {
  const rows = await publicNearbyQuery(db, at, category, hidden, now, limit).execute();
  return rows.map((r) => ({ ...r, distance: Number(r.distance) }));
}

/** The statement of `publicNearbyReports` (the bench explains it: tests/bench/manage-nearby.ts). */
export function publicNearbyQuery(db: Db, at: { lng: number; lat: number }, category: { id: number; nearby_radius: number }, hidden: readonly string[], now: Date, limit = 10) {
  const near = withinMetres(at, category.nearby_radius);
  return db
    .selectFrom('signal')
    .innerJoin('category', 'category.id', 'signal.category_id')
    .select(['signal.id', 'signal.state', 'signal.created_at', 'signal.lng', 'signal.lat'])
    .select(near.distance.as('distance'))
    .where('signal.category_id', '=', category.id)
    .where('category.is_public_accessible', '=', true)
    .where('signal.state', 'not in', [...hidden])
    .where('signal.created_at', '>=', since(now))
    .where('signal.parent_id', 'is', null)
    .where(near.where)
    .orderBy(near.distance)
    .orderBy('signal.id', 'desc')
    .limit(limit);
}
