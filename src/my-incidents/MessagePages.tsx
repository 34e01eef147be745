/** /mijn-meldingen/bevestig ('look in your mail') and /mijn-meldingen/verlopen (the link no longer works). */
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../layout/index.ts';
import { PageHeading } from '../static/Heading.tsx';
import { MY_TEXTS } from './texts.ts';

const againLink = (
  <p className="utrecht-paragraph">
    <Link className="utrecht-button-link utrecht-button-link--html-a utrecht-button-link--secondary-action" to="/mijn-meldingen">
      {MY_TEXTS.again}
    </Link>
  </p>
);

export function CheckMailPage() {
  usePageTitle(MY_TEXTS.checkTitle);
  const email = (useLocation().state as { email?: string } | null)?.email;
  return (
    <article className="ml-my">
      <PageHeading>{MY_TEXTS.checkTitle}</PageHeading>
      <p className="utrecht-paragraph">{MY_TEXTS.checkMessage(email ?? 'uw e-mailadres')}</p>
      <p className="utrecht-paragraph">{MY_TEXTS.checkSpam}</p>
      {againLink}
    </article>
  );
}

export function ExpiredPage() {
  usePageTitle(MY_TEXTS.expiredTitle);
  return (
    <article className="ml-my">
      <PageHeading>{MY_TEXTS.expiredTitle}</PageHeading>
      <p className="utrecht-paragraph">{MY_TEXTS.expiredMessage}</p>
      {againLink}
    </article>
  );
}
