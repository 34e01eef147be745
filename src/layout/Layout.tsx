import { Outlet, useLocation } from 'react-router';
import clsx from 'clsx';
import { useConfig } from '../config/index.ts';
import { useAuth } from '../auth/index.ts';
import { NotificationBanner, useCloseLocalOnRouteChange } from '../notifications/index.ts';
import { Header } from './Header.tsx';
import { Footer } from './Footer.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { useHealthCheck } from './useHealthCheck.ts';
import { layoutStyle } from './constants.ts';
import './layout.css';

/**
 * The page frame of every screen: skip link, header, banner, main, footer.
 * Anonymous visitors get the tall header, the 960 px grid and the footer; signed-in
 * staff the short fixed header with the staff menu, 1400 px content and no footer.
 */
export function Layout() {
  const { features } = useConfig();
  const { isAuthenticated } = useAuth();
  const { pathname } = useLocation();
  useHealthCheck();
  useCloseLocalOnRouteChange(pathname);
  const showFooter = !isAuthenticated && !features.appMode;
  return (
    <div className={clsx('ml-page', isAuthenticated && 'ml-page--staff')} style={layoutStyle()}>
      <ScrollToTop />
      <a className="ml-skip-link" href="#main">
        Naar de inhoud
      </a>
      <Header tall={!isAuthenticated && !features.appMode} staff={isAuthenticated} />
      <NotificationBanner />
      <main id="main" tabIndex={-1} className="ml-main">
        <Outlet />
      </main>
      {showFooter && <Footer />}
    </div>
  );
}
