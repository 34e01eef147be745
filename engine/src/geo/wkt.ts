import type { Coordinates } from '../incident/types.ts';

export const WKT_NOT_A_POINT = 'Provided WKT geometry is not a point.';

const NUMBER = '[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?';
const POINT = new RegExp(`^\\s*POINT\\s*(?:Z\\s*|M\\s*|ZM\\s*)?\\(\\s*(${NUMBER})\\s+(${NUMBER})(?:\\s+${NUMBER}){0,2}\\s*\\)\\s*$`, 'i');

/**
 * Parses a WKT point such as `POINT(4.9 52.37)` (x is longitude, y latitude).
 * Throws 'Provided WKT geometry is not a point.' for any other geometry.
 */
export function parseWktPoint(wkt: string): Coordinates {
  const match = POINT.exec(wkt);
  if (!match) throw new Error(WKT_NOT_A_POINT);
  return { lng: Number(match[1]), lat: Number(match[2]) };
}

/** The WKT text of a point. */
export function toWktPoint({ lat, lng }: Coordinates): string {
  return `POINT(${lng} ${lat})`;
}
