/**
 * The overview's map (docs/overview.md): every report of the current filter from the private
 * geography call (docs/reference/api.md#private: same filters, `properties: {id, created_at}`, 4000 a
 * `geopage`), clustered by the shared cluster layer, so 10,000 reports stay a few
 * hundred markers. A report or a cluster at the deepest zoom lists its reports
 * beside the map, each linking to its detail page. A lazy chunk with Leaflet.
 */
import { incidentPage } from '@meldloket/engine';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMap } from 'react-leaflet';
import { useApi } from '../../api/index.ts';
import { useConfig } from '../../config/index.ts';
import { ClusterLayer, reportIcon } from '../../map/ClusterLayer.tsx';
import MapView from '../../map/MapView.tsx';
import { PLAIN_MAP, useMapBase } from '../../map/useMapSettings.ts';
import '../../map/map.css';
import { listQuery, type FilterValues } from './filters.ts';
import { OVERVIEW_TEXTS as T } from './texts.ts';
import { GEOGRAPHY_PATH } from './types.ts';

/** The private geography's page size (SIGNALS_API_GEO_PAGINATE_BY). */
export const GEO_PAGE_SIZE = 4000;
const MARKER_COLOUR = '#00527f';

export interface MapReport {
  id: number;
  lat: number;
  lng: number;
  createdAt: string;
}

interface GeoPage {
  features: { geometry: { coordinates: [number, number] }; properties: { id: number; created_at: string } }[] | null;
}

type GeoState = { status: 'loading' } | { status: 'ready'; reports: MapReport[] } | { status: 'error' };

/** Every report of `filter` with its point, all `geopage`s followed. */
function useGeography(filter: FilterValues): GeoState {
  const api = useApi();
  const [state, setState] = useState<GeoState>({ status: 'loading' });
  const key = JSON.stringify(listQuery({ filter }));
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    (async () => {
      const reports: MapReport[] = [];
      for (let page = 1; ; page++) {
        const body = await api.get<GeoPage>(GEOGRAPHY_PATH, { query: { ...JSON.parse(key), ...(page > 1 ? { geopage: page } : {}) }, signal: controller.signal });
        const features = body.features ?? [];
        for (const f of features) reports.push({ id: f.properties.id, lng: f.geometry.coordinates[0], lat: f.geometry.coordinates[1], createdAt: f.properties.created_at });
        if (features.length < GEO_PAGE_SIZE) break;
      }
      return reports;
    })().then(
      (reports) => setState({ status: 'ready', reports }),
      () => !controller.signal.aborted && setState({ status: 'error' }),
    );
    return () => controller.abort();
  }, [api, key]);
  return state;
}

const icon = () => reportIcon(MARKER_COLOUR);

/** The map's own label: this map picks no location, so it does not offer Enter for one. */
function MapLabel() {
  const map = useMap();
  useEffect(() => map.getContainer().setAttribute('aria-label', T.mapLabel), [map]);
  return null;
}

/** Once the reports are in: the map shows them all (not beyond the maximum zoom). */
function FitReports({ reports }: { reports: MapReport[] }) {
  const map = useMap();
  useEffect(() => {
    if (reports.length === 0) return;
    let [south, west, north, east] = [90, 180, -90, -180];
    for (const r of reports) {
      south = Math.min(south, r.lat);
      north = Math.max(north, r.lat);
      west = Math.min(west, r.lng);
      east = Math.max(east, r.lng);
    }
    map.fitBounds([
      [south, west],
      [north, east],
    ], { padding: [40, 40], maxZoom: 14 });
  }, [map, reports]);
  return null;
}
const label = (r: MapReport) => T.reportLabel(`SIG-${r.id}`);

export default function OverviewMap({ filter, search }: { filter: FilterValues; search: string }) {
  const config = useConfig();
  const geo = useGeography(filter);
  const [selected, setSelected] = useState<MapReport[]>([]);
  const base = useMapBase();
  const reports = geo.status === 'ready' ? geo.reports : [];

  return (
    <div className="ml-overview-map">
      <div className="ml-overview-map__side">
        <p role="status">{geo.status === 'loading' ? T.mapLoading : geo.status === 'ready' ? T.mapCount(reports.length) : ''}</p>
        {geo.status === 'error' && <p role="alert">{T.mapFailed}</p>}
        {search && <p>{T.mapIgnoresSearch}</p>}
        {selected.length > 0 && (
          <section aria-label={T.reportsHere(selected.length)} className="ml-overview-map__selected">
            <h2 className="utrecht-heading-3">{selected.length === 1 ? T.reportLabel(`SIG-${selected[0].id}`) : T.reportsHere(selected.length)}</h2>
            <ul>
              {selected.slice(0, 100).map((r) => (
                <li key={r.id}>
                  <Link to={incidentPage(r.id)}>SIG-{r.id}</Link>
                </li>
              ))}
            </ul>
            <button type="button" className="utrecht-button utrecht-button--subtle" onClick={() => setSelected([])}>
              {T.closeReports}
            </button>
          </section>
        )}
      </div>
      <div className="ml-overview-map__map">
        <MapView {...base} {...PLAIN_MAP} center={config.map.center}>
          <MapLabel />
          <FitReports reports={reports} />
          <ClusterLayer points={reports} iconOf={icon} labelOf={label} clusterLabel={T.clusterLabel} onSelect={setSelected} />
        </MapView>
      </div>
    </div>
  );
}
