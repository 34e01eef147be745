/**
 * What every map screen (the wizard's selector, the public maps, the back office's
 * overview map and location picker, the reply page's map) reads from the configuration,
 * derived once: MapView's configured props (zoom levels, the allowed bounds as Leaflet
 * wants them, the tiles), the PDOK address endpoints, and the centre a page opens at
 * (?lat=&lng= when inside the bounds, else the configured centre).
 */
import { useMemo, useState } from 'react';
import { centreFromQuery, type Coordinates, type LatLngBounds } from '@meldloket/engine';
import { useConfig } from '../config/index.ts';
import type { MapViewProps } from './MapView.tsx';
import type { PdokEndpoints } from './services/index.ts';
import { useMapBounds } from './useMapBounds.ts';

/** MapView's props from the configuration; a screen spreads them first and overrides what it needs (e.g. `zoom`). */
export type MapBase = Pick<MapViewProps, 'zoom' | 'minZoom' | 'maxZoom' | 'bounds' | 'tileUrl' | 'attribution'>;

export function useMapBase(): MapBase {
  const { map } = useConfig();
  const bounds = useMapBounds();
  return useMemo(
    () => ({ zoom: map.zoom, minZoom: map.minZoom, maxZoom: map.maxZoom, bounds, tileUrl: map.tiles.url, attribution: map.tiles.attribution }),
    [map.zoom, map.minZoom, map.maxZoom, bounds, map.tiles.url, map.tiles.attribution],
  );
}

const nothing = () => {};

/** MapView's props of a map with no objects to choose that ignores clicks and moves; spread it, then set what the map does. */
export const PLAIN_MAP: Pick<MapViewProps, 'objects' | 'isSelected' | 'onObjectClick' | 'onMapClick' | 'onViewChange'> = {
  objects: [],
  isSelected: () => false,
  onObjectClick: nothing,
  onMapClick: nothing,
  onViewChange: nothing,
};

/** The PDOK address endpoints of the configuration. */
export function usePdok(): PdokEndpoints {
  const config = useConfig();
  return useMemo(
    () => ({ suggest: config.endpoints.addressSuggest, reverse: config.endpoints.reverseGeocode, municipality: config.map.municipality }),
    [config.endpoints.addressSuggest, config.endpoints.reverseGeocode, config.map.municipality],
  );
}

export interface MapSettings {
  base: MapBase;
  bounds: LatLngBounds;
  pdok: PdokEndpoints;
  /** The centre from the page's query string, else the configured one; fixed at the first render. */
  queryCentre: Coordinates;
}

export function useMapSettings(): MapSettings {
  const config = useConfig();
  const base = useMapBase();
  const pdok = usePdok();
  const [queryCentre] = useState(() => {
    const params = new URLSearchParams(globalThis.location?.search ?? '');
    return centreFromQuery({ lat: params.get('lat'), lng: params.get('lng') }, base.bounds, config.map.center);
  });
  return { base, bounds: base.bounds, pdok, queryCentre };
}
