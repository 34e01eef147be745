/**
 * The public maps (docs/reference/screens.md#routes 'Map widgets in the platform'): the open
 * reports of public categories as clusters over the map, a detail panel with
 * category and date, 'Legenda', address search and 'Mijn locatie'. The panel is
 * 400 px beside the map on tablets and larger and a bottom drawer on phones; it
 * opens when the map is zoomed out below level 13.
 *
 * 'incidents' (/meldingenkaart) adds the category filter; 'signal' (/kaart) lets the
 * resident pick a spot and start the wizard there with 'Doe een melding'.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { MAP_CLUSTERS, type Coordinates } from '@meldloket/engine';
import { usePageTitle } from '../layout/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { AddressSearch } from '../map/AddressSearch.tsx';
import MapView, { type MapViewState } from '../map/MapView.tsx';
import { LegendToggle } from '../map/LegendToggle.tsx';
import { MapPanel } from '../map/MapPanel.tsx';
import { MyLocationButton } from '../map/MyLocationButton.tsx';
import { MAP_TEXTS } from '../map/texts.ts';
import { suggestAddresses, type AddressSuggestion } from '../map/services/index.ts';
import { PLAIN_MAP, useMapSettings } from '../map/useMapSettings.ts';
import { usePanelCover } from '../map/usePanelCover.ts';
import '../map/map.css';
import { categoryQuery, OTHER_COLOUR } from './categories.ts';
import { CategoryFilter } from './CategoryFilter.tsx';
import { ClusterLayer, mercatorZoomOffset } from './ClusterLayer.tsx';
import { MapLegend } from './MapLegend.tsx';
import { ReportDetail } from './ReportDetail.tsx';
import { PUBLIC_MAP_TEXTS } from './texts.ts';
import { usePublicCategories, useReports, type PublicReport } from './useReports.ts';
import './public-map.css';

/** The drawer opens when the map is zoomed out below this level (docs/reference/limits.md#constants). */
export const DRAWER_OPEN_BELOW_ZOOM = 13;
/** Zoom level after choosing an address or 'Mijn locatie'. */
const LOCATED_ZOOM = 14;

export interface PublicMapProps {
  mode: 'incidents' | 'signal';
}

