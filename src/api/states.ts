/**
 * The states of a report (contract §12) with the Dutch names the back office shows
 * (back-office spec §4), in the order of the status filter. One list for the
 * overview's filter and column, the signalering page and the detail.
 */
export const STATES = [
  { code: 'm', name: 'Gemeld' },
  { code: 'i', name: 'In afwachting van behandeling' },
  { code: 'b', name: 'In behandeling' },
  { code: 'h', name: 'On hold' },
  { code: 'ingepland', name: 'Ingepland' },
  { code: 'ready to send', name: 'Extern: te verzenden' },
  { code: 'o', name: 'Afgehandeld' },
  { code: 'a', name: 'Geannuleerd' },
  { code: 'reopened', name: 'Heropend' },
  { code: 's', name: 'Gesplitst' },
  { code: 'closure requested', name: 'Extern: verzoek tot afhandeling' },
  { code: 'reaction requested', name: 'Reactie gevraagd' },
  { code: 'reaction received', name: 'Reactie ontvangen' },
  { code: 'forward to external', name: 'Doorgezet naar extern' },
  { code: 'sent', name: 'Extern: verzonden' },
  { code: 'send failed', name: 'Extern: mislukt' },
  { code: 'done external', name: 'Extern: afgehandeld' },
  { code: 'reopen requested', name: 'Verzoek tot heropenen' },
] as const;

export type StateCode = (typeof STATES)[number]['code'];

const NAMES = new Map<string, string>(STATES.map((s) => [s.code, s.name]));

/** The Dutch name of a state code; the code itself for an unknown one. */
export const stateName = (code: string): string => NAMES.get(code) ?? code;
