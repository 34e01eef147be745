/**
 * What the public maps show of the open reports in and around the visible box: the clusters
 * and single reports the server made for the view's zoom level (docs/reference/api.md#clusters),
 * a few hundred at most however many reports there are. Asked again as the map moves out of
 * the box loaded last, zooms or the filter changes, earlier requests aborted (TanStack Query,
 * docs/architecture.md 'Data on screens'); and the public categories. Reports carry no id: a
 * category, a date and a point.
 */
import { API_PATHS, MAP_CLUSTERS, spanInPixels } from '@meldloket/engine';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Bbox } from '../map/services/index.ts';
import { useApi } from '../api/index.ts';
import { fetchPublicCategories, type CategoryQuery } from './categories.ts';

export interface PublicReport {
  lng: number;
  lat: number;
  category: { name: string; slug: string; parent: { name: string; slug: string } };
  createdAt: string;
}

/** One thing on the map: a single report, or a cluster of `count` the server made. */
export interface MapItem {
  lng: number;
  lat: number;
  count: number;
  /** A cluster: the zoom level (Web Mercator) at which it splits. */
  expansionZoom?: number;
  /** A single report. */
  report?: PublicReport;
}

type Feature = {
  geometry: { coordinates: [number, number] };
  properties: { cluster?: boolean; point_count?: number; expansion_zoom?: number; category?: PublicReport['category']; created_at?: string };
};

const toItem = (f: Feature): MapItem => {
  const [lng, lat] = f.geometry.coordinates;
  const p = f.properties;
  if (p.cluster) return { lng, lat, count: p.point_count ?? 0, expansionZoom: p.expansion_zoom };
  return { lng, lat, count: 1, report: { lng, lat, category: p.category!, createdAt: p.created_at! } };
};

/** The box asked for is the view grown by this fraction on every side, so short pans need no new call. */
const MARGIN = 0.5;
const DEBOUNCE_MS = 150;

const contains = (outer: Bbox, inner: Bbox) => inner.west >= outer.west && inner.east <= outer.east && inner.south >= outer.south && inner.north <= outer.north;

/** The view grown by MARGIN, as far as the call answers at `zoom` (MAP_CLUSTERS.maxSpanPx, shrunk around the centre when the view itself is wider). */
function grow(box: Bbox, zoom: number): Bbox {
  const span = spanInPixels([box.west, box.south, box.east, box.north], zoom);
  const fx = Math.min(1 + 2 * MARGIN, (MAP_CLUSTERS.maxSpanPx - 1) / span.x);
  const fy = Math.min(1 + 2 * MARGIN, (MAP_CLUSTERS.maxSpanPx - 1) / span.y);
  const dx = ((box.east - box.west) * (fx - 1)) / 2;
  const dy = ((box.north - box.south) * (fy - 1)) / 2;
  return { west: box.west - dx, east: box.east + dx, south: box.south - dy, north: box.north + dy };
}

export interface ReportsState {
  items: MapItem[];
  loading: boolean;
  failed: boolean;
}

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** The public categories (docs/reference/api.md), read once for the map's filter and legend. */
export function usePublicCategories() {
  const api = useApi();
  return useQuery({ queryKey: ['public-map', 'categories'], queryFn: ({ signal }) => fetchPublicCategories(api, signal), staleTime: Infinity });
}

/**
 * `view` undefined: not yet known; `zoom`: the view's level in Web Mercator terms (past
 * MAP_CLUSTERS.maxZoom every report comes on its own); `query` null: nothing chosen, so nothing shown. The box asked
 * for stays while the view stays in it; a new box or filter is asked for once the view has rested
 * DEBOUNCE_MS. While it loads, and when it failed, the reports of the box before stay on the map.
 */
export function useReports(view: Bbox | undefined, zoom: number, query: CategoryQuery | null): ReportsState {
  const api = useApi();
  const level = Math.max(0, Math.min(MAP_CLUSTERS.maxZoom + 1, Math.round(zoom)));
  const key = JSON.stringify([query, level]);
  const now = view && query !== null ? `${key}|${view.west},${view.south},${view.east},${view.north}` : '';
  const settled = useSettled(now, DEBOUNCE_MS);
  // the box asked for last, with its filter: a settled view inside it asks nothing new
  const [asked, setAsked] = useState<{ box: Bbox; key: string } | null>(null);
  // the view is outside what was asked for (or the filter or level changed): a new ask follows once it rests
  const stale = !!now && !!view && !(asked && asked.key === key && contains(asked.box, view));
  if (stale && settled === now) setAsked({ box: grow(view, level), key });
  const box = asked && asked.key === key && query !== null ? asked.box : undefined;
  const read = useQuery({
    queryKey: ['public-map', 'clusters', box, query, level],
    queryFn: async ({ signal }) => {
      const bbox = [box!.west, box!.south, box!.east, box!.north].map((n) => n.toFixed(6)).join(',');
      const body = await api.get<{ features: Feature[] | null }>(API_PATHS.publicClusters, { query: { bbox, zoom: level, ...query }, signal });
      return (body.features ?? []).map(toItem);
    },
    enabled: !!box,
    // while a new box or level loads, what was shown stays, for the same filter only
    placeholderData: (previous, before) => (before && JSON.stringify(before.queryKey[3]) === JSON.stringify(query) ? previous : undefined),
  });
  // the reports last shown stay when a read fails
  const shown = useRef<MapItem[]>([]);
  if (read.data) shown.current = read.data;
  if (query === null) {
    shown.current = [];
    return { items: [], loading: false, failed: false };
  }
  // loading from the moment the view needs a new ask, not only once it is sent: the status says so
  // (and a person or test waiting for the map's reports knows they are not in yet)
  return { items: read.data ?? shown.current, loading: stale || read.isFetching, failed: read.isError };
}
