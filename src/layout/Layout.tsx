import { Outlet } from 'react-router';
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
  const showFooter = !isAuthenticated && !features.appMode;
  return (
    <div className="ml-page">
      <ScrollToTop />
      <a className="ml-skip-link" href="#main">
        Naar de inhoud
      </a>
      <Header tall={!isAuthenticated && !features.appMode} />
      <NotificationBanner />
      <main id="main" tabIndex={-1} className="ml-main">
        <Outlet />
      </main>
      {showFooter && <Footer />}
    </div>
  );
}
