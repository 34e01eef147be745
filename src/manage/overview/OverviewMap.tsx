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
import { useConfig } from '../../config/index.ts';
import { ClusterLayer, reportIcon } from '../../map/ClusterLayer.tsx';
import MapView from '../../map/MapView.tsx';
import { PLAIN_MAP, useMapBase } from '../../map/useMapSettings.ts';
import '../../map/map.css';
import type { FilterValues } from './filters.ts';
import { useGeography, type MapReport } from './queries.ts';
import { OVERVIEW_TEXTS as T } from './texts.ts';

const MARKER_COLOUR = '#00527f';

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
  const geography = useGeography(filter);
  const geo = geography.isSuccess ? { status: 'ready' as const, reports: geography.data } : { status: geography.isError ? ('error' as const) : ('loading' as const) };
  const [selected, setSelected] = useState<MapReport[]>([]);
  const base = useMapBase();
  const reports = geography.data ?? [];

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
