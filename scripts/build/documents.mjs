/**
 * The source modules the build names by path (vite.config.ts): what the first page and the
 * documents of the parts opened directly preload (first-page.mjs), and the entry drawn ahead
 * (prerender.mjs). A path here that no longer exists stops the build, and
 * server/test/build-documents.test.ts fails on it before any build: a rename must be made here too.
 */

/** The lazy screens of the first page (/incident/beschrijf), preloaded from index.html. */
export const FIRST_PAGE_MODULES = ['src/wizard/WizardRoot.tsx', 'src/wizard/WizardStepPage.tsx', 'src/wizard/steps/StepForm.tsx', 'src/wizard/state/formModule.ts'];

/**
 * What every back-office document names besides its screens: the staff menu (in every one of them),
 * the sign-in code (a reload signs in again through the provider: tokens live in the tab's memory)
 * and the query layer the app frame's health check reads through once the page is drawn
 * (src/api/late-query.ts; its library is the one the back office's screens use).
 */
const STAFF_FRAME = ['src/layout/StaffMenu.tsx', 'src/auth/oidc.ts', 'src/api/late-query-layer.ts'];

/**
 * The documents of the parts of the app a person opens directly (served for paths under `prefix`),
 * each preloading that part's lazy screens instead of the first page's, and sent with its frame
 * drawn ahead (`frame`, src/ahead/entry-server.tsx). The back office: its screens and the staff menu,
 * which is in every one of them. The wizard's map step (opened by reloading it, or coming back
 * to it): the wizard's screens, the step's location and date widgets, and the small map the step
 * draws at once (drawn without Leaflet; the full-screen map's code is loaded when it is opened).
 */
export const ROUTE_DOCUMENTS = [
  { name: 'manage-incident', prefix: '/manage/incident/', frame: 'staff', modules: ['src/manage/ManageRoot.tsx', 'src/manage/IncidentPage.tsx', ...STAFF_FRAME] },
  // the overview's own document: its frame carries the overview's heading (its route's handle.heading)
  { name: 'manage-overview', prefix: '/manage/incidents', frame: 'staff', modules: ['src/manage/ManageRoot.tsx', 'src/manage/OverviewPage.tsx', ...STAFF_FRAME] },
  { name: 'manage', prefix: '/manage/', frame: 'staff', modules: ['src/manage/ManageRoot.tsx', 'src/manage/OverviewPage.tsx', ...STAFF_FRAME] },
  // the callback a sign-in comes back on is drawn in the staff frame too
  { name: 'login-callback', prefix: '/login/callback', frame: 'staff', modules: ['src/auth/CallbackPage.tsx', 'src/manage/ManageRoot.tsx', 'src/manage/OverviewPage.tsx', ...STAFF_FRAME] },
  {
    name: 'incident-vulaan',
    prefix: '/incident/vulaan',
    frame: 'visitor',
    modules: [...FIRST_PAGE_MODULES, 'renderer/src/fields/LocationSelect/index.ts', 'renderer/src/fields/DateTimeInput/index.ts', 'src/map/IntroMap.tsx'],
  },
];

/** The entry drawn ahead on the server and the scripts it inlines (prerender.mjs). */
export const PRERENDER_MODULES = { entry: 'src/ahead/entry-server.tsx', boot: 'src/ahead/boot.js', early: 'src/ahead/early.js' };

/** Every source path above, once. */
export const NAMED_MODULES = [...new Set([...FIRST_PAGE_MODULES, ...ROUTE_DOCUMENTS.flatMap((route) => route.modules), ...Object.values(PRERENDER_MODULES)])];
