/**
 * The rules of 'Mijn meldingen' (my signals), in one place: how long a link works,
 * which reports a reporter sees, and what of a report's history is public.
 */

/** A sign-in link works this long (the reference's MY_SIGNALS_TOKEN_EXPIRES_SECONDS: 2 hours). */
export const TOKEN_SECONDS = 2 * 60 * 60;
/** A reporter sees the reports of this many months back. */
export const MONTHS_BACK = 12;
/** At most this many links per e-mail address per hour are mailed; more requests get no mail. */
export const LINKS_PER_HOUR = 5;


/**
 * Status changes a reporter does not see in the history: the internal steps of the
 * workflow (waiting, on hold, planned, external routing) and cancelling or splitting.
 */
export const HIDDEN_HISTORY_STATES = new Set([
  '',
  'i',
  'h',
  'a',
  's',
  'closure requested',
  'ingepland',
  'reopen requested',
  'ready to send',
  'sent',
  'send failed',
  'forward to external',
  'done external',
]);

/** The reporter's name for a status in the history; everything not listed is 'Open'. */
const REPORTER_STATUS: Record<string, string> = {
  reopened: 'Heropend',
  o: 'Afgesloten',
  'reaction requested': 'Vraag aan u verstuurd',
  'reaction received': 'Antwoord van u ontvangen',
};

export const statusAction = (state: string) => `Status gewijzigd naar: ${REPORTER_STATUS[state] ?? 'Open'}`;

/** A Date this many months before `now` (calendar months). */
export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setMonth(d.getMonth() - months);
  return d;
}

/** An e-mail address as the links and reports are matched on: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

