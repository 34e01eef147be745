/**
 * The tile matrix of the national background map (PDOK WMTS in the Dutch national grid, RD,
 * EPSG:28992): origin, resolutions and the tiles a still map of a given size shows around a point.
 * Without Leaflet: the full-screen map's CRS (crs.ts) is built on these numbers, and the step's small
 * map (IntroMap.tsx) and the map step's document (src/ahead/entry-server.tsx, which asks for the
 * small map's tiles before any script runs) place the same tiles the way Leaflet would.
 */
import { wgs84ToRd, type Coordinates } from '@meldloket/engine';

export const RD_RESOLUTIONS = [3440.64, 1720.32, 860.16, 430.08, 215.04, 107.52, 53.76, 26.88, 13.44, 6.72, 3.36, 1.68, 0.84, 0.42, 0.21, 0.105, 0.0525];
export const RD_ORIGIN: [number, number] = [-285401.92, 903401.92];
/** The grid's extent in RD metres: [west, south] and [east, north]. */
export const RD_EXTENT: [[number, number], [number, number]] = [
  [-285401.92, 22598.08],
  [595401.92, 903401.92],
];
/** The highest zoom level the background map has its own tiles for; deeper levels are enlarged. */
export const MAX_NATIVE_ZOOM = 14;
/** A tile's size in pixels at its own zoom level. */
export const TILE_SIZE = 256;
/** The height of the step's small map in CSS pixels (its width is the column's). */
export const INTRO_MAP_HEIGHT = 200;
/**
 * The width the map step's document asks the small map's tiles for before the page knows its own:
 * a phone's column (a wider screen shows more tiles, which the map asks for itself).
 */
export const PRELOAD_WIDTH = 400;

export interface PlacedTile {
  /** The tile's address from the configured URL template ({z}/{x}/{y}). */
  url: string;
  /** Its place and size in the map's box, in CSS pixels. */
  left: number;
  top: number;
  size: number;
}

export interface StillMap {
  tiles: PlacedTile[];
  /** Where the point is in the map's box (the marker's tip). */
  point: { left: number; top: number };
}

/** A tile's address: the template's {z}, {x} and {y} filled in, as Leaflet's TileLayer does. */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replace(/\{([zxy])\}/g, (_match, key: string) => String(key === 'z' ? z : key === 'x' ? x : y));
}

/**
 * The tiles a map of `width` × `height` pixels that does not move shows with `point` in its middle at
 * `zoom`, placed as Leaflet places them (the pixel origin rounded, a tile range from its pixel bounds,
 * deeper than MAX_NATIVE_ZOOM the native tiles enlarged), centre tile first.
 */
export function stillMapTiles(template: string, point: Coordinates, zoom: number, width: number, height: number): StillMap {
  const level = Math.max(0, Math.min(Math.round(zoom), RD_RESOLUTIONS.length - 1));
  const native = Math.min(level, MAX_NATIVE_ZOOM);
  const resolution = RD_RESOLUTIONS[level]!;
  const size = (TILE_SIZE * RD_RESOLUTIONS[native]!) / resolution;
  const { x, y } = wgs84ToRd(point);
  const px = (x - RD_ORIGIN[0]) / resolution;
  const py = (RD_ORIGIN[1] - y) / resolution;
  const originX = Math.round(px - width / 2);
  const originY = Math.round(py - height / 2);
  // the grid's tiles at this level: none outside its extent (Leaflet's global tile range)
  const columns = Math.ceil((RD_EXTENT[1][0] - RD_EXTENT[0][0]) / resolution / size);
  const rows = Math.ceil((RD_EXTENT[1][1] - RD_EXTENT[0][1]) / resolution / size);
  const first = (from: number) => Math.max(0, Math.floor(from / size));
  const last = (to: number, count: number) => Math.min(count - 1, Math.ceil(to / size) - 1);
  const tiles: (PlacedTile & { distance: number })[] = [];
  for (let row = first(py - height / 2); row <= last(py + height / 2, rows); row++) {
    for (let column = first(px - width / 2); column <= last(px + width / 2, columns); column++) {
      const left = column * size - originX;
      const top = row * size - originY;
      tiles.push({ url: tileUrl(template, native, column, row), left, top, size, distance: Math.hypot(left + size / 2 - width / 2, top + size / 2 - height / 2) });
    }
  }
  return {
    tiles: tiles.sort((a, b) => a.distance - b.distance).map(({ distance: _distance, ...tile }) => tile),
    point: { left: Math.round(px - originX), top: Math.round(py - originY) },
  };
}
