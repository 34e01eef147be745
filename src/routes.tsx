/**
 * Every route of the app (docs/reference/screens.md#routes). Screens are lazy chunks, so the first
 * page loads only what it shows. To add a screen: add one entry to `publicRoutes`
 * with a `lazy` import of a module whose default export is the screen component.
 */
import { APP_PATHS } from '@meldloket/engine';
import { Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { Layout, LayoutLoading } from './layout/index.ts';
import type { BackOfficeHandle } from './manage/routeAccess.ts';
import { flaggedRoutes, type LayoutHandle } from './feature-routes.tsx';
import { OVERVIEW_HEADING } from './layout/texts.ts';
import { stepTitle } from './wizard/texts.ts';
import { withQueries } from './api/with-queries.ts';

type ScreenModule = { default: React.ComponentType };

/** A lazy route entry for a module whose default export is the screen. */
export const screen = (load: () => Promise<ScreenModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

const needs = (handle: BackOfficeHandle) => ({ handle });

const SETTINGS_ROUTE_ID = 'instellingen';

/** The screens of /manage/*, behind the gate. */
const manageScreens: RouteObject[] = [
  { path: 'incidents', handle: { heading: () => OVERVIEW_HEADING } satisfies LayoutHandle, ...screen(() => import('./manage/OverviewPage.tsx')) },
  { path: 'incident/:id', ...screen(() => import('./manage/IncidentPage.tsx')) },
  { path: 'signalering', ...screen(() => import('./manage/SignaleringPage.tsx')) },
  { path: 'mijn-mail', ...screen(() => import('./manage/MyNotificationsPage.tsx')) },
  {
    path: 'v1/standaardteksten',
    ...needs({ area: 'defaultTexts', flag: 'showStandardTextAdminV1' }),
    ...screen(() => import('./manage/DefaultTextsPage.tsx')),
  },
  {
    path: 'v2/standaardteksten',
    ...needs({ area: 'defaultTexts', flag: 'showStandardTextAdminV2' }),
    ...screen(() => import('./manage/DefaultTextsPage.tsx')),
  },
  { path: '*', ...screen(() => import('./static/NotFoundPage.tsx')) },
];

/**
 * The back office (docs/reference/screens.md#routes): /login → /manage → /manage/incidents; /manage/* and
 * /instellingen/* behind the sign-in and the access table of docs/reference/permissions.md#roles (`handle.area`).
 * Every screen is a lazy chunk the public first page never loads.
 */
export const backOfficeRoutes: RouteObject[] = [
  { path: 'login', element: <Navigate to="/manage" replace /> },
  { path: 'login/callback', handle: { layout: 'staff' } satisfies LayoutHandle, ...screen(() => import('./auth/CallbackPage.tsx')) },
  {
    path: 'manage',
    children: [
      { index: true, element: <Navigate to={APP_PATHS.incidents} replace /> },
      { ...screen(() => import('./manage/ManageRoot.tsx')), children: manageScreens },
    ],
  },
  {
    id: SETTINGS_ROUTE_ID,
    path: 'instellingen',
    ...needs({ area: 'settings' }),
    ...screen(() => import('./settings/SettingsRoot.tsx')),
    // the sections' routes are added by `patchRoutesOnNavigation` below
    children: [
      { index: true, ...screen(() => import('./settings/SettingsIndex.tsx')) },
      { path: '*', ...screen(() => import('./manage/BackOfficeNotFoundPage.tsx')) },
    ],
  },
];

/**
 * The settings sections (`src/settings/sections.ts`) join the route table when a path under
 * /instellingen/ is first visited, so the first page carries no back-office table.
 * Pass to the router: `createBrowserRouter(routes, { patchRoutesOnNavigation })`.
 */
export const patchRoutesOnNavigation: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!path.startsWith('/instellingen/')) return;
  const { SETTINGS_SECTIONS } = await import('./settings/sections.ts');
  patch(
    SETTINGS_ROUTE_ID,
    SETTINGS_SECTIONS.map((section) => ({
      path: `${section.path}/*`,
      ...needs({ area: section.area }),
      ...screen(section.load),
    })),
  );
};

/** Routes inside the front-office layout. */
export const publicRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/incident/beschrijf" replace /> },
  {
    ...screen(() => import('./wizard/WizardRoot.tsx')),
    children: [
      { path: 'incident/:step', handle: { heading: ({ step }) => stepTitle(step), introMap: ({ step }) => step === 'vulaan' } satisfies LayoutHandle, ...screen(() => import('./wizard/WizardStepPage.tsx')) },
      { path: 'categorie/:category/:subcategory', ...screen(withQueries(() => import('./wizard/CategoryEntry.tsx'))) },
    ],
  },
  { path: 'onderhoud', ...screen(() => import('./static/MaintenancePage.tsx')) },
  { path: 'toegankelijkheidsverklaring', ...screen(() => import('./static/AccessibilityPage.tsx')) },
  { path: 'privacy', ...screen(() => import('./static/PrivacyPage.tsx')) },
  { path: 'incident/reactie/:uuid', ...screen(withQueries(() => import('./reply/ReplyPage.tsx'))) },
  { path: 'verify_email/:token', ...screen(withQueries(() => import('./verify-email/VerifyEmailPage.tsx'))) },
  // a follower's links (docs/duplicates.md): confirm, stop following
  { path: 'volgen/:action/:token', ...screen(withQueries(() => import('./follow/FollowLinkPage.tsx'))) },
  { path: 'kto/:satisfactionIndication/:uuid', ...screen(withQueries(() => import('./kto/KtoPage.tsx'))) },
  // /meldingenkaart, /kaart, /mijn-meldingen/*: each behind its feature flag
  ...flaggedRoutes,
  { path: '*', ...screen(() => import('./static/NotFoundPage.tsx')) },
];

// The wizard's texts give the step routes their loading heading. An edited text is redrawn in place by
// Fast Refresh (the screens that show it are components); this module takes the new texts module
// without being run again, so `npm run dev` does not reload the page for it (tests/e2e/dev-refresh.e2e.ts).
if (import.meta.hot) import.meta.hot.accept('./wizard/texts.ts', () => undefined);

export const routes: RouteObject[] = [
  { element: <Layout />, hydrateFallbackElement: <LayoutLoading />, children: [...backOfficeRoutes, ...publicRoutes] },
];
