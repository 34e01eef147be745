/**
 * Where the app keeps its QueryClient (TanStack Query, src/api/query.ts) without loading it: one
 * box per app, made by AppProviders, filled by the first back-office screen (BackOfficeQueries).
 * The resident's pages use no query client, so the first page does not carry its code.
 */
import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

export interface QueryScope {
  client?: QueryClient;
}

export const QueryScopeContext = createContext<QueryScope>({});
