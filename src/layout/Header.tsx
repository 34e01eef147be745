import { Link } from 'react-router';
import clsx from 'clsx';
import { useConfig } from '../config/index.ts';

/** The front-office header: tall for anonymous visitors, short for staff. */
export function Header({ tall }: { tall: boolean }) {
  const config = useConfig();
  return (
    <header className={clsx('ml-header', tall ? 'ml-header--tall' : 'ml-header--short')}>
      <div className="ml-header__inner">
        <Link to="/incident/beschrijf" className="ml-header__logo">
          <span className="ml-header__municipality">Gemeente {config.municipality}</span>{' '}
          <span className="ml-header__site">{config.siteTitle}</span>
        </Link>
      </div>
    </header>
  );
}
