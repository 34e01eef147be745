import { Outlet, useMatches } from 'react-router';
import clsx from 'clsx';
import type { LayoutHandle } from '../feature-routes.tsx';
import { useConfig } from '../config/index.ts';
import { useAuth } from '../auth/index.ts';
import { NotificationBanner } from '../notifications/index.ts';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { useHealthCheck } from './useHealthCheck.ts';
import './layout.css';

/** The page frame of every public screen: skip link, header, banner, main, footer. */
export function Layout() {
  const { features } = useConfig();
  const { isAuthenticated } = useAuth();
  useHealthCheck();
  // A route may ask for its own header: 'map' (short header, full-width map) or 'tall'.
  const variant = useMatches()
    .map((match) => (match.handle as LayoutHandle | undefined)?.layout)
    .findLast(Boolean);
  const showFooter = !isAuthenticated && !features.appMode;
  const tall = variant === 'map' ? false : variant === 'tall' || (!isAuthenticated && !features.appMode);
  return (
    <div className={clsx('ml-page', variant === 'map' && 'ml-page--map')}>
      <ScrollToTop />
      <a className="ml-skip-link" href="#main">
        Naar de inhoud
      </a>
      <Header tall={tall} />
      <NotificationBanner />
      <main id="main" tabIndex={-1} className="ml-main">
        <Outlet />
      </main>
      {showFooter && <Footer />}
    </div>
  );
}
