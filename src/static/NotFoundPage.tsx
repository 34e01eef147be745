import { Link } from 'react-router';
import { usePageTitle } from '../layout/index.ts';
import { PageHeading } from './Heading.tsx';

/** Any path the app does not know. */
export function NotFoundPage() {
  usePageTitle('Pagina niet gevonden');
  return (
    <article>
      <PageHeading>Pagina niet gevonden</PageHeading>
      <p className="utrecht-paragraph">De pagina die u zoekt bestaat niet (meer). Misschien is de link verouderd of is het adres verkeerd getypt.</p>
      <p className="utrecht-paragraph">
        <Link className="utrecht-link" to="/incident/beschrijf">
          Doe een melding
        </Link>
      </p>
    </article>
  );
}

export default NotFoundPage;
