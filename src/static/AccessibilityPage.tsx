import { Link } from 'react-router';
import { useConfig } from '../config/index.ts';
import { usePageTitle } from '../layout/index.ts';
import { PageHeading } from './Heading.tsx';
import { useEnabledPages } from '../feature-routes.tsx';
import { RetentionText } from './Retention.tsx';

/** The accessibility statement of the reporting sites (dated 02-11-2024). */
export function AccessibilityPage() {
  const { municipality, contact } = useConfig();
  const pages = useEnabledPages();
  usePageTitle('Toegankelijkheid');
  return (
    <article>
      <PageHeading>Toegankelijkheid</PageHeading>
      <p className="utrecht-paragraph">
        Gemeente {municipality} wil dat iedereen een melding over de openbare ruimte kan doen, ook mensen met een beperking. Daarom
        bouwen en testen we onze meldsites volgens de Web Content Accessibility Guidelines (WCAG) 2.2, niveau A en AA.
      </p>
      <p className="utrecht-paragraph">
        Deze verklaring is opgesteld op <time dateTime="2024-11-02">02-11-2024</time>.
      </p>
      <h2 className="utrecht-heading-2">Voor welke sites geldt deze verklaring?</h2>
      <ul className="utrecht-unordered-list">
        <li className="utrecht-unordered-list__item">het meldformulier voor meldingen openbare ruimte (deze site)</li>
        <li className="utrecht-unordered-list__item">de pagina&apos;s waarop u aanvullende vragen over uw melding beantwoordt, uw e-mailadres bevestigt en zegt wat u van de afhandeling vindt</li>
        {pages.map((page) => (
          <li key={page.path} className="utrecht-unordered-list__item">
            {page.personal ? (
              page.statement
            ) : (
              <Link className="utrecht-link" to={`/${page.path.replace(/\/\*$/, '')}`}>
                {page.statement}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <h2 className="utrecht-heading-2">Wat doen we?</h2>
      <ul className="utrecht-unordered-list">
        <li className="utrecht-unordered-list__item">Alle stappen van het formulier werken met alleen een toetsenbord en met een schermlezer.</li>
        <li className="utrecht-unordered-list__item">U kunt een locatie ook kiezen door een adres in te typen, zonder de kaart te gebruiken.</li>
        <li className="utrecht-unordered-list__item">
          Op de kaart kiest u met Enter of spatie het midden van de kaart als locatie; de objecten in de buurt kiest u ook uit een lijst.
        </li>
        <li className="utrecht-unordered-list__item">Elke nieuwe versie testen we automatisch op toegankelijkheid.</li>
      </ul>
      <h2 className="utrecht-heading-2">Hoe lang bewaren we uw gegevens?</h2>
      <RetentionText />
      <h2 className="utrecht-heading-2">Loopt u ergens tegenaan?</h2>
      <p className="utrecht-paragraph">
        Kunt u iets op deze site niet gebruiken, of heeft u een vraag of opmerking over de toegankelijkheid? Bel ons op{' '}
        <a className="utrecht-link" href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`}>
          {contact.phone}
        </a>{' '}
        ({contact.hours}). Dan helpen we u verder en lossen we het probleem zo snel mogelijk op.
      </p>
    </article>
  );
}

export default AccessibilityPage;
