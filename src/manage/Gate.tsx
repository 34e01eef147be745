/**
 * The door of every back-office route: the sign-in page while nobody is signed
 * in, a wait while the current user loads, the refusal (docs/reference/texts.md#errors's 403 text) for
 * a route the user may not open, and the screen otherwise. Never a blank page.
 */
import { Outlet, useLocation, useMatches } from 'react-router';
import { useConfig } from '../config/index.ts';
import { useAuth } from '../auth/index.ts';
import { LoginPage } from '../auth/LoginPage.tsx';
import { usePageTitle } from '../layout/index.ts';
import { ScreenLoading } from '../layout/Layout.tsx';
import { loadingHeading } from '../layout/handle.ts';
import { PageHeading } from '../static/Heading.tsx';
import { NotFoundPage } from '../static/NotFoundPage.tsx';
import { RefusalPage } from './RefusalPage.tsx';
import { handleOf } from './routeAccess.ts';
import { AppQueries } from '../api/AppQueries.tsx';
import { AUTH_TEXTS } from '../auth/texts.ts';

function AuthorizeFailed() {
  usePageTitle(AUTH_TEXTS.authorizeFailed);
  const { logout } = useAuth();
  return (
    <article>
      <PageHeading>{AUTH_TEXTS.authorizeFailed}</PageHeading>
      <p className="utrecht-paragraph">Uw gegevens konden niet worden opgehaald. Laad de pagina opnieuw of log opnieuw in.</p>
      <button type="button" className="utrecht-button utrecht-button--secondary-action" onClick={() => void logout?.()}>
        Uitloggen
      </button>
    </article>
  );
}

export function Gate() {
  const auth = useAuth();
  const { features } = useConfig();
  const location = useLocation();
  const matches = useMatches();
  // while signing in, also while an earlier sign-in is restored on load: the page's heading if its route knows it
  if (auth.status === 'loading') return <ScreenLoading heading={loadingHeading(matches)} />;
  if (!auth.isAuthenticated) return <LoginPage returnTo={`${location.pathname}${location.search}`} />;
  if (auth.status === 'failed') return <AuthorizeFailed />;
  const handles = matches.map(handleOf);
  if (handles.some((h) => h.flag && !features[h.flag])) return <NotFoundPage />;
  if (handles.some((h) => h.area && !auth.can?.(h.area))) return <RefusalPage />;
  return (
    <AppQueries>
      <Outlet />
    </AppQueries>
  );
}

export default Gate;
