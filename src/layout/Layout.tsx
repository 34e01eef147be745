import { Outlet, useMatches } from 'react-router';
import clsx from 'clsx';
import type { LayoutHandle } from '../feature-routes.tsx';
import { useConfig } from '../config/index.ts';
import { useAuth } from '../auth/index.ts';
import { NotificationBanner, useCloseLocalOnRouteChange } from '../notifications/index.ts';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { useHealthCheck } from './useHealthCheck.ts';
import { layoutStyle } from './constants.ts';
import { PageLoading } from './PageLoading.tsx';
import './layout.css';

/**
 * The page frame of every screen: skip link, header, banner, main, footer.
 * Anonymous visitors get the tall header, the 960 px grid and the footer; signed-in
 * staff the short fixed header with the staff menu, 1400 px content and no footer.
 */
export function Layout() {
  const { features } = useConfig();
  const { isAuthenticated, status } = useAuth();
  // an earlier staff session is being restored: wait, so no screen starts as if anonymous
  const restoring = status === 'loading' && !isAuthenticated;
  const matches = useMatches();
  useHealthCheck();
  useCloseLocalOnRouteChange(matches[matches.length - 1]?.id ?? '');
  // A route may ask for its own header: 'map' (short header, full-width map) or 'tall'.
  const variant = matches
    .map((match) => (match.handle as LayoutHandle | undefined)?.layout)
    .findLast(Boolean);
  const showFooter = !isAuthenticated && !features.appMode;
  const tall = variant === 'map' ? false : variant === 'tall' || (!isAuthenticated && !features.appMode);
  return (
    <div className={clsx('ml-page', isAuthenticated && 'ml-page--staff', variant === 'map' && 'ml-page--map')} style={layoutStyle()}>
      <ScrollToTop />
      <a className="ml-skip-link" href="#main">
        Naar de inhoud
      </a>
      <Header tall={tall} staff={isAuthenticated} />
      <NotificationBanner />
      <main id="main" tabIndex={-1} className="ml-main">
        {restoring ? <PageLoading /> : <Outlet />}
      </main>
      {showFooter && <Footer />}
    </div>
  );
}
