/**
 * The areas of one type on the map (docs/routing.md, /instellingen/gebieden): a choice of area type
 * (first the one with the fewest areas),
 * each area of it drawn as a coloured polygon over the configured background map (the stand-in
 * tiles in development and tests), its name on hover, and a legend pairing each colour with its
 * area's name. The polygons come from `GET /private/areas/?geometry=true` (sia_read). A lazy chunk
 * with Leaflet (AreasSection loads it on demand); the table and the legend name the same areas for
 * whoever does not use the map.
 */
import { API_PATHS } from '@meldloket/engine';
import { useQuery } from '@tanstack/react-query';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useEffect, useId, useMemo, useState } from 'react';
import { GeoJSON, useMap } from 'react-leaflet';
import { useApi } from '../../api/index.ts';
import { useConfig } from '../../config/index.ts';
import MapView from '../../map/MapView.tsx';
import { PLAIN_MAP, useMapBase } from '../../map/useMapSettings.ts';
import '../../map/map.css';
import { AREAS_TEXTS as T } from './texts.ts';
import { SelectField } from '../../forms/index.ts';

export interface AreaShape {
  id: number;
  code: string;
  name: string;
  type: { code: string; name: string };
  geometry: Geometry;
}
interface AreasWithGeometry {
  types: { code: string; name: string; count: number }[];
  results: AreaShape[];
}

/** The query of the areas with their polygons; an import invalidates `['areas']`. */
export const AREAS_GEOMETRY_KEY = ['areas', 'geometry'] as const;

/** Colours that stay apart from each other and from the grey background map; the legend names each. */
const PALETTE = ['#00527f', '#c0001c', '#2d7d1e', '#8a3ea8', '#b35900', '#006e6e', '#5c5c00', '#a3005a'];
export const colourOf = (index: number): string => PALETTE[index % PALETTE.length];

/** Every [lng, lat] of a Polygon or MultiPolygon. */
function positions(geometry: Geometry): number[][] {
  if (geometry.type === 'Polygon') return geometry.coordinates.flat();
  if (geometry.type === 'MultiPolygon') return geometry.coordinates.flat(2);
  return [];
}

/** The map shows all areas of the chosen type, again whenever the type changes. */
function FitAreas({ areas }: { areas: AreaShape[] }) {
  const map = useMap();
  useEffect(() => {
    const points = areas.flatMap((a) => positions(a.geometry));
    if (points.length === 0) return;
    const lngs = points.map((p) => p[0]);
    const lats = points.map((p) => p[1]);
    map.fitBounds(
      [
        [Math.min(...lats), Math.min(...lngs)],
        [Math.max(...lats), Math.max(...lngs)],
      ],
      { padding: [16, 16], animate: false },
    );
  }, [map, areas]);
  return null;
}

/** The map's own label (it picks no location, so it does not offer Enter for one). */
function MapLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => map.getContainer().setAttribute('aria-label', label), [map, label]);
  return null;
}

export default function AreasMap() {
  const api = useApi();
  const config = useConfig();
  const base = useMapBase();
  const id = useId();
  const query = useQuery({
    queryKey: AREAS_GEOMETRY_KEY,
    queryFn: ({ signal }) => api.get<AreasWithGeometry>(API_PATHS.areas, { query: { geometry: 'true' }, signal }),
  });
  const types = useMemo(() => (query.data?.types ?? []).filter((t) => t.count > 0), [query.data]);
  const [chosen, setChosen] = useState('');
  // first the coarsest type (the fewest areas: the districts rather than the neighbourhoods)
  const coarsest = types.reduce<(typeof types)[number] | undefined>((best, t) => (!best || t.count < best.count ? t : best), undefined);
  const typeCode = types.some((t) => t.code === chosen) ? chosen : (coarsest?.code ?? '');
  const type = types.find((t) => t.code === typeCode);
  const areas = useMemo(() => (query.data?.results ?? []).filter((a) => a.type.code === typeCode), [query.data, typeCode]);
  const collection = useMemo<FeatureCollection>(
    () => ({ type: 'FeatureCollection', features: areas.map((a, index): Feature => ({ type: 'Feature', id: a.id, properties: { name: a.name, code: a.code, colour: colourOf(index) }, geometry: a.geometry })) }),
    [areas],
  );

  if (query.isPending) return <p className="utrecht-paragraph" role="status">{T.mapLoading}</p>;
  if (query.isError) return <p className="utrecht-paragraph" role="alert">{T.mapFailed}</p>;
  if (!type) return null;
  return (
    <section className="ml-areas-map" aria-labelledby={`${id}-title`}>
      <h2 className="utrecht-heading-2" id={`${id}-title`}>
        {T.mapTitle}
      </h2>
      <SelectField id={`${id}-type`} label={T.mapType} hideOptional value={typeCode} onChange={setChosen}>
        {types.map((t) => (
          <option key={t.code} value={t.code}>
            {t.name}
          </option>
        ))}
      </SelectField>
      <div className="ml-areas-map__layout">
        <div className="ml-areas-map__map">
          <MapView {...base} {...PLAIN_MAP} center={config.map.center}>
            <MapLabel label={T.mapLabel(type.name)} />
            <FitAreas areas={areas} />
            <GeoJSON
              key={typeCode}
              data={collection}
              style={(feature) => ({ color: feature?.properties.colour, weight: 2, fillOpacity: 0.25, className: 'ml-areas-map__shape' })}
              onEachFeature={(feature, layer) => layer.bindTooltip(String(feature.properties.name), { sticky: true, className: 'ml-areas-map__tooltip' })}
            />
          </MapView>
        </div>
        <section className="ml-areas-map__legend" aria-labelledby={`${id}-legend`}>
          <h3 className="utrecht-heading-3" id={`${id}-legend`}>
            {T.legend(type.name)}
          </h3>
          <ul>
            {areas.map((area, index) => (
              <li key={area.id}>
                <span className="ml-areas-map__swatch" style={{ borderColor: colourOf(index), backgroundColor: `${colourOf(index)}40` }} aria-hidden="true" />
                <span>
                  {area.name} <span className="ml-areas-map__code">({area.code})</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </section>
  );
}
