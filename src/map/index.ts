/**
 * The map and location part of the app. Import this module only dynamically
 * (`import('../map/index.ts')`): it holds Leaflet and is meant to be its own
 * chunk, never part of the first page's scripts. For a static import use
 * `lazy.tsx` (MapFieldsProvider), which loads these components on demand.
 */
export { default as MapSelector } from './MapSelector.tsx';
export { MAP_TEXTS } from './texts.ts';
