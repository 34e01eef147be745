import { Link } from 'react-router';
import { useConfig } from '../config/index.ts';

const isInternal = (href: string) => href.startsWith('/');

function FooterLink({ href, children }: { href: string; children: string }) {
  return isInternal(href) ? (
    <Link className="utrecht-link ml-footer__link" to={href}>
      {children}
    </Link>
  ) : (
    <a className="utrecht-link ml-footer__link" href={href}>
      {children}
    </a>
  );
}

/** Footer with the about, privacy and accessibility links. */
export function Footer() {
  const { links } = useConfig();
  return (
    <footer className="ml-footer">
      <nav aria-label="Over deze site" className="ml-footer__inner">
        <ul className="ml-footer__links">
          <li>
            <FooterLink href={links.about}>Over deze site</FooterLink>
          </li>
          <li>
            <FooterLink href={links.privacy}>Privacy</FooterLink>
          </li>
          <li>
            <FooterLink href={links.accessibility}>Toegankelijkheid</FooterLink>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
