import { APP_PATHS } from '@meldloket/engine';
import { Link } from 'react-router';
import { PageHeading } from '../static/Heading.tsx';
import { usePageTitle } from '../layout/index.ts';
import { BACK_OFFICE_TEXTS } from './texts.ts';

const T = BACK_OFFICE_TEXTS.notFound;

/**
 * Something the back office was asked for does not exist (a report id that is not there, an old
 * link): said to the staff member in the staff frame, with the way back to the overview — not the
 * resident's 'Pagina niet gevonden' with 'Doe een melding'.
 */
export function BackOfficeNotFoundPage({ heading = T.heading, text = T.text }: { heading?: string; text?: string }) {
  usePageTitle(heading);
  return (
    <article>
      <PageHeading>{heading}</PageHeading>
      <p className="utrecht-paragraph ml-backoffice__lead">{text}</p>
      <p className="utrecht-paragraph">
        <Link className="utrecht-link" to={APP_PATHS.incidents}>
          {T.back}
        </Link>
      </p>
    </article>
  );
}

export default BackOfficeNotFoundPage;
