/**
 * The app's data layer for the screens that use it (TanStack Query, docs/architecture.md 'Data on
 * screens'): one QueryClient per app, made at the root. A refusal (4xx) is not asked again; a fault
 * or a lost connection once more. Screens read again only when a write says what it changed
 * (invalidateQueries), not when the window regains focus: a form being filled in is never
 * overwritten under the author's hands.
 */
import { ApiError } from '@meldloket/engine';
import { QueryClient } from '@tanstack/react-query';
import type { QueryScope } from './query-scope.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one client: the one in its scope, or a new one put there (the first screen that reads through it). */
export function clientIn(scope: QueryScope): QueryClient {
  scope.client ??= createQueryClient();
  return scope.client;
}
