import { useMemo, type ReactNode } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ApiClient } from '@meldloket/engine';
import { ConfigProvider, type AppConfig } from './config/index.ts';
import { AuthProvider, type AuthState } from './auth/index.ts';
import { ApiProvider } from './api/index.ts';
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
  return (
    <ConfigProvider config={config}>
      <NotificationProvider>
        <AuthProvider value={auth} api={api}>
          <ApiProvider client={api}>
            <AnalyticsProvider analytics={analytics}>{children}</AnalyticsProvider>
          </ApiProvider>
        </AuthProvider>
      </NotificationProvider>
    </ConfigProvider>
  );
}

/** The app in the browser: the providers around a browser router over every route. */
export function App({ routes = defaultRoutes, ...props }: Omit<AppProvidersProps, 'children'> & { routes?: RouteObject[] }) {
  const router = useMemo(() => createBrowserRouter(routes, { patchRoutesOnNavigation }), [routes]);
  return (
    <AppProviders {...props}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
