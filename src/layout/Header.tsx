import { APP_PATHS } from '@meldloket/engine';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { useConfig } from '../config/index.ts';

const StaffMenu = lazy(() => import('./StaffMenu.tsx'));

/**
 * The header: tall for anonymous visitors, short (and fixed) for staff, who get
 * the staff menu in it (not in the frame drawn ahead, `menu` false: it depends on the user). The logo links to `links.home`, for staff to the overview.
 */
export function Header({ tall, staff = false, menu = staff }: { tall: boolean; staff?: boolean; menu?: boolean }) {
  const config = useConfig();
  // staff start from the incidents overview; visitors from the configured home page
  const home = staff ? APP_PATHS.incidents : config.links.home;
  // The municipality's logo (branding.logo) says its name: its alt text is that name.
  const { logo, logoAlt } = config.branding;
  const name = (
    <>
      {logo ? <img className="ml-header__image" src={logo} alt={logoAlt} /> : <span className="ml-header__municipality">Gemeente {config.municipality}</span>}{' '}
      <span className="ml-header__site">{config.siteTitle}</span>
    </>
  );
  return (
    <header className={clsx('ml-header', tall ? 'ml-header--tall' : 'ml-header--short')}>
      <div className="ml-header__inner">
        {home.startsWith('/') ? (
          <Link to={home} className="ml-header__logo">
            {name}
          </Link>
        ) : (
          <a href={home} className="ml-header__logo">
            {name}
          </a>
        )}
        {staff && menu && (
          <Suspense fallback={null}>
            <StaffMenu />
          </Suspense>
        )}
      </div>
    </header>
  );
}
