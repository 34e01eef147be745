import { useMemo, useState, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type DataRouter, type RouteObject } from 'react-router';
import type { ApiClient } from '@meldloket/engine';
import { ConfigProvider, type AppConfig } from './config/index.ts';
import { AuthProvider, type AuthState } from './auth/index.ts';
import { ApiProvider } from './api/index.ts';
import { QueryScopeContext, type QueryScope } from './api/query-scope.ts';
import { NotificationProvider } from './notifications/index.ts';
import { AnalyticsProvider, dataLayerAnalytics, type Analytics } from './analytics/index.ts';
import { patchRoutesOnNavigation, routes as defaultRoutes } from './routes.tsx';

export interface AppProvidersProps {
  config: AppConfig;
  analytics?: Analytics;
  auth?: AuthState;
  api?: ApiClient<AbortSignal>;
  children: ReactNode;
}

/** Configuration, session, API, analytics and notifications: everything a screen may use. */
export function AppProviders({ config, analytics = dataLayerAnalytics, auth, api, children }: AppProvidersProps) {
  // the app's query client, made by the first screen that reads through it (src/api/AppQueries.tsx)
  const [queries] = useState<QueryScope>(() => ({}));
  return (
    <ConfigProvider config={config}>
      <NotificationProvider>
        <AuthProvider value={auth} api={api}>
          <ApiProvider client={api}>
            <QueryScopeContext.Provider value={queries}>
              <AnalyticsProvider analytics={analytics}>{children}</AnalyticsProvider>
            </QueryScopeContext.Provider>
          </ApiProvider>
        </AuthProvider>
      </NotificationProvider>
    </ConfigProvider>
  );
}

/** The browser's router over these routes (the settings sections join on their first visit). */
export const createAppRouter = (routes: RouteObject[] = defaultRoutes): DataRouter => createBrowserRouter(routes, { patchRoutesOnNavigation });

/**
 * The app in the browser: the providers around a browser router over every route (or `router`,
 * made and initialised before: the page rendered ahead is taken over by a router that has its
 * screens already, src/ahead/first-page.ts).
 */
export function App({ routes = defaultRoutes, router: ready, ...props }: Omit<AppProvidersProps, 'children'> & { routes?: RouteObject[]; router?: DataRouter }) {
  const router = useMemo(() => ready ?? createAppRouter(routes), [ready, routes]);
  return (
    <AppProviders {...props}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
