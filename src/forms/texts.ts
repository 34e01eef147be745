/** The Dutch texts of the back office's form kit (the settings' and the report page's forms). */
export const FORM_TEXTS = {
  save: 'Opslaan',
  cancel: 'Annuleren',
  /** The title of a form's error summary. */
  errorSummaryTitle: 'Er is iets misgegaan',
} as const;
