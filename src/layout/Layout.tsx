import type { ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';
import clsx from 'clsx';
import { loadingHeading, type LayoutHandle } from './handle.ts';
import { useConfig } from '../config/index.ts';
import { useAuth } from '../auth/index.ts';
import { NotificationBanner, useCloseLocalOnRouteChange } from '../notifications/index.ts';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { useHealthCheck } from './useHealthCheck.ts';
import { layoutStyle } from './constants.ts';
import { PageLoading } from './PageLoading.tsx';
import { PageHeading } from '../static/Heading.tsx';
import './layout.css';

/**
 * The page frame of every screen: skip link, header, banner, main, footer.
 * Anonymous visitors get the tall header, the 960 px grid and the footer; signed-in
 * staff the short fixed header with the staff menu, 1400 px content and no footer.
 */
export function Layout() {
  const { isAuthenticated, status } = useAuth();
  // an earlier staff session is being restored: wait, so no screen starts as if anonymous
  const restoring = status === 'loading' && !isAuthenticated;
  const matches = useMatches();
  useHealthCheck();
  useCloseLocalOnRouteChange(matches[matches.length - 1]?.id ?? '');
  return (
    <PageFrame {...useFrame()} banner={<NotificationBanner />}>
      <ScrollToTop />
      {restoring ? <ScreenLoading heading={loadingHeading(matches)} /> : <Outlet />}
    </PageFrame>
  );
}

/**
 * What the page shows while the router loads the first screen's code (the root route's
 * `hydrateFallbackElement`): the same frame as Layout with the loading line in it, so the frame
 * does not appear around the page a moment later, moving everything. Without the staff menu (as
 * the frame drawn ahead): Layout draws the frame anew, and a menu used meanwhile would be lost.
 */
export function LayoutLoading() {
  return (
    <PageFrame {...useFrame()} menu={false} banner={<NotificationBanner />}>
      <ScreenLoading heading={loadingHeading(useMatches())} />
    </PageFrame>
  );
}

/**
 * What a screen shows while its code loads: its heading when the route knows it (`handle.heading`),
 * in the place the screen draws it, and the loading line. Drawn by the app and ahead by the server.
 */
export function ScreenLoading({ heading }: { heading?: string }) {
  if (!heading) return <PageLoading />;
  return (
    <article>
      <PageHeading whileLoading>{heading}</PageHeading>
      <PageLoading />
    </article>
  );
}

type Frame = { staff: boolean; tall: boolean; map: boolean; footer: boolean };

/**
 * Which frame a page gets, for whom: staff or visitor, the header, the footer. A route may ask
 * for its own header (`variant`): 'map' (short header, full-width map) or 'tall'. Also what the
 * server draws ahead in a document (src/ahead/entry-server.tsx), for a visitor or a staff member.
 */
export function frameOf(signedIn: boolean, appMode: boolean, variant?: LayoutHandle['layout']): Frame {
  const staff = signedIn || variant === 'staff';
  const visitor = !staff && !appMode;
  return { staff, tall: variant === 'map' ? false : variant === 'tall' || visitor, map: variant === 'map', footer: visitor };
}

/** The frame of this page, for the person using it. */
function useFrame(): Frame {
  const { features } = useConfig();
  const { isAuthenticated, status } = useAuth();
  const variant = useMatches()
    .map((match) => (match.handle as LayoutHandle | undefined)?.layout)
    .findLast(Boolean);
  // a staff member's earlier sign-in being restored on load is drawn in their frame from the start
  return frameOf(isAuthenticated || status === 'loading', features.appMode, variant);
}

/**
 * The frame itself (skip link, header, banner, main, footer), drawn by the app (Layout) and
 * ahead of it: the back office's documents are sent with the staff frame and a loading line in it,
 * the map step's with a visitor's (src/ahead/entry-server.tsx, renderFrame), which the app's first render
 * then draws again in the same places.
 */
export function PageFrame({ staff, tall, map = false, footer, banner, menu = true, children }: { staff: boolean; tall: boolean; map?: boolean; footer: boolean; banner?: ReactNode; menu?: boolean; children: ReactNode }) {
  return (
    <div className={clsx('ml-page', staff && 'ml-page--staff', map && 'ml-page--map')} style={layoutStyle()}>
      <a className="ml-skip-link" href="#main">
        Naar de inhoud
      </a>
      <Header tall={tall} staff={staff} menu={menu} />
      {banner}
      <main id="main" tabIndex={-1} className="ml-main">
        {children}
      </main>
      {footer && <Footer />}
    </div>
  );
}
