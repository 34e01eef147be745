export { RD_PROJECTION, SPATIAL_REFERENCES, wgs84ToRd, rdToWgs84, transformPoint } from './rd.ts';
export type { RdPoint, SpatialReference } from './rd.ts';
export { NETHERLANDS_BOUNDS, isInsideBounds, centreFromQuery } from './bounds.ts';
export type { LatLngBounds } from './bounds.ts';
export { WKT_NOT_A_POINT, parseWktPoint, toWktPoint } from './wkt.ts';
export {
  PINNED_ON_MAP,
  isLocationSet,
  formatAddress,
  formatStreetLine,
  formatPostcodeLine,
  formatPostcode,
  locationSummaryLines,
} from './location.ts';
export { MAP_CLUSTERS, spanInPixels } from './clusters.ts';
