import { DATE_INDICATION_OPTIONS, messages } from '@meldloket/engine';

const dateLabel = (id: 'now' | 'earlier') => DATE_INDICATION_OPTIONS.find((option) => option.id === id)?.label ?? id;

/**
 * Every Dutch text the renderer shows itself (texts of questions come from the
 * question set). Texts the engine also uses come from its catalogue.
 */
export const TEXTS = {
  optional: messages.optional,
  errorPrefix: 'Invoerfout: ',
  counter: messages.counter,
  searchSubcategory: 'Zoek op subcategorie',
  subcategoryLabel: 'Subcategorie',
  subcategorySearchLabel: 'Zoeken',
  noOptions: 'Geen opties beschikbaar',
  subcategoryCount: (n: number) => (n === 1 ? '1 subcategorie gevonden' : `${n} subcategorieën gevonden`),
  subcategorySuggestion: (name: string) => `Subcategorie voorstel: ${name}`,
  descriptionHint: 'Typ geen persoonsgegevens in deze omschrijving, zoals uw naam, telefoonnummer of e-mailadres. Daar vragen we later in dit formulier naar.',
  chooseOption: 'Maak een keuze',
  now: dateLabel('now'),
  earlier: dateLabel('earlier'),
  day: 'Dag',
  hour: 'Uur',
  minute: 'Minuten',
  addItem: 'Voeg een extra nummer toe',
  removeInput: 'Input verwijderen',
  itemLabel: (label: string, index: number) => `${label} ${index}`,
  addPhoto: 'Foto toevoegen',
  dropPhotos: "of sleep foto's hierheen",
  remove: 'Verwijder',
  /** After 'Verwijder', for screen readers: which photo. */
  photoName: (name: string) => `foto ${name}`,
  uploading: (name: string) => `Foto ${name} wordt verstuurd`,
  uploadFailed: messages.uploadFailed,
  handlingFallback: messages.handlingFallback,
  blocking: messages.blocking,
  globalError: messages.globalInvalid,
  unknownField: (type: string) => `Deze vraag heeft een onbekend veldtype (${type}) en kan niet worden getoond.`,
} as const;
