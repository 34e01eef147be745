import { Link } from 'react-router';
import { STATUS_MESSAGES, APP_PATHS } from '@meldloket/engine';
import { PageHeading } from '../static/Heading.tsx';
import { usePageTitle } from '../layout/index.ts';

/** A back-office route the signed-in user may not open: say so plainly (docs/reference/texts.md#errors, 403). */
export function RefusalPage() {
  usePageTitle('Geen toegang');
  return (
    <article>
      <PageHeading>Geen toegang</PageHeading>
      <p className="utrecht-paragraph ml-backoffice__lead">{STATUS_MESSAGES[403]}</p>
      <p className="utrecht-paragraph">Denk je dat je deze pagina wel moet kunnen openen? Vraag dan een beheerder om de rechten.</p>
      <p className="utrecht-paragraph">
        <Link className="utrecht-link" to={APP_PATHS.incidents}>
          Naar het overzicht van meldingen
        </Link>
      </p>
    </article>
  );
}
