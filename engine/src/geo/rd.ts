import proj4 from 'proj4';
import type { Coordinates } from '../incident/types.ts';

/** The Dutch national grid (Rijksdriehoeksstelsel), EPSG:28992, with the datum shift to WGS84. */
export const RD_PROJECTION =
  '+proj=sterea +lat_0=52.15616055555555 +lon_0=5.38763888888889 +k=0.9999079 +x_0=155000 +y_0=463000 ' +
  '+ellps=bessel +towgs84=565.417,50.3319,465.552,-0.398957,0.343988,-1.8774,4.0725 +units=m +no_defs';

export const SPATIAL_REFERENCES = ['EPSG:28992', 'EPSG:3857', 'EPSG:4326'] as const;
export type SpatialReference = (typeof SPATIAL_REFERENCES)[number];

proj4.defs('EPSG:28992', RD_PROJECTION);

/** A point in RD metres. */
export interface RdPoint {
  x: number;
  y: number;
}

/** WGS84 latitude/longitude → RD x/y in metres. */
export function wgs84ToRd({ lat, lng }: Coordinates): RdPoint {
  const [x, y] = proj4('EPSG:4326', 'EPSG:28992', [lng, lat]);
  return { x, y };
}

/** RD x/y in metres → WGS84 latitude/longitude. */
export function rdToWgs84({ x, y }: RdPoint): Coordinates {
  const [lng, lat] = proj4('EPSG:28992', 'EPSG:4326', [x, y]);
  return { lat, lng };
}

/** Converts an [x, y] pair between any two of the supported spatial references. */
export function transformPoint(from: SpatialReference, to: SpatialReference, point: [number, number]): [number, number] {
  if (from === to) return [point[0], point[1]];
  const [x, y] = proj4(from, to, point);
  return [x, y];
}
