import { useMemo } from 'react';
import type { LatLngBounds } from '@meldloket/engine';
import { useConfig } from '../config/index.ts';

/** The configured map bounds (`map.bounds`) as Leaflet's [[south, west], [north, east]]. */
export function useMapBounds(): LatLngBounds {
  const { map } = useConfig();
  return useMemo(
    () => [
      [map.bounds.south, map.bounds.west],
      [map.bounds.north, map.bounds.east],
    ],
    [map.bounds],
  );
}
