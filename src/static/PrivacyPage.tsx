/**
 * /privacy (docs/privacy.md): what the municipality stores of a report and for how
 * long — the configured retention, in the resident's words — and how to ask to see or erase it.
 */
import { useConfig } from '../config/index.ts';
import { usePageTitle } from '../layout/index.ts';
import { PageHeading } from './Heading.tsx';
import { RetentionText } from './Retention.tsx';

export function PrivacyPage() {
  const { municipality, contact, links } = useConfig();
  usePageTitle('Privacy');
  return (
    <article>
      <PageHeading>Privacy</PageHeading>
      <p className="utrecht-paragraph">
        Als u een melding doet, bewaart gemeente {municipality} wat u ons geeft: uw omschrijving, de plek, de antwoorden op de vragen, uw foto&apos;s en, als u die
        invult, uw e-mailadres en telefoonnummer. We gebruiken die gegevens alleen om uw melding af te handelen en u op de hoogte te houden.
      </p>
      <h2 className="utrecht-heading-2">Foto&apos;s</h2>
      <p className="utrecht-paragraph">
        Van uw foto&apos;s bewaren we alleen het beeld. Gegevens die een camera of telefoon in een foto opslaat, zoals de plek waar de foto is gemaakt en het type
        toestel, halen we eruit.
      </p>
      <h2 className="utrecht-heading-2">Hoe lang bewaren we uw gegevens?</h2>
      <RetentionText />
      <h2 className="utrecht-heading-2">Uw gegevens inzien of laten verwijderen</h2>
      <p className="utrecht-paragraph">
        Wilt u weten welke gegevens we van u hebben, of wilt u dat we ze eerder verwijderen? Bel ons op{' '}
        <a className="utrecht-link" href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`}>
          {contact.phone}
        </a>{' '}
        ({contact.hours}). Noem het e-mailadres of telefoonnummer waarmee u meldingen deed.
      </p>
      {links.privacyStatement && (
        <p className="utrecht-paragraph">
          <a className="utrecht-link" href={links.privacyStatement}>
            Lees de privacyverklaring van gemeente {municipality}
          </a>
        </p>
      )}
    </article>
  );
}

export default PrivacyPage;
