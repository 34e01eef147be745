/**
 * The date indication's constants, apart from the date-fns code in
 * indication.ts, so that a screen needing only these texts does not load date-fns.
 */

/** Date indication choices (docs/reference/screens.md#entities 'Options'). */
export const DATE_INDICATION_OPTIONS = [
  { id: 'now', label: 'Nu' },
  { id: 'earlier', label: 'Eerder' },
] as const;

export const DATE_PICKER_DAYS = 7;
export const MINUTE_STEP = 5;
