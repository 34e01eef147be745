import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ApiClient } from '@meldloket/engine';
import { useConfig } from '../config/index.ts';
import { useAuth } from '../auth/index.ts';
import { createBrowserApi } from './client.ts';

const ApiContext = createContext<ApiClient<AbortSignal> | null>(null);

/** Provides the API client; `client` overrides the default (tests). */
export function ApiProvider({ client, children }: { client?: ApiClient<AbortSignal>; children: ReactNode }) {
  const config = useConfig();
  const { getToken } = useAuth();
  // getToken is stable and reads the current token per call: a refreshed token needs no new client
  const value = useMemo(() => client ?? createBrowserApi(config, getToken), [client, config, getToken]);
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient<AbortSignal> {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi needs an ApiProvider');
  return api;
}
