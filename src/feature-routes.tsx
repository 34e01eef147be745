/**
 * The public pages that exist only with their feature flag (docs/reference/screens.md#routes, public-side docs/reference/README.md#product):
 * one list, read by the routes (flag off → the not-found page) and by the
 * accessibility statement (it lists only the pages that are switched on).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { useConfig, type FeatureFlags } from './config/index.ts';
import { PageLoading, type LayoutHandle, type LayoutVariant } from './layout/index.ts';
import { withQueries } from './api/with-queries.ts';

export type { LayoutHandle, LayoutVariant };

const NotFoundPage = lazy(() => import('./static/NotFoundPage.tsx'));


export interface FlaggedPage {
  flag: keyof FeatureFlags;
  /** Route path, without the leading slash. */
  path: string;
  /** What the accessibility statement calls the page. */
  statement: string;
  /** Opened only through a personal link (no address to link to from the statement). */
  personal?: boolean;
  layout: LayoutVariant;
  load: () => Promise<{ default: ComponentType }>;
}

export const FLAGGED_PAGES: FlaggedPage[] = [
  {
    flag: 'enablePublicIncidentsMap',
    path: 'meldingenkaart',
    statement: 'de meldingenkaart, met de meldingen die nog open staan',
    layout: 'map',
    load: withQueries(() => import('./public-map/IncidentsMapPage.tsx')),
  },
  {
    flag: 'enablePublicSignalMap',
    path: 'kaart',
    statement: 'de kaart waarop u een plek kiest om een melding te doen',
    layout: 'map',
    load: withQueries(() => import('./public-map/SignalMapPage.tsx')),
  },
  {
    flag: 'enableMyIncidents',
    path: 'mijn-meldingen/*',
    statement: 'Mijn meldingen, waar u uw eigen meldingen terugziet',
    layout: 'tall',
    load: withQueries(() => import('./my-incidents/MyIncidentsRoot.tsx')),
  },
  {
    flag: 'enableForwardIncidentToExternal',
    path: 'incident/extern/:token',
    personal: true,
    statement: 'de pagina waarop een externe partij reageert op een melding die de gemeente aan haar heeft doorgezet',
    layout: 'tall',
    load: withQueries(() => import('./external/ExternalPage.tsx')),
  },
];

/** The screen of a flagged page when its flag is on, otherwise the not-found page. */
function gated(page: FlaggedPage): ComponentType {
  const Screen = lazy(page.load);
  return function FlaggedScreen() {
    const { features } = useConfig();
    return <Suspense fallback={<PageLoading />}>{features[page.flag] ? <Screen /> : <NotFoundPage />}</Suspense>;
  };
}

export const flaggedRoutes: RouteObject[] = FLAGGED_PAGES.map((page) => ({ path: page.path, handle: { layout: page.layout } satisfies LayoutHandle, Component: gated(page) }));

/** The flagged pages that are switched on. */
export function useEnabledPages(): FlaggedPage[] {
  const { features } = useConfig();
  return FLAGGED_PAGES.filter((page) => features[page.flag]);
}