export function PublicMap({ mode }: PublicMapProps) {
  const title = mode === 'incidents' ? PUBLIC_MAP_TEXTS.incidentsTitle : PUBLIC_MAP_TEXTS.signalTitle;
  usePageTitle(title);

  const { base, bounds, pdok, queryCentre: start } = useMapSettings();

  const categoryRead = usePublicCategories();
  const categories = useMemo(() => categoryRead.data ?? [], [categoryRead.data]);
  const categoriesFailed = categoryRead.isError;
  // every subcategory until the resident picks (once the categories are known)
  const [picked, setChosen] = useState<Set<string> | null>(null);
  const chosen = useMemo(() => picked ?? (categoryRead.data ? new Set(categoryRead.data.flatMap((c) => c.subcategories.map((s) => s.slug))) : null), [picked, categoryRead.data]);

  const [view, setView] = useState<MapViewState>();
  const [panelOpen, setPanelOpen] = useState(true);
  const [selected, setSelected] = useState<PublicReport[] | null>(null);
  const [spot, setSpot] = useState<Coordinates>();
  const [focus, setFocus] = useState<{ point: Coordinates; zoom: number; seq: number }>();

  // What the panel (a drawer on phones) covers of the map: markers under it are no tab stops.
  const { panel, mapArea, covered } = usePanelCover();
  const [coverRevision, setCoverRevision] = useState(0);
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const again = () => setCoverRevision((n) => n + 1);
    const observer = new ResizeObserver(again);
    observer.observe(element);
    element.addEventListener('transitionend', again);
    return () => {
      observer.disconnect();
      element.removeEventListener('transitionend', again);
    };
  }, []);
  useEffect(() => setCoverRevision((n) => n + 1), [panelOpen]);

  // Until the categories are known (or when they fail) the map shows every public report.
  const query = chosen ? categoryQuery(categories, chosen) : {};
  // At the map's deepest level every report comes on its own (the panel lists those at one spot).
  const zoom = !view ? 0 : view.zoom >= base.maxZoom ? MAP_CLUSTERS.maxZoom + 1 : view.zoom + mercatorZoomOffset(view.center.lat);
  const { items, loading, failed } = useReports(view?.bbox, zoom, mode === 'incidents' ? query : {});

  const inView = useMemo(() => {
    const box = view?.bbox;
    if (!box) return 0;
    let n = 0;
    for (const r of items) if (r.lng >= box.west && r.lng <= box.east && r.lat >= box.south && r.lat <= box.north) n += r.count;
    return n;
  }, [items, view?.bbox]);
  const colours = useMemo(() => new Map(categories.map((c) => [c.slug, c.colour])), [categories]);
  const colourOf = useCallback((slug: string) => colours.get(slug) ?? OTHER_COLOUR, [colours]);

  const onViewChange = (next: MapViewState) => {
    if (next.zoom < DRAWER_OPEN_BELOW_ZOOM && next.zoom !== view?.zoom) setPanelOpen(true);
    setView(next);
  };
  const onSelect = useCallback((list: PublicReport[]) => {
    setSelected(list);
    setPanelOpen(true);
  }, []);
  const goTo = (point: Coordinates) => {
    if (mode === 'signal') setSpot(point);
    setFocus({ point, zoom: LOCATED_ZOOM, seq: Date.now() });
  };
  const search = useCallback((text: string, signal: AbortSignal) => suggestAddresses(pdok, text, signal), [pdok]);
  const reportLink = { pathname: '/incident/beschrijf', search: spot ? `?lat=${spot.lat.toFixed(7)}&lng=${spot.lng.toFixed(7)}` : '' };

  return (
    // data-zoom: the view the status below counts for (tests wait for the count at a new zoom level)
    <div className="ml-public-map" data-zoom={view?.zoom}>
      <MapPanel id="ml-public-map-panel" open={panelOpen} onToggle={() => setPanelOpen((o) => !o)} panelRef={panel}>
        <PageHeading>{title}</PageHeading>
        {selected ? (
          <ReportDetail reports={selected} colourOf={colourOf} onClose={() => setSelected(null)} />
        ) : (
          <>
            <p className="utrecht-paragraph ml-public-map__intro">{mode === 'incidents' ? PUBLIC_MAP_TEXTS.incidentsIntro : PUBLIC_MAP_TEXTS.signalIntro}</p>
            <AddressSearch search={search} onSelect={(s: AddressSuggestion) => goTo(s.coordinates)} />
            <MyLocationButton bounds={bounds} onLocate={goTo} />
            {mode === 'signal' && (
              <div className="ml-public-map__report">
                <p className="utrecht-paragraph" role="status">
                  {spot ? PUBLIC_MAP_TEXTS.signalChosen : PUBLIC_MAP_TEXTS.signalNotChosen}
                </p>
                <Link className="utrecht-button-link utrecht-button-link--html-a utrecht-button-link--primary-action" to={reportLink}>
                  {PUBLIC_MAP_TEXTS.report}
                </Link>
              </div>
            )}
            <p className="ml-public-map__count" role="status">
              {loading ? PUBLIC_MAP_TEXTS.loading : view ? PUBLIC_MAP_TEXTS.count(inView) : ''}
            </p>
            {failed && (
              <p role="alert" className="ml-map-notice ml-map-notice--error">
                {MAP_TEXTS.mapFailure}
              </p>
            )}
            {mode === 'incidents' && categoriesFailed && <p className="ml-map-notice ml-map-notice--error">{PUBLIC_MAP_TEXTS.categoriesFailure}</p>}
            {mode === 'incidents' && chosen && categories.length > 0 && <CategoryFilter categories={categories} chosen={chosen} onChange={setChosen} />}
          </>
        )}
      </MapPanel>
      <div className="ml-public-map__map" ref={mapArea}>
        <MapView
          {...base}
          {...PLAIN_MAP}
          center={start}
          pin={mode === 'signal' ? spot : undefined}
          onMapClick={(point) => mode === 'signal' && setSpot(point)}
          onViewChange={onViewChange}
          focus={focus}
        >
          <ClusterLayer items={items} colourOf={colourOf} onSelect={onSelect} covered={covered} coverRevision={coverRevision} />
        </MapView>
        <LegendToggle legend={(close) => <MapLegend categories={categories} withPin={mode === 'signal'} onClose={close} />} />
      </div>
    </div>
  );
}
