/**
 * The open reports in and around the visible box, from the public geography call
 * (docs/reference/api.md#geography): fetched again as the map moves out of the box loaded last or the
 * filter changes, every page of `geopage` (4000 a page) followed, earlier requests
 * aborted. Reports carry no id: a category, a date and a point.
 */
import { API_PATHS, GEO_PAGE_SIZE } from '@meldloket/engine';
import { useEffect, useRef, useState } from 'react';
import { isAbort } from '../map/services/index.ts';
import type { Bbox } from '../map/services/index.ts';
import { useApi } from '../api/index.ts';
import type { CategoryQuery } from './categories.ts';

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

/** `view` undefined: not yet known; `query` null: nothing chosen, so nothing shown. */
export function useReports(view: Bbox | undefined, query: CategoryQuery | null): ReportsState {
  const api = useApi();
  const [state, setState] = useState<ReportsState>({ reports: [], loading: false, failed: false });
  const loaded = useRef<{ box: Bbox; key: string } | null>(null);
  const key = JSON.stringify(query);

  useEffect(() => {
    if (!view) return;
    if (query === null) {
      loaded.current = null;
      setState({ reports: [], loading: false, failed: false });
      return;
    }
    if (loaded.current && loaded.current.key === key && contains(loaded.current.box, view)) return;
    const box = grow(view);
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((s) => ({ ...s, loading: true }));
      try {
        const bbox = [box.west, box.south, box.east, box.north].map((n) => n.toFixed(6)).join(',');
        const reports: PublicReport[] = [];
        for (let page = 1; ; page++) {
          const body = await api.get<{ features: Feature[] | null }>(API_PATHS.publicGeography, {
            query: { bbox, ...query, ...(page > 1 ? { geopage: page } : {}) },
            signal: controller.signal,
          });
          const features = body.features ?? [];
          for (const f of features) reports.push({ lng: f.geometry.coordinates[0], lat: f.geometry.coordinates[1], category: f.properties.category, createdAt: f.properties.created_at });
          if (features.length < GEO_PAGE_SIZE) break;
        }
        loaded.current = { box, key };
        setState({ reports, loading: false, failed: false });
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, failed: true }));
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view?.west, view?.south, view?.east, view?.north, key, api]);

  return state;
}
