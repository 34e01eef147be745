/**
 * What every map screen (the wizard's selector, the public maps) reads from the
 * configuration, derived once: the allowed bounds as Leaflet wants them, the PDOK
 * address endpoints, and the centre a page opens at (?lat=&lng= when inside the
 * bounds, else the configured centre).
 */
import { useMemo, useState } from 'react';
import { centreFromQuery, type Coordinates, type LatLngBounds } from '@meldloket/engine';
import { useConfig } from '../config/index.ts';
import type { PdokEndpoints } from './services/index.ts';

export interface MapSettings {
  bounds: LatLngBounds;
  pdok: PdokEndpoints;
  /** The centre from the page's query string, else the configured one; fixed at the first render. */
  queryCentre: Coordinates;
}

export function useMapSettings(): MapSettings {
  const config = useConfig();
  const bounds: LatLngBounds = useMemo(() => {
    const b = config.map.bounds;
    return [
      [b.south, b.west],
      [b.north, b.east],
    ];
  }, [config.map.bounds]);
  const pdok: PdokEndpoints = useMemo(
    () => ({ suggest: config.endpoints.addressSuggest, reverse: config.endpoints.reverseGeocode, municipality: config.map.municipality }),
    [config.endpoints.addressSuggest, config.endpoints.reverseGeocode, config.map.municipality],
  );
  const [queryCentre] = useState(() => {
    const params = new URLSearchParams(globalThis.location?.search ?? '');
    return centreFromQuery({ lat: params.get('lat'), lng: params.get('lng') }, bounds, config.map.center);
  });
  return { bounds, pdok, queryCentre };
}
