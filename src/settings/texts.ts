/** The Dutch texts of the settings screens; the notification titles are docs/reference/texts.md#errors's. */
import { LOADING_TEXT } from '../layout/texts.ts';
export const SETTINGS_TEXTS = {
  rolesFetchFailed: 'Het rollen overzicht kon niet opgehaald worden',
  permissionsFetchFailed: 'Het permissie overzicht kon niet opgehaald worden',
  roleSaveFailed: 'De rol kon niet opgeslagen worden',
  rolePatchFailed: 'De rol kon niet bijgewerkt worden',
  categoriesFetchFailed: 'Het categorieën overzicht kon niet opgehaald worden',
  departmentsFetchFailed: 'De lijst van afdelingen kon niet opgehaald worden',
  usersFetchFailed: 'Het gebruikers overzicht kon niet opgehaald worden',
  userSaveFailed: 'De gebruiker kon niet opgeslagen worden',
  departmentSaveFailed: 'De afdeling kon niet opgeslagen worden',
  categorySaveFailed: 'De categorie kon niet opgeslagen worden',
  historyFetchFailed: 'De geschiedenis kon niet opgehaald worden',
  saved: 'Gegevens opgeslagen',
  save: 'Opslaan',
  cancel: 'Annuleren',
  back: 'Terug naar het overzicht',
  loading: LOADING_TEXT,
  history: 'Geschiedenis',
  noHistory: 'Nog geen wijzigingen.',
  previousPage: 'Vorige pagina',
  nextPage: 'Volgende pagina',
  page: (page: number, pages: number) => `Pagina ${page} van ${pages}`,
  viewOnly: 'Je kunt deze gegevens bekijken, maar niet wijzigen.',
  /** After docs/reference/texts.md#errors's 403 text, where roles or rights are withheld (settings/grants.ts). */
  rolesNotHeld: 'Een rol met rechten die je zelf niet hebt, kun je niet toekennen.',
  permissionsNotHeld: 'Rechten die je zelf niet hebt, kun je niet toekennen.',
} as const;
