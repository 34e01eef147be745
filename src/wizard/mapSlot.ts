/**
 * The slot the map fills (src/map, a lazy chunk): the renderer's map widgets get
 * the full-screen selector and the intro map through MapServicesProvider, and the
 * summary shows the intro map. Nothing of the map is in the first page's scripts.
 */
import type { ComponentType } from 'react';
import type { IntroMapProps, MapSelectorProps } from '@meldloket/renderer';

/** Field types that ask for a location or objects on the map. */
export const MAP_FIELD_TYPES: ReadonlySet<string> = new Set([
  'location_select',
  'map_input',
  'asset_select',
  'streetlight_select',
  'clock_select',
  'caterpillar_select',
]);

export const loadMapSelector = (): Promise<{ default: ComponentType<MapSelectorProps> }> =>
  import('../map/index.ts').then((m) => ({ default: m.MapSelector }));

export const loadIntroMap = (): Promise<{ default: ComponentType<IntroMapProps> }> =>
  import('../map/index.ts').then((m) => ({ default: m.IntroMap }));
