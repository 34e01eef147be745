/**
 * The Dutch national grid (RD, EPSG:28992) as a Leaflet CRS, with the tile
 * matrix of the national background map (PDOK WMTS): origin and resolutions.
 */
import L from 'leaflet';
import 'proj4leaflet';
import { RD_PROJECTION } from '@meldloket/engine';

export const RD_RESOLUTIONS = [3440.64, 1720.32, 860.16, 430.08, 215.04, 107.52, 53.76, 26.88, 13.44, 6.72, 3.36, 1.68, 0.84, 0.42, 0.21, 0.105, 0.0525];
export const RD_ORIGIN: [number, number] = [-285401.92, 903401.92];
/** The highest zoom level the background map has its own tiles for; deeper levels are enlarged. */
export const MAX_NATIVE_ZOOM = 14;

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
  bounds: L.bounds([-285401.92, 22598.08], [595401.92, 903401.92]),
});
