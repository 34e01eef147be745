/**
 * Objects of a WFS-style layer inside a bounding box, as map objects with their
 * feature type and status (reported objects cannot be chosen; checked ones are
 * known to be fine). The bounding box goes in an OGC filter, wrapped in And with
 * the question's own filter when it has one, or in `bbox` otherwise.
 */
import type { Coordinates, FeatureStatusType, FeatureType, SelectedAsset } from '@meldloket/engine';

export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface MapObject extends SelectedAsset {
  id: string;
  /** The feature type value. */
  type: string;
  featureType: FeatureType;
  status?: 'reported' | 'checked';
  /** Kept feature properties (question's extraProperties). */
  properties?: Record<string, unknown>;
}

interface GeoJsonFeature {
  id?: string | number;
  geometry?: { type?: string; coordinates?: [number, number] } | null;
  properties?: Record<string, unknown> | null;
}

const PLACEHOLDERS = /\{(bbox|west|south|east|north|srsName)\}/;

/** Fills {west}, {south}, {east}, {north}, {bbox} (west,south,east,north) and {srsName} (WGS84). */
function fillBox(template: string, box: Bbox, bbox: string): string {
  return template
    .replaceAll('{bbox}', bbox)
    .replaceAll('{west}', String(box.west))
    .replaceAll('{south}', String(box.south))
    .replaceAll('{east}', String(box.east))
    .replaceAll('{north}', String(box.north))
    .replaceAll('{srsName}', 'EPSG:4326');
}

/**
 * The WFS URL for a box. A templated endpoint gets the box in its placeholders
 * (and the question's filter, if any, as it is). Otherwise the box goes in an OGC filter, wrapped in And with the question's
 * filter (whose own placeholders are filled; a filter with its own BBOX gets no
 * second one), or in `bbox` when there is no filter.
 */
export function wfsUrl(endpoint: string, box: Bbox, wfsFilter?: string): string {
  const bbox = [box.west, box.south, box.east, box.north].map((n) => n.toFixed(6)).join(',');
  const sep = endpoint.includes('?') ? '&' : '?';
  const filter = wfsFilter ? fillBox(wfsFilter, box, bbox) : undefined;
  if (PLACEHOLDERS.test(endpoint)) return fillBox(endpoint, box, bbox) + (filter ? `${sep}Filter=${encodeURIComponent(`<Filter>${filter}</Filter>`)}` : '');
  if (!filter) return `${endpoint}${sep}bbox=${bbox}`;
  const envelope = /<(\w+:)?BBOX[\s>]/.test(filter)
    ? ''
    : `<BBOX><gml:Envelope srsName="EPSG:4326"><lowerCorner>${box.west} ${box.south}</lowerCorner>` + `<upperCorner>${box.east} ${box.north}</upperCorner></gml:Envelope></BBOX>`;
  return `${endpoint}${sep}Filter=${encodeURIComponent(`<Filter><And>${envelope}${filter}</And></Filter>`)}`;
}

const same = (a: unknown, b: unknown) => a !== undefined && b !== undefined && String(a) === String(b);

function featureTypeOf(properties: Record<string, unknown>, types: FeatureType[]): FeatureType | undefined {
  return types.find((t) => (t.typeField ? same(properties[t.typeField], t.typeValue) : true));
}

function statusOf(properties: Record<string, unknown>, type: FeatureType, statusTypes: FeatureStatusType[]): MapObject['status'] {
  if (type.isReportedField && same(properties[type.isReportedField], type.isReportedValue)) return 'reported';
  for (const s of statusTypes) {
    if (!s.statusValues.some((v) => same(properties[s.statusField], v))) continue;
    if (s.typeValue === 'reported' || s.typeValue === 'checked') return s.typeValue;
  }
  return undefined;
}

export interface ObjectTypes {
  featureTypes: FeatureType[];
  featureStatusTypes: FeatureStatusType[];
  extraProperties?: string[];
}

/** Turns GeoJSON features into map objects; features of unknown types are left out. */
export function toMapObjects(features: GeoJsonFeature[], types: ObjectTypes): MapObject[] {
  return features.flatMap((feature) => {
    const coordinates = feature.geometry?.coordinates;
    const properties = feature.properties ?? {};
    if (!coordinates || feature.geometry?.type !== 'Point') return [];
    const featureType = featureTypeOf(properties, types.featureTypes);
    if (!featureType) return [];
    const id = String(properties[featureType.idField] ?? feature.id ?? '');
    const status = statusOf(properties, featureType, types.featureStatusTypes);
    const kept = Object.fromEntries((types.extraProperties ?? []).filter((k) => k in properties).map((k) => [k, properties[k]]));
    const point: Coordinates = { lat: coordinates[1], lng: coordinates[0] };
    return [
      {
        id,
        type: featureType.typeValue,
        description: featureType.description,
        label: `${featureType.description} - ${id}`,
        coordinates: point,
        featureType,
        ...(status ? { status } : {}),
        ...(Object.keys(kept).length ? { properties: kept } : {}),
      },
    ];
  });
}

/** Fetches the objects inside a box; throws on failure (AbortError when aborted). */
export async function fetchObjects(endpoint: string, box: Bbox, types: ObjectTypes & { wfsFilter?: string }, signal?: AbortSignal): Promise<MapObject[]> {
  const res = await fetch(wfsUrl(endpoint, box, types.wfsFilter), { signal, headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { features?: GeoJsonFeature[]; error?: { message?: string } };
  if (body.error) throw new Error(body.error.message ?? 'WFS error');
  return toMapObjects(body.features ?? [], types);
}

const METRES_PER_DEGREE = 111_320;

/** A box of `radius` metres around a point. */
export function boxAround(point: Coordinates, radius: number): Bbox {
  const dLat = radius / METRES_PER_DEGREE;
  const dLng = radius / (METRES_PER_DEGREE * Math.cos((point.lat * Math.PI) / 180));
  return { west: point.lng - dLng, south: point.lat - dLat, east: point.lng + dLng, north: point.lat + dLat };
}

/** Distance in metres (flat approximation, fine within a city). */
export function distance(a: Coordinates, b: Coordinates): number {
  const dLat = (a.lat - b.lat) * METRES_PER_DEGREE;
  const dLng = (a.lng - b.lng) * METRES_PER_DEGREE * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dLat, dLng);
}
