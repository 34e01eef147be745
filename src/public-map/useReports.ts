/**
 * The open reports in and around the visible box, from the public geography call
 * (docs/reference/api.md#geography): fetched again as the map moves out of the box loaded last or the
 * filter changes, every page of `geopage` (4000 a page) followed, earlier requests
 * aborted (TanStack Query, docs/architecture.md 'Data on screens'); and the public categories. Reports carry no id: a category, a date and a point.
 */
import { API_PATHS, GEO_PAGE_SIZE } from '@meldloket/engine';
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

interface Feature {
  geometry: { coordinates: [number, number] };
  properties: { category: PublicReport['category']; created_at: string };
}

/** The box asked for is the view grown by this fraction on every side, so short pans need no new call. */
const MARGIN = 0.5;
const DEBOUNCE_MS = 150;

const contains = (outer: Bbox, inner: Bbox) => inner.west >= outer.west && inner.east <= outer.east && inner.south >= outer.south && inner.north <= outer.north;

function grow(box: Bbox): Bbox {
  const dx = (box.east - box.west) * MARGIN;
  const dy = (box.north - box.south) * MARGIN;
  return { west: box.west - dx, east: box.east + dx, south: box.south - dy, north: box.north + dy };
}

export interface ReportsState {
  reports: PublicReport[];
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
 * `view` undefined: not yet known; `query` null: nothing chosen, so nothing shown. The box asked
 * for stays while the view stays in it; a new box or filter is asked for once the view has rested
 * DEBOUNCE_MS. While it loads, and when it failed, the reports of the box before stay on the map.
 */
export function useReports(view: Bbox | undefined, query: CategoryQuery | null): ReportsState {
  const api = useApi();
  const key = JSON.stringify(query);
  const now = view && query !== null ? `${key}|${view.west},${view.south},${view.east},${view.north}` : '';
  const settled = useSettled(now, DEBOUNCE_MS);
  // the box asked for last, with its filter: a settled view inside it asks nothing new
  const [asked, setAsked] = useState<{ box: Bbox; key: string } | null>(null);
  if (now && settled === now && view && !(asked && asked.key === key && contains(asked.box, view))) setAsked({ box: grow(view), key });
  const box = asked && asked.key === key && query !== null ? asked.box : undefined;
  const read = useQuery({
    queryKey: ['public-map', 'reports', box, query],
    queryFn: async ({ signal }) => {
      const bbox = [box!.west, box!.south, box!.east, box!.north].map((n) => n.toFixed(6)).join(',');
      const reports: PublicReport[] = [];
      for (let page = 1; ; page++) {
        const body = await api.get<{ features: Feature[] | null }>(API_PATHS.publicGeography, { query: { bbox, ...query, ...(page > 1 ? { geopage: page } : {}) }, signal });
        const features = body.features ?? [];
        for (const f of features) reports.push({ lng: f.geometry.coordinates[0], lat: f.geometry.coordinates[1], category: f.properties.category, createdAt: f.properties.created_at });
        if (features.length < GEO_PAGE_SIZE) break;
      }
      return reports;
    },
    enabled: !!box,
    // while a new box loads, the reports of the box before stay, for the same filter only
    placeholderData: (previous, before) => (before && JSON.stringify(before.queryKey[3]) === key ? previous : undefined),
  });
  // the reports last shown stay when a read fails
  const shown = useRef<PublicReport[]>([]);
  if (read.data) shown.current = read.data;
  if (query === null) {
    shown.current = [];
    return { reports: [], loading: false, failed: false };
  }
  return { reports: read.data ?? shown.current, loading: read.isFetching, failed: read.isError };
}
