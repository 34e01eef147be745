/**
 * Reports near a report (issue 16, beyond Signalen): other open reports in the same
 * subcategory within 50 m, filed in the last 30 days, that the staff member may see and
 * that are not part of a split yet (neither parent nor child) — candidates to link as
 * children of this one (`linkChildren`). Distance: haversine on the WGS84 points, in
 * plain SQL (PostgreSQL and PGlite alike), after a bounding-box prefilter.
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

export async function nearbyReports(
  db: Db,
  user: ScopeUser,
  of: { id: number; lng: number; lat: number; category_id: number },
  now: Date,
): Promise<NearbyReport[]> {
  const dLat = NEARBY_METRES / METRES_PER_DEGREE;
  const dLng = NEARBY_METRES / (METRES_PER_DEGREE * Math.cos((of.lat * Math.PI) / 180));
  const since = new Date(now.getTime() - NEARBY_DAYS * 24 * 3600 * 1000);
  const distance = sql<number>`(2 * ${EARTH_RADIUS}::float8 * asin(sqrt(
      power(sin(radians(signal.lat - ${of.lat}::float8) / 2), 2)
      + cos(radians(${of.lat}::float8)) * cos(radians(signal.lat)) * power(sin(radians(signal.lng - ${of.lng}::float8) / 2), 2))))`;
  const rows = await scopeSignals(
    db
      .selectFrom('signal')
      .select(['signal.id', 'signal.text', 'signal.state', 'signal.created_at', 'signal.address_text', 'signal.lng', 'signal.lat', 'signal.category_id'])
      .select(distance.as('distance'))
      .where('signal.id', '!=', of.id)
      .where('signal.category_id', '=', of.category_id)
      .where('signal.state', 'not in', [...END_STATES])
      .where('signal.created_at', '>=', since)
      .where('signal.lat', '>=', of.lat - dLat)
      .where('signal.lat', '<=', of.lat + dLat)
      .where('signal.lng', '>=', of.lng - dLng)
      .where('signal.lng', '<=', of.lng + dLng)
      .where('signal.parent_id', 'is', null)
      .where(sql<SqlBool>`not ${isParentSql('signal')}`)
      .where(distance, '<=', NEARBY_METRES)
      .orderBy(distance)
      .orderBy('signal.id'),
    user,
  ).execute();
  return rows.map((r) => ({ ...r, distance: Number(r.distance) }));
}
