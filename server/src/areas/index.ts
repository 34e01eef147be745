/**
 * Areas (docs/routing.md): area types (stadsdeel, buurt, or a municipality's own)
 * and their polygons, kept in the database (migration 860) and looked up in memory.
 *
 * Every report, from every channel, gets its areas from its point when it is stored and when
 * its location changes (`locate`): every area that holds the point is linked in `signal_area`
 * (the list's `area_code` / `area_type_code` filters), the `stadsdeel` area's code is the
 * report's `stadsdeel`, the `buurt` area's its `buurt_code` and `area_*`.
 *
 * Point-in-polygon is `@turf/boolean-point-in-polygon` over a `flatbush` index of the areas'
 * boxes: a lookup tests only the few polygons whose box holds the point (microseconds for a
 * city's few hundred areas). The index is built once per process and dropped when any process
 * writes the areas (change notices, plugins/changes.ts).
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import type { Db } from '../db/index.ts';
import type { Changes } from '../plugins/changes.ts';
import { districtCode } from './districts.ts';

/** The area type whose code is a report's `stadsdeel`, and the one whose code is its `buurt_code`. */
export const STADSDEEL_TYPE = 'stadsdeel';
export const BUURT_TYPE = 'buurt';

export type AreaGeometry = { type: 'Polygon'; coordinates: [number, number][][] } | { type: 'MultiPolygon'; coordinates: [number, number][][][] };

export interface AreaRecord {
  id: number;
  typeCode: string;
  code: string;
  name: string;
  geometry: AreaGeometry;
}

export interface AreaLookup {
  /** Every area holding the WGS84 point (any type), in the order they were given. */
  at(lng: number, lat: number): AreaRecord[];
  readonly areas: readonly AreaRecord[];
}

/** The bounding box [west, south, east, north] of a polygon geometry. */
export function boxOf(geometry: AreaGeometry): [number, number, number, number] {
  const rings = geometry.type === 'Polygon' ? geometry.coordinates : geometry.coordinates.flat();
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const ring of rings) for (const [x, y] of ring) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

/** A spatial index over areas. */
export function areaLookup(areas: AreaRecord[]): AreaLookup {
  const index = new Flatbush(Math.max(1, areas.length));
  for (const a of areas) index.add(...boxOf(a.geometry));
  if (areas.length === 0) index.add(0, 0, 0, 0);
  index.finish();
  return {
    areas,
    at(lng, lat) {
      if (!Number.isFinite(lng) || !Number.isFinite(lat) || areas.length === 0) return [];
      return index
        .search(lng, lat, lng, lat)
        .sort((x, y) => x - y)
        .map((i) => areas[i]!)
        .filter((a) => booleanPointInPolygon([lng, lat], { type: 'Feature', properties: {}, geometry: a.geometry }));
    },
  };
}

/** The location columns and area links a point gives. */
export interface Located {
  stadsdeel: string | null;
  buurt_code: string | null;
  area_type_code: string | null;
  area_code: string | null;
  area_name: string | null;
  areaIds: number[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * The areas of a point: the stored areas win; where the point lies in no `stadsdeel` (or
 * `buurt`) area, the client's value stays (docs/reference/api.md#public-create: the client value only as a fallback).
 */
export function locate(lookup: AreaLookup, lng: number, lat: number, given: Record<string, unknown>): Located {
  const found = lookup.at(lng, lat);
  const district = found.find((a) => a.typeCode === STADSDEEL_TYPE);
  const buurt = found.find((a) => a.typeCode === BUURT_TYPE);
  return {
    stadsdeel: districtCode(district?.code) ?? districtCode(given.stadsdeel),
    buurt_code: buurt ? buurt.code : str(given.buurt_code),
    area_type_code: buurt ? BUURT_TYPE : str(given.area_type_code),
    area_code: buurt ? buurt.code : str(given.area_code),
    area_name: buurt ? buurt.name : str(given.area_name),
    areaIds: found.map((a) => a.id),
  };
}

export interface AreaService {
  lookup(): Promise<AreaLookup>;
  /** Forgets the index in this process (after a write to the areas). */
  drop(): void;
}

export async function loadAreas(db: Db): Promise<AreaRecord[]> {
  const rows = await db
    .selectFrom('area')
    .innerJoin('area_type', 'area_type.id', 'area.type_id')
    .select(['area.id', 'area.code', 'area.name', 'area.geometry', 'area_type.code as type_code'])
    .orderBy('area.id')
    .execute();
  return rows.map((r) => ({ id: r.id, typeCode: r.type_code, code: r.code, name: r.name, geometry: r.geometry as AreaGeometry }));
}

export function createAreaService(db: Db, changes: Pick<Changes, 'memo'>): AreaService {
  const memo = changes.memo(['area', 'area_type'], async () => areaLookup(await loadAreas(db)));
  return { lookup: () => memo.get(), drop: () => memo.drop() };
}

/** Links a report to its areas (replacing earlier links); inside the caller's transaction. */
export async function linkAreas(db: Db, signalId: number, areaIds: number[]): Promise<void> {
  await db.deleteFrom('signal_area').where('signal_id', '=', signalId).execute();
  if (areaIds.length) await db.insertInto('signal_area').values(areaIds.map((area_id) => ({ signal_id: signalId, area_id }))).execute();
}
