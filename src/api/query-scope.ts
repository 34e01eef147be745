/**
 * Where the app keeps its QueryClient (TanStack Query, src/api/query.ts) without loading it: one
 * box per app, made by AppProviders, filled by the first screen that reads through it (AppQueries:
 * the back office's Gate, a resident's screen loaded with src/api/with-queries.ts).
 * The first page uses no query client, so it does not carry its code.
 */
import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

export interface QueryScope {
  client?: QueryClient;
}

export const QueryScopeContext = createContext<QueryScope>({});
