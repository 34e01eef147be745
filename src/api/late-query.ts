/**
 * TanStack Query for the screens of the first page (the wizard's step 1 and the app frame's health
 * check), whose scripts must stay small (docs/performance.md): `useLateQuery` reads through the
 * app's one QueryClient (the same cache as AppQueries, src/api/query-scope.ts) with the library's
 * own QueryObserver, loaded at the first idle moment after the app has drawn or taken over the page
 * (src/api/late-query-layer.ts, its own chunk). Until then it gives no data, as a query that has not
 * answered yet; this module imports the library's types only.
 */
import { useContext, useEffect, useRef, useState } from 'react';
import type { LateQueryOptions, LateQueryResult } from './late-query-layer.ts';
import { QueryScopeContext } from './query-scope.ts';

export type { LateQueryOptions, LateQueryResult } from './late-query-layer.ts';

type Layer = typeof import('./late-query-layer.ts');
let layer: Promise<Layer> | null = null;

/** The query library and the app's client, loaded once, when the browser is idle after the page is drawn. */
export function loadQueryLayer(): Promise<Layer> {
  layer ??= new Promise<void>((resolve) => (globalThis.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1)))(() => resolve())).then(() => import('./late-query-layer.ts'));
  return layer;
}

const NOTHING_YET = { data: undefined, error: null };

/** `useQuery` for the first page: the same options and cache, the library loaded after the first paint. */
export function useLateQuery<T>(options: LateQueryOptions<T>): LateQueryResult<T> {
  const scope = useContext(QueryScopeContext);
  const [result, setResult] = useState<LateQueryResult<T>>(NOTHING_YET);
  // the options of the last render (a new queryFn each render); the key says when to observe anew
  const latest = useRef(options);
  latest.current = options;
  const key = JSON.stringify(options.queryKey);
  const enabled = options.enabled !== false;
  useEffect(() => {
    if (!enabled) return;
    let stop: (() => void) | null = null;
    let live = true;
    void loadQueryLayer().then(({ observe }) => {
      if (live) stop = observe(scope, latest.current, setResult);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [scope, key, enabled]);
  return enabled ? result : NOTHING_YET;
}
