/**
 * The part of src/api/late-query.ts that carries the query library: observes one query in the
 * app's QueryClient (made here if no screen made it yet) and reports its data and error.
 */
import { QueryObserver, type QueryKey, type QueryObserverResult } from '@tanstack/react-query';
import { clientIn } from './query.ts';
import type { QueryScope } from './query-scope.ts';

export interface LateQueryOptions<T> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  enabled?: boolean;
  retry?: boolean;
  staleTime?: number;
}

/** What a late query gives: its data once it has answered, its error once it has failed. */
export interface LateQueryResult<T> {
  data: T | undefined;
  error: unknown;
}

export function observe<T>(scope: QueryScope, options: LateQueryOptions<T>, report: (result: LateQueryResult<T>) => void): () => void {
  const observer = new QueryObserver<T>(clientIn(scope), options);
  const stop = observer.subscribe((result: QueryObserverResult<T>) => report({ data: result.data, error: result.error }));
  const now = observer.getCurrentResult();
  report({ data: now.data, error: now.error });
  return stop;
}
