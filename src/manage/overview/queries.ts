/**
 * The overview's reads through TanStack Query (docs/architecture.md, 'Data on screens'): keys under
 * ['overview'], made stale by every change of a report (src/manage/incident/queries.ts). The map's
 * points are read here; the list's page and its new-reports check are still the hooks of
 * ./useOverviewData.ts.
 */
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/index.ts';
import { listQuery, type FilterValues } from './filters.ts';
import { GEO_PAGE_SIZE } from '@meldloket/engine';
import { GEOGRAPHY_PATH } from './types.ts';

export const overviewKeys = {
  all: ['overview'] as const,
  geography: (query: Record<string, unknown>) => ['overview', 'geography', query] as const,
};

export interface MapReport {
  id: number;
  lat: number;
  lng: number;
  createdAt: string;
}

interface GeoPage {
  features: { geometry: { coordinates: [number, number] }; properties: { id: number; created_at: string } }[] | null;
}

/** Every report of `filter` with its point, all `geopage`s followed. */
export function useGeography(filter: FilterValues) {
  const api = useApi();
  const query = listQuery({ filter });
  return useQuery({
    queryKey: overviewKeys.geography(query),
    queryFn: async ({ signal }) => {
      const reports: MapReport[] = [];
      for (let page = 1; ; page++) {
        const body = await api.get<GeoPage>(GEOGRAPHY_PATH, { query: { ...query, ...(page > 1 ? { geopage: page } : {}) }, signal });
        const features = body.features ?? [];
        for (const f of features) reports.push({ id: f.properties.id, lng: f.geometry.coordinates[0], lat: f.geometry.coordinates[1], createdAt: f.properties.created_at });
        if (features.length < GEO_PAGE_SIZE) break;
      }
      return reports;
    },
    staleTime: 0,
  });
}
