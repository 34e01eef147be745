/**
 * The first page (/incident/beschrijf) rendered ahead, as HTML: the same routes, providers and
 * screens as the app in the browser (src/App.tsx), drawn once by React on the server, so the
 * browser paints step 1 from the HTML and the stylesheet before any script has run; the app then
 * takes that DOM over (`hydrateRoot` in take-over.tsx) instead of drawing it again.
 *
 * Built by `vite build` into dist/ssr/first-page.js (vite.config.ts, a bundle with every package
 * inside it); the server loads it and renders the page with the deployment's configuration, the
 * one /app-config.js hands the app (server/src/plugins/static-app.ts). No script may depend on
 * what only a browser has while this renders: it runs for an anonymous visitor without a draft.
 */
import { APP_PATHS } from '@meldloket/engine';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouter, StaticRouterProvider } from 'react-router';
import { ConfigProvider, DEFAULT_CONFIG, type AppConfig } from '../config/index.ts';
import { loadConfig } from '../config/load.ts';
import { AppProviders } from '../App.tsx';
import { routes } from '../routes.tsx';
import { FIRST_PAGE_PATH, prepareFirstPage } from './first-page.ts';
import { pageTitle } from '../layout/usePageTitle.ts';
import { frameOf, PageFrame, ScreenLoading } from '../layout/Layout.tsx';
import { drawsIntroMap, loadingHeading } from '../layout/handle.ts';
import { INTRO_MAP_HEIGHT, PRELOAD_WIDTH, stillMapTiles } from '../map/tile-grid.ts';
import { BACK_OFFICE_TEXTS } from '../manage/texts.ts';
import { STEP_TITLES, TEXTS } from '../wizard/texts.ts';

export { FIRST_PAGE_PATH };

/**
 * The configuration the app will run with for this override (what /app-config.js sets as
 * `window.__MELDLOKET_CONFIG__`; undefined: the defaults). Throws the app's ConfigError when the
 * override is invalid: the app then shows that error, so nothing is rendered ahead.
 */
export function configFor(override: unknown): AppConfig {
  return override === undefined ? DEFAULT_CONFIG : loadConfig(override);
}

export interface RenderedPage {
  /** The document title the app sets (usePageTitle). */
  title: string;
  /** What goes inside #root. */
  html: string;
  /** What the page says when the app's scripts do not load (shown by the boot script), or scripts do not run. */
  notLoaded: string;
  noScript: string;
  /** Images the page draws as soon as its screen is there, asked for by the document (`<link rel="preload">`). */
  images?: string[];
}

/** The first page for this configuration override: its title and the HTML inside #root. */
export async function renderFirstPage(override: unknown): Promise<RenderedPage> {
  const config = configFor(override);
  await prepareFirstPage();
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${FIRST_PAGE_PATH}`));
  if (context instanceof Response) throw new Error(`${FIRST_PAGE_PATH} answers ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProviders config={config}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { title: pageTitle(STEP_TITLES.beschrijf, config.siteTitle), html, notLoaded: TEXTS.appNotLoaded, noScript: TEXTS.needsScript };
}

/** Whose frame a document is drawn with: the back office's documents a staff member's, the others a visitor's. */
export type FrameFor = 'staff' | 'visitor';

/**
 * A document of a part of the app drawn ahead (scripts/build/first-page.mjs lists them): the frame
 * of the person it is for, with the loading line in it, what the app's first render draws in the
 * same places while it loads the screen (LayoutLoading, src/layout/Layout.tsx). The staff frame is
 * the short header, without the menu (it depends on who is signed in); the visitor's the tall
 * header and the footer, as the deployment's configuration has them. The page is on screen as soon
 * as the stylesheets are in, not after the scripts; the app draws over it (take-over.tsx).
 */
export function renderFrame(override: unknown, frame: FrameFor, path?: string): RenderedPage {
  const config = configFor(override);
  const staff = frame === 'staff';
  // the page's heading where its route knows it before its screen loads (the map step's)
  const matches = path === undefined ? [] : (matchRoutes(routes, path) ?? []).map((match) => ({ handle: match.route.handle, params: match.params }));
  const heading = path === undefined ? undefined : loadingHeading(matches);
  // the small map's tiles around the configured centre (src/map/IntroMap.tsx draws them with the same
  // addresses), for a phone's column: the centre tile first
  const images = drawsIntroMap(matches) ? stillMapTiles(config.map.tiles.url, config.map.center, config.map.zoom, PRELOAD_WIDTH, INTRO_MAP_HEIGHT).tiles.map((tile) => tile.url) : undefined;
  const html = renderToString(
    <StrictMode>
      <ConfigProvider config={config}>
        <StaticRouter location={staff ? APP_PATHS.incidents : '/'}>
          <PageFrame {...frameOf(staff, config.features.appMode)} menu={false}>
            <ScreenLoading heading={heading} />
          </PageFrame>
        </StaticRouter>
      </ConfigProvider>
    </StrictMode>,
  );
  const texts = staff ? BACK_OFFICE_TEXTS : { notLoaded: TEXTS.appNotLoaded, needsScript: TEXTS.needsScript };
  return { title: pageTitle(heading ?? '', config.siteTitle), html, notLoaded: texts.notLoaded, noScript: texts.needsScript, images };
}
