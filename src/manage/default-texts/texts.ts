/** The Dutch texts of the default-texts screens. */
export const DEFAULT_TEXTS = {
  /** Each generation its own title (heading and page title), as the menu labels them when both show. */
  title: (version: 'v1' | 'v2') => `Standaard teksten (${version})`,
  intro: 'Kies een subcategorie en een status. De teksten staan in de volgorde waarin de behandelaar ze ziet bij het wijzigen van de status.',
  subcategory: 'Subcategorie',
  status: 'Status',
  list: (status: string, sub: string) => `Teksten voor ${status} bij ${sub}`,
  none: 'Nog geen standaard teksten voor deze status en subcategorie.',
  item: (n: number) => `Tekst ${n}`,
  itemTitle: 'Titel',
  itemText: 'Tekst',
  up: (n: number) => `Tekst ${n} omhoog`,
  down: (n: number) => `Tekst ${n} omlaag`,
  remove: (n: number) => `Tekst ${n} verwijderen`,
  add: 'Tekst toevoegen',
  save: 'Opslaan',
  saved: 'De standaard teksten zijn opgeslagen.',
  loading: 'Teksten laden…',
  loadFailed: 'De standaard teksten konden niet opgehaald worden.',
  required: 'Dit veld mag niet leeg zijn.',
  tooLong: (n: number) => `Je hebt meer dan de maximale ${n} tekens ingevoerd.`,
} as const;
