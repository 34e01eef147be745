/**
 * How the map widgets reach the map. The renderer fetches nothing and draws no
 * map itself: the app provides the (lazily loaded) full-screen selector and the
 * small intro map through this context, so the map code stays out of the first
 * page's scripts.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { AssetAnswer, IncidentLocation, MapKind, Question } from '@meldloket/engine';

/** Which kind of map question a widget asks (the engine's mapKindOf). */
export type MapFieldKind = MapKind;

export interface MapSelectorProps {
  kind: MapFieldKind;
  question: Question;
  /** The answer so far. */
  value: AssetAnswer | undefined;
  /** The resident confirmed: store this answer (undefined clears it) and close. */
  onSubmit: (value: AssetAnswer | undefined) => void;
  /** The resident went back without confirming. */
  onClose: () => void;
}

export interface IntroMapProps {
  /** The chosen location, shown with a marker; without it the default centre. */
  location?: IncidentLocation;
  /** Called once, when the map's first tiles are on screen (or could not be loaded). */
  onDrawn?: () => void;
}

export interface MapFieldServices {
  /** The full-screen location and object selector. */
  Selector: ComponentType<MapSelectorProps>;
  /** A small, non-interactive map above the 'Kies locatie' button. */
  IntroMap?: ComponentType<IntroMapProps>;
  /** Told when the full-screen selector opens and closes (the wizard hides its navigation meanwhile). */
  onMapActiveChange?: (active: boolean) => void;
}

const MapServicesContext = createContext<MapFieldServices | null>(null);

export function MapServicesProvider({ value, children }: { value: MapFieldServices; children: ReactNode }) {
  return <MapServicesContext.Provider value={value}>{children}</MapServicesContext.Provider>;
}

export function useMapServices(): MapFieldServices | null {
  return useContext(MapServicesContext);
}
