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
