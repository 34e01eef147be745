import { afterEach, describe, expect, it } from 'vitest';
import L from 'leaflet';
import { MAX_NATIVE_ZOOM, RD_CRS } from './crs.ts';
import { stillMapTiles } from './tile-grid.ts';

const TEMPLATE = '/stand-ins/tiles/{z}/{x}/{y}.png';

/** The tiles Leaflet itself draws for a still map of this size (jsdom has no layout: the size is given). */
function leafletTiles(point: { lat: number; lng: number }, zoom: number, width: number, height: number) {
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: width });
  Object.defineProperty(container, 'clientHeight', { value: height });
  document.body.append(container);
  const map = L.map(container, { crs: RD_CRS, center: [point.lat, point.lng], zoom, zoomControl: false, attributionControl: false, fadeAnimation: false, zoomAnimation: false });
  L.tileLayer(TEMPLATE, { maxNativeZoom: MAX_NATIVE_ZOOM }).addTo(map);
  // Leaflet places a tile by a transform in its level (or left/top without 3D); a level deeper than the
  // native tiles is itself moved and scaled
  const placed = (element: HTMLElement) => {
    const [, x, y] = /translate3d\((-?[\d.]+)px, (-?[\d.]+)px/.exec(element.style.transform) ?? [null, element.style.left || '0', element.style.top || '0'];
    const scale = Number(/scale\(([\d.]+)\)/.exec(element.style.transform)?.[1] ?? 1);
    return { x: Number.parseFloat(x!), y: Number.parseFloat(y!), scale };
  };
  const tiles = [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((img) => {
    const tile = placed(img);
    const level = placed(img.parentElement!);
    return { url: img.getAttribute('src'), left: level.x + tile.x * level.scale, top: level.y + tile.y * level.scale };
  });
  const markerPoint = map.latLngToContainerPoint([point.lat, point.lng]).round();
  map.remove();
  container.remove();
  return { tiles, point: { left: markerPoint.x, top: markerPoint.y } };
}

describe("the small map's tiles without Leaflet", () => {
  afterEach(() => document.body.replaceChildren());

  it.each([
    ['the default centre on a phone', { lat: 52.3731081, lng: 4.8932945 }, 11, 358, 200],
    ['a chosen location on a desktop', { lat: 52.36706, lng: 4.89104 }, 13, 640, 200],
    ['a location in Groningen, an odd width', { lat: 53.2194, lng: 6.5665 }, 13, 401, 200],
    ['the deepest native tiles', { lat: 52.3731, lng: 4.8936 }, 14, 390, 200],
  ])('are the tiles Leaflet draws, in the same places: %s', (_, point, zoom, width, height) => {
    const ours = stillMapTiles(TEMPLATE, point, zoom, width, height);
    const leaflets = leafletTiles(point, zoom, width, height);
    const byUrl = (tiles: { url: string | null; left: number; top: number }[]) => [...tiles].map(({ url, left, top }) => ({ url, left: Math.round(left), top: Math.round(top) })).sort((a, b) => String(a.url).localeCompare(String(b.url)));
    expect(byUrl(ours.tiles)).toEqual(byUrl(leaflets.tiles));
    expect(ours.point).toEqual(leaflets.point);
  });

  it('puts the tile under the point first (the one the map step asks for first)', () => {
    const { tiles, point } = stillMapTiles(TEMPLATE, { lat: 52.3731081, lng: 4.8932945 }, 11, 400, 200);
    const [first] = tiles;
    expect(point.left).toBeGreaterThanOrEqual(first!.left);
    expect(point.left).toBeLessThan(first!.left + first!.size);
    expect(point.top).toBeGreaterThanOrEqual(first!.top);
    expect(point.top).toBeLessThan(first!.top + first!.size);
  });
});
