import type { Coordinates } from '../incident/types.ts';

/** Leaflet-style bounds: [[south, west], [north, east]] in degrees. */
export type LatLngBounds = [[number, number], [number, number]];

/** The Netherlands, as the backend's default bounding box (3.3,50.7,7.3,53.6). */
export const NETHERLANDS_BOUNDS: LatLngBounds = [
  [50.7, 3.3],
  [53.6, 7.3],
];

/** True only when the point lies strictly inside the bounds (a point on the edge is outside). */
export function isInsideBounds(point: Coordinates, bounds: LatLngBounds): boolean {
  const [[south, west], [north, east]] = bounds;
  const { lat, lng } = point;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return false;
  return lat > south && lat < north && lng > west && lng < east;
}

/**
 * The map centre from `lat` and `lng` query parameters: used when both are
 * numeric and inside the bounds, otherwise the configured default centre.
 */
export function centreFromQuery(
  query: { lat?: string | null; lng?: string | null },
  bounds: LatLngBounds,
  fallback: Coordinates,
): Coordinates {
  const lat = parseNumber(query.lat);
  const lng = parseNumber(query.lng);
  if (lat === null || lng === null) return fallback;
  const point = { lat, lng };
  return isInsideBounds(point, bounds) ? point : fallback;
}

function parseNumber(text: string | null | undefined): number | null {
  if (text == null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}
