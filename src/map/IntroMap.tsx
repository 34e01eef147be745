/**
 * The small map above 'Kies locatie' on step 2 (and on the summary): the chosen location (or the default
 * centre), not interactive. Drawn without Leaflet, as tile images placed on the national grid
 * (tile-grid.ts), so its first tile does not wait for the full-screen map's code: that is loaded only
 * when the resident opens the map. The map step's document has asked for the tiles of the configured
 * centre already (src/ahead/entry-server.tsx), with the same addresses.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { centreFromQuery } from '@meldloket/engine';
import type { IntroMapProps } from '@meldloket/renderer';
import { useConfig } from '../config/index.ts';
import { iconUrl, ICON_SIZE } from './icon-svg.ts';
import { INTRO_MAP_HEIGHT, stillMapTiles } from './tile-grid.ts';
import './intro-map.css';

/** The zoom level the small map shows a chosen location at. */
export const LOCATION_ZOOM = 13;

export default function IntroMap({ location, onDrawn }: IntroMapProps) {
  const config = useConfig();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const { south, west, north, east } = config.map.bounds;
  const params = new URLSearchParams(globalThis.location?.search ?? '');
  const point =
    location?.coordinates ??
    centreFromQuery({ lat: params.get('lat'), lng: params.get('lng') }, [
      [south, west],
      [north, east],
    ], config.map.center);

  // the column's width, before the first paint and whenever it changes (the height is fixed)
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const map = width > 0 ? stillMapTiles(config.map.tiles.url, point, location ? LOCATION_ZOOM : config.map.zoom, width, INTRO_MAP_HEIGHT) : null;
  // `onDrawn` once the first tiles are decoded and a frame has been painted with them
  const told = useRef(false);
  const drawn = useRef(onDrawn);
  drawn.current = onDrawn;
  const tileCount = map?.tiles.length ?? 0;
  useEffect(() => {
    const element = box.current;
    if (told.current || !element || tileCount === 0) return;
    let live = true;
    const tiles = [...element.querySelectorAll<HTMLImageElement>('img.ml-intro-map__tile')];
    const nextFrame = globalThis.requestAnimationFrame ?? ((run: () => void) => setTimeout(run, 0));
    void Promise.allSettled(tiles.map((tile) => (typeof tile.decode === 'function' ? tile.decode() : undefined))).then(() =>
      nextFrame(() => {
        if (!live || told.current) return;
        told.current = true;
        drawn.current?.();
      }),
    );
    return () => {
      live = false;
    };
  }, [tileCount]);

  return (
    <div ref={box} className="ml-intro-map" style={{ blockSize: INTRO_MAP_HEIGHT }}>
      {map?.tiles.map((tile, index) => (
        <img
          key={tile.url}
          className="ml-intro-map__tile"
          src={tile.url}
          alt=""
          width={tile.size}
          height={tile.size}
          fetchPriority={index === 0 ? 'high' : undefined}
          style={{ left: tile.left, top: tile.top }}
        />
      ))}
      {map && location && (
        <img className="ml-intro-map__marker" src={iconUrl('pin', undefined)} alt="" width={ICON_SIZE} height={ICON_SIZE} style={{ left: map.point.left - ICON_SIZE / 2, top: map.point.top - ICON_SIZE }} />
      )}
    </div>
  );
}
