/**
 * The slot the map fills (src/map, a lazy chunk): the renderer's map widgets get
 * the full-screen selector and the intro map through MapServicesProvider, and the
 * summary shows the intro map. Nothing of the map is in the first page's scripts.
 */
import type { ComponentType } from 'react';
import type { IntroMapProps, MapSelectorProps } from '@meldloket/renderer';
import { MAP_TYPES } from '@meldloket/engine';

/** Field types that ask for a location or objects on the map (from the engine's field-type table). */
export const MAP_FIELD_TYPES: ReadonlySet<string> = MAP_TYPES;

export const loadMapSelector = (): Promise<{ default: ComponentType<MapSelectorProps> }> =>
  import('../map/index.ts').then((m) => ({ default: m.MapSelector }));

/** The small map, drawn without Leaflet (its own small chunk): it does not wait for the full-screen map's code. */
export const loadIntroMap = (): Promise<{ default: ComponentType<IntroMapProps> }> => import('../map/IntroMap.tsx');
