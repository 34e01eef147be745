/**
 * One entry of a history as the API answers it: a report's (the back office's report page) and a setting's
 * (the settings' history panels). `who` is the staff member's name, or null for what the system did.
 */
export interface HistoryEntry {
  identifier: string;
  when: string;
  what: string;
  action: string;
  description: string | null;
  who: string | null;
}

/** What a reporter sees of a history entry of their own report (no identifier, no staff names). */
export type ReporterHistoryEntry = Pick<HistoryEntry, 'when' | 'what' | 'action' | 'description'>;
