/** The user's saved filters (docs/reference/api.md#private `/signals/v1/private/me/filters/`): list, create, update, remove. */
import { apiPath, API_PATHS } from '@meldloket/engine';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../api/index.ts';
import { toOptions, type FilterValues } from './filters.ts';
import { FILTERS_PATH, type HalPage, type SavedFilter } from './types.ts';

export interface SavedFilterInput {
  name: string;
  refresh: boolean;
  show_on_overview: boolean;
  filter: FilterValues;
}

const body = (input: SavedFilterInput) => ({ name: input.name, refresh: input.refresh, show_on_overview: input.show_on_overview, options: toOptions(input.filter) });

export function useSavedFilters() {
  const api = useApi();
  const [filters, setFilters] = useState<SavedFilter[]>([]);
  const [failed, setFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get<HalPage<SavedFilter> | undefined>(FILTERS_PATH, { query: { page_size: 1000 }, signal: controller.signal })
      .then((page) => {
        // an answer without a list is a failure too, never a crash
        if (!Array.isArray(page?.results)) throw new Error('no saved filters in the answer');
        setFilters(page.results);
        setLoaded(true);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setFailed(true);
        setLoaded(true);
      });
    return () => controller.abort();
  }, [api]);

  const create = useCallback(
    async (input: SavedFilterInput) => {
      const saved = await api.post<SavedFilter>(FILTERS_PATH, body(input));
      setFilters((list) => [...list, saved]);
      return saved;
    },
    [api],
  );
  const update = useCallback(
    async (id: number, input: SavedFilterInput) => {
      const saved = await api.patch<SavedFilter>(apiPath(API_PATHS.meFilter, { id }), body(input));
      setFilters((list) => list.map((f) => (f.id === id ? saved : f)));
      return saved;
    },
    [api],
  );
  const remove = useCallback(
    async (id: number) => {
      await api.delete(apiPath(API_PATHS.meFilter, { id }));
      setFilters((list) => list.filter((f) => f.id !== id));
    },
    [api],
  );
  return { filters, failed, loaded, create, update, remove };
}
