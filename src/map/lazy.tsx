/**
 * Gives the renderer's map widgets the map: the full-screen selector and the
 * intro map, both loaded only when a map question is shown (lazy chunks), so
 * Leaflet is never part of the first page's scripts.
 */
import { lazy, useMemo, type ReactNode } from 'react';
import { MapServicesProvider, type MapFieldServices } from '@meldloket/renderer';

const Selector = lazy(() => import('./index.ts').then((m) => ({ default: m.MapSelector })));
const IntroMap = lazy(() => import('./index.ts').then((m) => ({ default: m.IntroMap })));

export function MapFieldsProvider({ children, onMapActiveChange }: { children: ReactNode; onMapActiveChange?: (active: boolean) => void }) {
  const value = useMemo<MapFieldServices>(() => ({ Selector, IntroMap, onMapActiveChange }), [onMapActiveChange]);
  return <MapServicesProvider value={value}>{children}</MapServicesProvider>;
}
