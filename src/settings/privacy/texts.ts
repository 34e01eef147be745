/** The privacy screens' texts and API paths (issue 36, docs/privacy.md). */
export const PRIVACY_API = '/signals/v1/private/privacy';

export const PRIVACY_TEXTS = {
  accessTitle: 'Wie zag welke gegevens',
  accessLink: 'Wie zag welke contactgegevens van melders',
  accessIntro:
    'Elke keer dat een medewerker de contactgegevens of de andere meldingen van een melder te zien kreeg, staat hier: wie, wanneer, bij welke melding en waar. Zoek op een melding of op een medewerker.',
  accessSearch: 'Inzage zoeken',
  reportLabel: 'Meldingnummer',
  staffLabel: 'Medewerker (e-mailadres)',
  show: 'Tonen',
  badReportNumber: 'Vul een meldingnummer in, bijvoorbeeld 123 of SIG-123.',
  accessFailed: 'De inzage kon niet worden opgehaald.',
  accessCount: (n: number) => (n === 0 ? 'Geen inzage gevonden.' : n === 1 ? '1 keer ingezien' : `${n} keer ingezien`),
} as const;
