/**
 * The app's one QueryClient (src/api/query.ts) around the screens that read through TanStack Query:
 * made by the first such screen and kept in the app's scope (src/api/query-scope.ts), so the back
 * office (its Gate) and the resident's screens outside the first page (`withQueries`) share one
 * cache for the life of the app.
 */
import { useContext, type ComponentType, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { clientIn } from './query.ts';
import { QueryScopeContext } from './query-scope.ts';

export function AppQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={clientIn(useContext(QueryScopeContext))}>{children}</QueryClientProvider>;
}

/** `Screen` inside AppQueries, with its props. */
export function inQueries<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  return function WithQueries(props: P) {
    return (
      <AppQueries>
        <Screen {...props} />
      </AppQueries>
    );
  };
}
