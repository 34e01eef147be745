/**
 * Dutch labels of the overview's values that the back office's screens and the server's
 * CSV export both show (docs/reference/screens.md#entities): districts and feedback. Priorities and types
 * are in incident/defaults.ts, punctuality in sla/.
 */

/** The districts (stadsdelen) of docs/reference/screens.md#entities; `null` is 'Niet bepaald'. */
export const STADSDEEL_LABELS: Readonly<Record<string, string>> = {
  A: 'Centrum',
  B: 'Westpoort',
  E: 'West',
  M: 'Oost',
  N: 'Noord',
  T: 'Zuidoost',
  K: 'Zuid',
  F: 'Nieuw-West',
  H: 'Het Amsterdamse Bos',
  W: 'Weesp',
  null: 'Niet bepaald',
};

/** A report's district as shown: its label, else the code itself (a municipality's own), '' for none. */
export const stadsdeelLabel = (code: string | null | undefined): string => STADSDEEL_LABELS[code ?? 'null'] ?? code ?? '';

/** The list filter `feedback`: the latest feedback of the reporter. */
export const FEEDBACK_LABELS = {
  satisfied: 'Tevreden',
  not_satisfied: 'Niet tevreden',
  not_received: 'Niet ontvangen',
} as const;
export type FeedbackValue = keyof typeof FEEDBACK_LABELS;
