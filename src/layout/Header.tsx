import { Link } from 'react-router';
import clsx from 'clsx';
import { useConfig } from '../config/index.ts';

/** The front-office header: tall for anonymous visitors, short for staff. The logo links to `links.home`. */
export function Header({ tall }: { tall: boolean }) {
  const config = useConfig();
  const home = config.links.home;
  const name = (
    <>
      <span className="ml-header__municipality">Gemeente {config.municipality}</span>{' '}
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
      </div>
    </header>
  );
}
