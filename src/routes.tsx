/**
 * Every public route of the app (spec §2). Screens are lazy chunks, so the first
 * page loads only what it shows. To add a screen: add one entry to `publicRoutes`
 * with a `lazy` import of a module whose default export is the screen component.
 */
import { Navigate, type RouteObject } from 'react-router';
import { Layout, PageLoading } from './layout/index.ts';
import { flaggedRoutes } from './feature-routes.tsx';

type ScreenModule = { default: React.ComponentType };

/** A lazy route entry for a module whose default export is the screen. */
export const screen = (load: () => Promise<ScreenModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** Routes inside the front-office layout. */
export const publicRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/incident/beschrijf" replace /> },
  {
    ...screen(() => import('./wizard/WizardRoot.tsx')),
    children: [
      { path: 'incident/:step', ...screen(() => import('./wizard/WizardStepPage.tsx')) },
      { path: 'categorie/:category/:subcategory', ...screen(() => import('./wizard/CategoryEntry.tsx')) },
    ],
  },
  { path: 'onderhoud', ...screen(() => import('./static/MaintenancePage.tsx')) },
  { path: 'toegankelijkheidsverklaring', ...screen(() => import('./static/AccessibilityPage.tsx')) },
  { path: 'incident/reactie/:uuid', ...screen(() => import('./reply/ReplyPage.tsx')) },
  { path: 'verify_email/:token', ...screen(() => import('./verify-email/VerifyEmailPage.tsx')) },
  { path: 'kto/:satisfactionIndication/:uuid', ...screen(() => import('./kto/KtoPage.tsx')) },
  // /meldingenkaart, /kaart, /mijn-meldingen/*: each behind its feature flag
  ...flaggedRoutes,
  { path: '*', ...screen(() => import('./static/NotFoundPage.tsx')) },
];

export const routes: RouteObject[] = [{ element: <Layout />, hydrateFallbackElement: <PageLoading />, children: publicRoutes }];
