/**
 * The Dutch national grid (RD, EPSG:28992) as a Leaflet CRS, on the tile matrix of the
 * national background map (PDOK WMTS, tile-grid.ts): origin and resolutions.
 */
import L from 'leaflet';
import 'proj4leaflet';
import { RD_PROJECTION } from '@meldloket/engine';
import { RD_EXTENT, RD_ORIGIN, RD_RESOLUTIONS } from './tile-grid.ts';

export { MAX_NATIVE_ZOOM, RD_ORIGIN, RD_RESOLUTIONS } from './tile-grid.ts';

/** A map that does not move: no controls, no dragging, zooming or keyboard panning (the step-2 maps). */
export const STILL_MAP_PROPS = {
  zoomControl: false,
  attributionControl: false,
  dragging: false,
  keyboard: false,
  scrollWheelZoom: false,
  doubleClickZoom: false,
  touchZoom: false,
  boxZoom: false,
} as const;

export const RD_CRS: L.CRS = new L.Proj.CRS('EPSG:28992', RD_PROJECTION, {
  resolutions: RD_RESOLUTIONS,
  origin: RD_ORIGIN,
  bounds: L.bounds(RD_EXTENT[0], RD_EXTENT[1]),
});
