import { createApiClient, type ApiClient } from '@meldloket/engine';
import type { AppConfig } from '../config/index.ts';

/** The engine's HTTP client with the browser's fetch, against the configured API base. */
export function createBrowserApi(config: AppConfig, getToken: () => string | null = () => null): ApiClient<AbortSignal> {
  return createApiClient<AbortSignal>({
    fetch: (url, init) => window.fetch(url, init),
    baseUrl: config.endpoints.api,
    getToken,
  });
}
