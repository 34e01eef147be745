import { usePageTitle } from '../layout/index.ts';
import { PageHeading } from './Heading.tsx';

/** Shown when the API reports maintenance (HEAD /signals/ answers 503). */
export function MaintenancePage() {
  usePageTitle('Onderhoudspagina');
  return (
    <article>
      <PageHeading>Tijdelijk niet te gebruiken</PageHeading>
      <p className="utrecht-paragraph">
        We werken op dit moment aan het meldformulier om het beter te maken. Daarom kunt u nu even geen melding doen.
      </p>
      <p className="utrecht-paragraph">Probeer het later nog eens.</p>
    </article>
  );
}

export default MaintenancePage;
