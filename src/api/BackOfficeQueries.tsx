/**
 * The query client around the back office's screens (the sign-in's Gate draws it): the app's one
 * QueryClient, made on the first back-office screen and kept in the app's scope, so /manage and
 * /instellingen share one cache for the life of the app.
 */
import { useContext, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query.ts';
import { QueryScopeContext } from './query-scope.ts';

export function BackOfficeQueries({ children }: { children: ReactNode }) {
  const scope = useContext(QueryScopeContext);
  scope.client ??= createQueryClient();
  return <QueryClientProvider client={scope.client}>{children}</QueryClientProvider>;
}
