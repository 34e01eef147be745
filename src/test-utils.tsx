/** Helpers for the app's jsdom tests: the real routes in a memory router with a stubbed fetch. */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { createApiClient, type FetchResponse } from '@meldloket/engine';
import { AppProviders } from './App.tsx';
import type { ConfigOverride } from './config/index.ts';
import { loadConfig } from './config/load.ts';
import type { AuthState } from './auth/index.ts';
import type { Analytics } from './analytics/index.ts';
import { patchRoutesOnNavigation, routes as appRoutes } from './routes.tsx';

// jsdom has no scrolling
window.scrollTo = () => {};

export type FetchHandler = (url: string, init: { method?: string; body?: string }) => { status?: number; body?: unknown } | undefined;

/** A fetch answering from `handler` (JSON bodies); unknown calls answer 404. */
export function stubFetch(handler: FetchHandler) {
  return vi.fn(async (url: string, init: { method?: string; body?: string } = {}): Promise<FetchResponse> => {
    const answer = handler(url, init) ?? { status: 404, body: { detail: 'Niet gevonden.' } };
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: String(status),
      headers: { get: (name: string) => (name.toLowerCase() === 'content-type' && text ? 'application/json' : null) },
      json: async () => JSON.parse(text),
      text: async () => text,
      blob: async () => new Blob([text]),
    };
  });
}

export interface RenderAppOptions {
  path?: string;
  config?: ConfigOverride;
  fetch?: ReturnType<typeof stubFetch>;
  auth?: AuthState;
  analytics?: Analytics;
  routes?: RouteObject[];
}

export function renderApp({ path = '/', config, fetch = stubFetch(() => ({ status: 200 })), auth, analytics, routes = appRoutes }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  const api = createApiClient<AbortSignal>({ fetch });
  const result = render(
    <AppProviders config={loadConfig(config)} api={api} auth={auth} analytics={analytics}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, fetch };
}
