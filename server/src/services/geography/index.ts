/**
 * The public geography of open reports (docs/reference/api.md#geography): which rows a page of
 * `GET /signals/v1/public/signals/geography` holds, counted and paged in SQL so a
 * page reads at most one page of rows.
 */
import type { Db } from '../../db/index.ts';

/** States whose reports the public map never shows. */
export const HIDDEN_STATES = ['o', 'done external', 'a', 's', 'reopen requested'];

export interface PublicGeographyFilter {
  /** west, south, east, north (WGS84). */
  box?: readonly [number, number, number, number];
  /** An exact point. */
  point?: { lon: number; lat: number };
  mainSlugs?: readonly string[];
  subSlugs?: readonly string[];
  /** One report per sub-category: its first (oldest) one. */
  groupByCategory?: boolean;
}

export interface PublicGeographyRow {
  id: number;
  lng: number;
  lat: number;
  created_at: Date | string;
  name: string;
  public_name: string | null;
  slug: string;
  main_name: string;
  main_public_name: string | null;
  main_slug: string;
}

/** The open reports in public categories that match `filter`, with their category (a query to page or read whole). */
export function openPublicReports(db: Db, filter: PublicGeographyFilter) {
  let query = db
    .selectFrom('signal as s')
    .innerJoin('category as sub', 'sub.id', 's.category_id')
    .innerJoin('category as main', 'main.id', 'sub.parent_id')
    .select(['s.id', 's.lng', 's.lat', 's.created_at', 'sub.name', 'sub.public_name', 'sub.slug', 'main.name as main_name', 'main.public_name as main_public_name', 'main.slug as main_slug'])
    .where('s.state', 'not in', HIDDEN_STATES)
    .where('sub.is_public_accessible', '=', true);
  const { box, point } = filter;
  if (box) query = query.where('s.lng', '>=', box[0]).where('s.lng', '<=', box[2]).where('s.lat', '>=', box[1]).where('s.lat', '<=', box[3]);
  if (point) query = query.where('s.lng', '=', point.lon).where('s.lat', '=', point.lat);
  if (filter.mainSlugs?.length) query = query.where('main.slug', 'in', filter.mainSlugs);
  if (filter.subSlugs?.length) query = query.where('sub.slug', 'in', filter.subSlugs);
  return query;
}

/**
 * One page (1-based) of open reports in public categories, ordered west to east, then
 * south to north, then by id; with the number of all matching reports. A page past the
 * end reads no rows.
 */
export async function publicGeography(db: Db, filter: PublicGeographyFilter, page: number, pageSize: number): Promise<{ count: number; rows: PublicGeographyRow[] }> {
  let query = openPublicReports(db, filter);
  if (filter.groupByCategory) query = query.distinctOn('sub.id').orderBy('sub.id').orderBy('s.created_at').orderBy('s.id');

  const matching = query.as('r');
  const counted = await db
    .selectFrom(matching)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  const count = Number(counted.count);
  const offset = (page - 1) * pageSize;
  if (offset >= count) return { count, rows: [] };
  const rows = await db.selectFrom(matching).selectAll().orderBy('r.lng').orderBy('r.lat').orderBy('r.id').limit(pageSize).offset(offset).execute();
  return { count, rows: rows as PublicGeographyRow[] };
}
