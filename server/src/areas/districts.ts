/**
 * The bundled districts (stadsdeel) of the stand-in map. Reports get their district from the
 * areas stored in the database (`areas/index.ts`, docs/routing.md), which a fresh installation seeds
 * from this file (`areas/demo.ts`); `districtCode` reads a district a client sent.
 *
 * `districts.json` is a small GeoJSON of the districts, drawn along the real borders of
 * Amsterdam and held consistent with the stand-in address register (`routes/stand-ins`): every
 * stand-in street's centre lies in the district the address lookup gives it, and ~97% of its
 * addresses do (streets that run over a border are drawn as lines in the stand-in, so their ends
 * may cross it; `districts.test.ts`). A deployment for another municipality, or the areas of a
 * later issue, replaces or grows this file; the code stays.
 *
 * Point-in-polygon is `@turf/boolean-point-in-polygon`; the polygons' boxes are in a `flatbush`
 * index, so a lookup tests only the few polygons whose box holds the point.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import { STADSDEEL_LABELS } from '@meldloket/engine';
import data from './districts.json' with { type: 'json' };

type Ring = [number, number][];
interface DistrictFeature {
  type: 'Feature';
  properties: { code: string; name: string };
  geometry: { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };
}

export interface DistrictIndex {
  /** The district code (`A`, `E`, …) of a WGS84 point, or null outside every district. */
  at(lng: number, lat: number): string | null;
  readonly features: readonly DistrictFeature[];
}

/** An index over a FeatureCollection of districts (each feature's `properties.code`). */
export function districtIndex(collection: { features: DistrictFeature[] }): DistrictIndex {
  const features = collection.features;
  const index = new Flatbush(Math.max(1, features.length));
  for (const f of features) {
    const rings = f.geometry.type === 'Polygon' ? f.geometry.coordinates : f.geometry.coordinates.flat();
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (const ring of rings) for (const [x, y] of ring) {
      minX = Math.min(minX, x); minY = Math.min(minY, y); maxX = Math.max(maxX, x); maxY = Math.max(maxY, y);
    }
    index.add(minX, minY, maxX, maxY);
  }
  if (features.length === 0) index.add(0, 0, 0, 0);
  index.finish();
  return {
    features,
    at(lng, lat) {
      if (!Number.isFinite(lng) || !Number.isFinite(lat)) return null;
      for (const i of index.search(lng, lat, lng, lat)) {
        const f = features[i];
        if (f && booleanPointInPolygon([lng, lat], f)) return f.properties.code;
      }
      return null;
    },
  };
}

let shared: DistrictIndex | undefined;
/** The index of the bundled districts, built on first use. */
export const districts = (): DistrictIndex => (shared ??= districtIndex(data as unknown as { features: DistrictFeature[] }));

const NAME_TO_CODE = new Map(Object.entries(STADSDEEL_LABELS).filter(([code]) => code !== 'null').map(([code, name]) => [name.toLowerCase(), code]));

/**
 * A district as a client sent it, as a code: a known code (`A`) or a known name ('Centrum',
 * as the address lookup gives it); anything else is null.
 */
export function districtCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value !== 'null' && value in STADSDEEL_LABELS) return value;
  return NAME_TO_CODE.get(value.trim().toLowerCase()) ?? null;
}

/**
 * The district a report is stored with: derived from its point; where the point lies in no
 * known district, the one the client's address lookup gave (as a code), else null.
 */
export function districtOf(lng: number, lat: number, given?: unknown): string | null {
  return districts().at(lng, lat) ?? districtCode(given);
}
