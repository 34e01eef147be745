/**
 * How long reporters' data is kept, in the resident's words, from the configuration's
 * `retention` (the server fills it from the municipality's `privacy.retention`; docs/privacy.md,
 * docs/privacy.md). The privacy page and the accessibility statement both show it.
 */
import { stateName } from '@meldloket/engine';
import { useConfig } from '../config/index.ts';

const years = (n: number) => (n === 1 ? '1 jaar' : `${n} jaar`);

/** The sentences, one per rule (exported for the test). */
export function retentionSentences(retention: { contactDays: number; deleteAfterYears: Record<string, number | null> }): string[] {
  const days = `${retention.contactDays} ${retention.contactDays === 1 ? 'dag' : 'dagen'}`;
  const deleted = Object.entries(retention.deleteAfterYears).map(([state, n]) =>
    n === null ? `een melding met de status ${stateName(state)} bewaren we zonder einddatum` : `een melding met de status ${stateName(state)} verwijderen we na ${years(n)}`,
  );
  return [
    `Uw e-mailadres en telefoonnummer bewaren we tot ${days} nadat uw melding is afgerond. Daarna halen we ze weg.`,
    `E-mails die we u over uw melding sturen, bewaren we ${days}.`,
    `Een afgeronde melding verwijderen we daarna helemaal, met foto's: ${deleted.join('; ')}.`,
  ];
}

export function RetentionText() {
  const { retention } = useConfig();
  return (
    <ul className="utrecht-unordered-list">
      {retentionSentences(retention).map((sentence) => (
        <li key={sentence} className="utrecht-unordered-list__item">
          {sentence}
        </li>
      ))}
    </ul>
  );
}
