/** The privacy screens' texts and API paths (docs/privacy.md). */

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

/** The reporter's rights screen (ReporterRightsSection.tsx). */
export const RIGHTS_TEXTS = {
  title: 'Rechten van de melder',
  intro:
    'Vraagt een melder wat de gemeente over hem of haar bewaart, of vraagt hij of zij om verwijdering? Zoek dan alle meldingen op het e-mailadres of het telefoonnummer. U kunt de gegevens exporteren, de contactgegevens anonimiseren of de meldingen wissen. Elke actie wordt vastgelegd.',
  searchLabel: 'Meldingen van een melder zoeken',
  email: 'E-mailadres',
  phone: 'Telefoonnummer',
  search: 'Zoeken',
  none: 'Vul een e-mailadres of een telefoonnummer in.',
  both: 'Vul een e-mailadres of een telefoonnummer in, niet allebei.',
  found: 'Gevonden meldingen',
  count: (n: number) => (n === 0 ? 'Geen meldingen gevonden.' : n === 1 ? '1 melding gevonden' : `${n} meldingen gevonden`),
  exportJson: 'Exporteer als JSON',
  exportPdf: 'Exporteer als PDF',
  exported: (format: 'json' | 'pdf') => `De export (${format.toUpperCase()}) is gedownload.`,
  anonymise: 'Contactgegevens anonimiseren',
  erase: 'Meldingen wissen',
  confirmAnonymiseTitle: 'Contactgegevens anonimiseren?',
  confirmAnonymise: (n: number) =>
    `Het e-mailadres en telefoonnummer worden verwijderd uit ${n === 1 ? '1 melding' : `${n} meldingen`}, net als de e-mails aan dit adres. De meldingen blijven bestaan. Dit kan niet ongedaan worden gemaakt.`,
  confirmEraseTitle: 'Meldingen wissen?',
  confirmErase: (n: number) =>
    `${n === 1 ? '1 melding wordt' : `${n} meldingen worden`} met foto's, notities en geschiedenis verwijderd, net als de e-mails aan dit adres. Alleen het meldingnummer, de categorie en de data blijven bewaard. Dit kan niet ongedaan worden gemaakt.`,
  done: (mode: 'anonymise' | 'erase', n: number) =>
    mode === 'erase' ? `${n === 1 ? '1 melding' : `${n} meldingen`} gewist.` : `Contactgegevens uit ${n === 1 ? '1 melding' : `${n} meldingen`} verwijderd.`,
  searchFailed: 'Het zoeken is niet gelukt.',
  exportFailed: 'De export is niet gelukt.',
  actFailed: 'Het verwijderen is niet gelukt.',
  requests: 'Vastgelegde acties',
  noRequests: 'Er zijn nog geen acties vastgelegd.',
  requestsFailed: 'De vastgelegde acties konden niet worden opgehaald.',
} as const;
