/**
 * The overview's calls: one page of the private list for the URL's state, and the
 * check for new reports that keeps the list current without a reload.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@meldloket/engine';
import { useApi } from '../../api/index.ts';
import { effectiveOrdering, listQuery, type FilterValues, type OverviewState } from './filters.ts';
import { SEARCH_PATH, SIGNALS_PATH, type HalPage, type ListSignal } from './types.ts';

export type LoadState =
  | { status: 'loading'; page?: HalPage<ListSignal> }
  | { status: 'ready'; page: HalPage<ListSignal> }
  | { status: 'error'; error: unknown };

/**
 * The call for a state: the list, or with a free-text search the search call (`q`, the
 * same filters and page representation); path and query.
 */
export function pageRequest(state: Pick<OverviewState, 'filter' | 'search' | 'page' | 'ordering'>): { path: string; query: Record<string, string | string[]> } {
  const query = listQuery({ ...state, ordering: effectiveOrdering(state) });
  if (!state.search) return { path: SIGNALS_PATH, query };
  return { path: SEARCH_PATH, query: { ...query, q: state.search } };
}

/** One page of the list; `reload()` fetches it again (new reports, a refreshing filter). */
export function useSignalPage(state: Pick<OverviewState, 'filter' | 'search' | 'page' | 'ordering'>) {
  const api = useApi();
  const [load, setLoad] = useState<LoadState & { key?: string }>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(pageRequest(state));
  useEffect(() => {
    const controller = new AbortController();
    setLoad((l) => ({ status: 'loading', page: l.status === 'ready' ? l.page : undefined }));
    const { path, query } = JSON.parse(key) as ReturnType<typeof pageRequest>;
    api.get<HalPage<ListSignal>>(path, { query, signal: controller.signal }).then(
      (page) => setLoad({ status: 'ready', page, key }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({ status: 'error', error, key });
      },
    );
    return () => controller.abort();
  }, [api, key, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  // a page for another state (the URL just changed) counts as loading from the first render on
  const current: LoadState = load.key === key || load.status === 'loading' ? load : { status: 'loading', page: load.status === 'ready' ? load.page : undefined };
  return { load: current, reload };
}

/** How often the overview asks whether new reports came in: every 30 s (tests shorten it). */
export const NEW_REPORTS_CHECK = { intervalMs: 30_000 };

/**
 * New reports that match `filter` since the list was shown: the newest report's
 * `created_at` is noted when the list loads, and every NEW_REPORTS_CHECK.intervalMs the
 * count of reports made since then is asked for (page_size 1). `since` changes
 * (the list was reloaded) reset the count.
 */
export function useNewReports(filter: FilterValues, enabled: boolean, loadedAt: number) {
  const api = useApi();
  const [count, setCount] = useState(0);
  const key = JSON.stringify(listQuery({ filter }));
  const failed = useRef(false);
  useEffect(() => {
    setCount(0);
    if (!enabled) return;
    const controller = new AbortController();
    const base = JSON.parse(key) as Record<string, string | string[]>;
    let baseline: { since?: string; count: number } | undefined;
    const countSince = async (since: string | undefined) => {
      const query = { ...base, page_size: '1', ordering: '-created_at', ...(since ? { created_after: since } : {}) };
      return api.get<HalPage<ListSignal>>(SIGNALS_PATH, { query, signal: controller.signal });
    };
    const start = async () => {
      // the newest report now, and how many reports the check counts from it (the newest itself, as created_after is inclusive)
      const newest = await countSince(undefined);
      const since = newest.results[0]?.created_at;
      baseline = { since, count: since ? (await countSince(since)).count : newest.count };
    };
    const check = async () => {
      try {
        if (!baseline) return await start();
        const now = await countSince(baseline.since);
        setCount(Math.max(0, now.count - baseline.count));
        failed.current = false;
      } catch (error) {
        if (controller.signal.aborted || (error instanceof ApiError && error.status === 0)) return;
        failed.current = true;
      }
    };
    void check();
    const timer = setInterval(() => void check(), NEW_REPORTS_CHECK.intervalMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [api, key, enabled, loadedAt]);
  return count;
}
