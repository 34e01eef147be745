/** The back office's own Dutch texts around its screens (staff are addressed with 'je'). */
export const BACK_OFFICE_TEXTS = {
  /** Shown by the boot script when the app's scripts do not load under the frame drawn ahead. */
  notLoaded: 'De pagina is niet helemaal geladen en werkt nog niet. Laad de pagina opnieuw.',
  /** Shown when scripts do not run at all. */
  needsScript: 'Het beheer werkt alleen met JavaScript. Zet JavaScript aan in je browser.',
  /** Something asked for in the back office that is not there (an unknown report id). */
  notFound: {
    heading: 'Niet gevonden',
    text: 'Wat je zoekt bestaat niet (meer). Misschien is de link verouderd of is het adres verkeerd getypt.',
    back: 'Naar het overzicht van meldingen',
  },
} as const;

/** /manage/mijn-mail: a staff member's own mail notifications (docs/routing.md). Staff are addressed with 'je'. */
export const MY_MAILS_TEXTS = {
  title: 'Mijn mail',
  legend: 'E-mail over meldingen',
  about: 'Kies wanneer je een e-mail krijgt. De e-mail noemt het meldingnummer en linkt naar de melding; gegevens van de melder staan er niet in.',
  department: 'Stuur mij een e-mail als een melding naar mijn afdeling wordt gerouteerd',
  user: 'Stuur mij een e-mail als een melding aan mij wordt toegewezen',
  save: 'Opslaan',
  saved: 'Je instellingen zijn opgeslagen.',
  saveFailed: 'Je instellingen zijn niet opgeslagen.',
  fetchFailed: 'Je instellingen konden niet worden geladen.',
  offline: 'De verbinding is verbroken. Probeer het opnieuw.',
} as const;
