/**
 * The public map's clusters (docs/reference/api.md#clusters): how the server groups the open
 * reports for a view and how far the call reaches, the same numbers for the app that asks.
 * Zoom levels are those of Web Mercator tiles of 256 px (as supercluster counts them).
 */
export const MAP_CLUSTERS = {
  /** Reports closer than this on screen (px) are one cluster. */
  radius: 60,
  /** The deepest zoom level with clusters; from the next level on every report is a point of its own. */
  maxZoom: 20,
  /** The highest zoom level the call takes. */
  zoomLimit: 24,
  /** The widest view the call answers, on either side, in pixels at the zoom asked. */
  maxSpanPx: 4096,
} as const;

/** How many pixels the box west,south,east,north spans at `zoom`, horizontally and vertically. */
export function spanInPixels(box: readonly [number, number, number, number], zoom: number): { x: number; y: number } {
  const world = 256 * 2 ** zoom;
  const y = (lat: number) => {
    const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
    return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  };
  return { x: ((box[2] - box[0]) / 360) * world, y: (y(box[1]) - y(box[3])) * world };
}
