/**
 * The overview's reads and writes through TanStack Query (docs/architecture.md, 'Data on screens'):
 * one page of the private list for the URL's state, the check for new reports that keeps the list
 * current without a reload, the map's points, and the user's saved filters. The list's keys are
 * under ['overview'], made stale by every change of a report (src/manage/incident/queries.ts); the
 * saved filters are the user's own (['saved-filters']), changed only by their writes here.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, GEO_PAGE_SIZE } from '@meldloket/engine';
import { useCallback, useMemo } from 'react';
import { useApi } from '../../api/index.ts';
import { useWrite } from '../../api/write.ts';
import { effectiveOrdering, listQuery, toOptions, type FilterValues, type OverviewState } from './filters.ts';
import { FILTERS_PATH, GEOGRAPHY_PATH, SEARCH_PATH, SIGNALS_PATH, type HalPage, type ListSignal, type SavedFilter } from './types.ts';

type Query = Record<string, string | string[]>;

export const overviewKeys = {
  all: ['overview'] as const,
  page: (request: { path: string; query: Query }) => ['overview', 'page', request] as const,
  newReports: (query: Query, loadedAt: number) => ['overview', 'new-reports', query, loadedAt] as const,
  geography: (query: Record<string, unknown>) => ['overview', 'geography', query] as const,
  savedFilters: ['saved-filters'] as const,
};

export type LoadState =
  | { status: 'loading'; page?: HalPage<ListSignal> }
  | { status: 'ready'; page: HalPage<ListSignal> }
  | { status: 'error'; error: unknown };

/**
 * The call for a state: the list, or with a free-text search the search call (`q`, the
 * same filters and page representation); path and query.
 */
export function pageRequest(state: Pick<OverviewState, 'filter' | 'search' | 'page' | 'ordering'>): { path: string; query: Query } {
  const query = listQuery({ ...state, ordering: effectiveOrdering(state) });
  if (!state.search) return { path: SIGNALS_PATH, query };
  return { path: SEARCH_PATH, query: { ...query, q: state.search } };
}

/**
 * One page of the list; `reload()` reads it again (new reports, a merge). While another state's
 * page loads, the page shown before stays (with status 'loading'); `loadedAt` counts the answers.
 */
export function useSignalPage(state: Pick<OverviewState, 'filter' | 'search' | 'page' | 'ordering'>) {
  const api = useApi();
  const request = pageRequest(state);
  const read = useQuery({
    queryKey: overviewKeys.page(request),
    queryFn: ({ signal }) => api.get<HalPage<ListSignal>>(request.path, { query: request.query, signal }),
    placeholderData: keepPreviousData,
    // colleagues add and change reports: the cache is shown at once and read again on every visit
    staleTime: 0,
  });
  const { data, error, isFetching, isError, dataUpdatedAt, refetch } = read;
  const load = useMemo<LoadState>(() => {
    if (isFetching) return { status: 'loading', page: data };
    if (isError) return { status: 'error', error };
    return data ? { status: 'ready', page: data } : { status: 'loading' };
  }, [data, error, isFetching, isError, dataUpdatedAt]);
  const reload = useCallback(() => void refetch(), [refetch]);
  return { load, reload };
}

/** How often the overview asks whether new reports came in: every 30 s (tests shorten it). */
export const NEW_REPORTS_CHECK = { intervalMs: 30_000 };

/**
 * New reports that match `filter` since the list was shown (its `loadedAt`-th answer): the newest
 * report's `created_at` is noted first, and every NEW_REPORTS_CHECK.intervalMs the count of reports
 * made since then is asked for (page_size 1). A new `loadedAt` (the list was read again) starts
 * over at 0. A failed check is not asked again until the next one and leaves the count.
 */
export function useNewReports(filter: FilterValues, enabled: boolean, loadedAt: number) {
  const api = useApi();
  const base = listQuery({ filter });
  const countSince = (since: string | undefined, signal: AbortSignal) =>
    api.get<HalPage<ListSignal>>(SIGNALS_PATH, { query: { ...base, page_size: '1', ordering: '-created_at', ...(since ? { created_after: since } : {}) }, signal });
  const key = overviewKeys.newReports(base, loadedAt);
  // the newest report now, and how many reports the check counts from it (the newest itself, as created_after is inclusive)
  const baseline = useQuery({
    queryKey: [...key, 'baseline'],
    queryFn: async ({ signal }) => {
      const newest = await countSince(undefined, signal);
      const since = newest.results[0]?.created_at ?? null;
      return { since, count: since ? (await countSince(since, signal)).count : newest.count };
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const from = baseline.data;
  const count = useQuery({
    queryKey: [...key, 'count', from],
    queryFn: async ({ signal }) => Math.max(0, (await countSince(from!.since ?? undefined, signal)).count - from!.count),
    enabled: enabled && !!from,
    refetchInterval: NEW_REPORTS_CHECK.intervalMs,
    refetchIntervalInBackground: true,
    gcTime: 0,
    retry: false,
  });
  return enabled ? (count.data ?? 0) : 0;
}

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

export interface SavedFilterInput {
  name: string;
  refresh: boolean;
  show_on_overview: boolean;
  filter: FilterValues;
}

const filterBody = (input: SavedFilterInput) => ({ name: input.name, refresh: input.refresh, show_on_overview: input.show_on_overview, options: toOptions(input.filter) });

/**
 * The user's saved filters (docs/reference/api.md#private `/signals/v1/private/me/filters/`): the
 * list, and create, update and remove (writes whose outcome the screen shows), each putting its answer in the list.
 */
export function useSavedFilters() {
  const api = useApi();
  const client = useQueryClient();
  const read = useQuery({
    queryKey: overviewKeys.savedFilters,
    queryFn: async ({ signal }) => {
      const page = await api.get<HalPage<SavedFilter> | undefined>(FILTERS_PATH, { query: { page_size: 1000 }, signal });
      // an answer without a list is a failure too, never a crash
      if (!Array.isArray(page?.results)) throw new Error('no saved filters in the answer');
      return page.results;
    },
    retry: false,
  });
  const change = (edit: (list: SavedFilter[]) => SavedFilter[]) => client.setQueryData<SavedFilter[]>(overviewKeys.savedFilters, (list) => edit(list ?? []));
  const create = useWrite({
    write: (input: SavedFilterInput) => api.post<SavedFilter>(FILTERS_PATH, filterBody(input)),
    onSuccess: (saved) => change((list) => [...list, saved]),
  });
  const update = useWrite({
    write: ({ id, input }: { id: number; input: SavedFilterInput }) => api.patch<SavedFilter>(apiPath(API_PATHS.meFilter, { id }), filterBody(input)),
    onSuccess: (saved, { id }) => change((list) => list.map((f) => (f.id === id ? saved : f))),
  });
  const remove = useWrite({
    write: (id: number) => api.delete(apiPath(API_PATHS.meFilter, { id })),
    onSuccess: (_, id) => change((list) => list.filter((f) => f.id !== id)),
  });
  return { filters: read.data ?? [], failed: read.isError, loaded: !read.isPending, create: create.run, update: update.run, remove: remove.run, saving: create.busy || update.busy };
}
