/**
 * The statuses of a report and the transitions between them: docs/reference/statuses.md#transitions (graph,
 * from Signalen's `signals/workflow.py`) and docs/reference/statuses.md#states-and-transitions (Dutch names, the
 * statuses that mail the reporter on entering, the targets staff may pick by hand).
 * The one source for the server's workflow (server/src/services/workflow) and the
 * back office's screens. Remaining SLA days, end and closed statuses: `../sla`.
 */

/** Every status code the status serializer accepts (docs/reference/statuses.md#transitions), in the contract's order. */
export const STATE_CODES = [
  'm',
  'i',
  'b',
  'h',
  'ingepland',
  'ready to send',
  'o',
  'a',
  'reopened',
  's',
  'closure requested',
  'reaction requested',
  'reaction received',
  'forward to external',
  'sent',
  'send failed',
  'done external',
  'reopen requested',
] as const;

export type StateCode = (typeof STATE_CODES)[number];

/** The Dutch name of each status (docs/reference/statuses.md#transitions, 'Name'). */
export const STATE_NAMES: Readonly<Record<StateCode, string>> = {
  m: 'Gemeld',
  i: 'In afwachting van behandeling',
  b: 'In behandeling',
  h: 'On hold',
  ingepland: 'Ingepland',
  'ready to send': 'Extern: te verzenden',
  o: 'Afgehandeld',
  a: 'Geannuleerd',
  reopened: 'Heropend',
  s: 'Gesplitst',
  'closure requested': 'Extern: verzoek tot afhandeling',
  'reaction requested': 'Reactie gevraagd',
  'reaction received': 'Reactie ontvangen',
  'forward to external': 'Doorgezet naar extern',
  sent: 'Extern: verzonden',
  'send failed': 'Extern: mislukt',
  'done external': 'Extern: afgehandeld',
  'reopen requested': 'Verzoek tot heropenen',
};

/** The states that close a report (Afgehandeld, Geannuleerd): counted as closed in the overview, signalering and the SLA. */
export const CLOSED_STATES: readonly string[] = ['o', 'a'] satisfies StateCode[];
/** The end states: closed, or split into new reports (Gesplitst). Nothing follows them but a reopening. */
export const END_STATES: readonly string[] = [...CLOSED_STATES, 's'] satisfies string[];
/** Whether a state is an end state (END_STATES). */
export const isEndState = (state: string): boolean => END_STATES.includes(state);
/** Every state that is not an end state: the open reports (signalering, the overview's counts). */
export const OPEN_STATES: readonly string[] = STATE_CODES.filter((s) => !isEndState(s));

/** The public status of a report (Signalen's public API): CLOSED in an end state, else OPEN. */
export function publicStatus(state: string): { state: 'OPEN' | 'CLOSED'; state_display: 'Open' | 'Gesloten' } {
  return isEndState(state) ? { state: 'CLOSED', state_display: 'Gesloten' } : { state: 'OPEN', state_display: 'Open' };
}

export const isStateCode = (value: unknown): value is StateCode => typeof value === 'string' && (STATE_CODES as readonly string[]).includes(value);

/**
 * The statuses in the order of a report's life: how the overview sorts its Status column and
 * lists its status filter (not the codes' alphabet). New, waiting, planned, in hand, asking the
 * reporter, with outside parties, asked to close, closed, asked to reopen, reopened, cancelled,
 * split; 'On hold' (`h`) has no incoming transition and stands with the waiting ones.
 */
export const STATE_WORKFLOW_ORDER: readonly StateCode[] = [
  'm', 'i', 'h', 'ingepland', 'b', 'reaction requested', 'reaction received',
  'forward to external', 'ready to send', 'sent', 'send failed', 'done external', 'closure requested',
  'o', 'reopen requested', 'reopened', 'a', 's',
];

/**
 * The statuses a staff member can meet in the back office: every status but `h` ('On hold'),
 * which no transition of the graph enters (docs/reference/statuses.md#transitions) and which has no Dutch name in the
 * spec; the status filter lists these, in workflow order.
 */
export const FILTER_STATES: readonly StateCode[] = STATE_WORKFLOW_ORDER.filter((s) => s !== 'h');

/**
 * What the back office's screens call a status: the contract's names (the API's `state_display`,
 * kept as the contract has them), except 'On hold', which the back office says in Dutch.
 */
export const BACK_OFFICE_STATE_NAMES: Readonly<Record<StateCode, string>> = { ...STATE_NAMES, h: 'In de wacht' };

/** The Dutch name of a status code; the code itself for an unknown one. */
export const stateName = (code: string): string => (isStateCode(code) ? STATE_NAMES[code] : code);

/** A status as the back office's screens name it (BACK_OFFICE_STATE_NAMES). */
export const backOfficeStateName = (code: string): string => (isStateCode(code) ? BACK_OFFICE_STATE_NAMES[code] : code);

/** The public two-valued status (docs/reference/api.md#public-signal): CLOSED for `o`, `a` and `s`, OPEN for every other. */
export const publicStateOf = (state: string): 'OPEN' | 'CLOSED' => (state === 'o' || state === 'a' || state === 's' ? 'CLOSED' : 'OPEN');

/**
 * Allowed transitions, `from` → the statuses it may move to (docs/reference/statuses.md#transitions, exactly).
 * `h` has no incoming edges; `s` is terminal. A new report starts in `m`.
 */
export const TRANSITIONS: Readonly<Record<StateCode, readonly StateCode[]>> = {
  m: ['m', 'i', 'b', 'ready to send', 'o', 'a', 'ingepland', 'reaction requested', 'forward to external'],
  i: ['m', 'i', 'ingepland', 'closure requested', 'o', 'ready to send', 'b', 'a', 'reaction requested', 'forward to external'],
  b: ['m', 'ingepland', 'b', 'o', 'a', 'ready to send', 'closure requested', 'reaction requested', 'forward to external'],
  ingepland: ['m', 'ingepland', 'b', 'o', 'a', 'closure requested', 'reaction requested', 'forward to external'],
  h: ['ingepland', 'a'],
  'ready to send': ['sent', 'send failed', 'a'],
  sent: ['done external', 'a'],
  'send failed': ['m', 'ready to send', 'a'],
  'done external': ['o', 'a', 'b'],
  o: ['reopened', 'reopen requested'],
  a: ['a', 'reopened', 'b'],
  reopened: ['reopened', 'b', 'o', 'a', 'ready to send', 'm', 'reaction requested', 'forward to external'],
  s: [],
  'closure requested': ['m', 'closure requested', 'i', 'o', 'a', 'b', 'forward to external'],
  'reopen requested': ['o', 'reopened', 'a'],
  'reaction requested': ['m', 'i', 'b', 'ingepland', 'o', 'a', 'reaction requested', 'reaction received', 'ready to send', 'forward to external'],
  'reaction received': ['m', 'i', 'b', 'o', 'a', 'ingepland', 'reaction requested', 'ready to send', 'forward to external'],
  'forward to external': ['closure requested', 'm', 'i', 'b', 'forward to external', 'ingepland', 'o', 'a', 'reaction requested', 'reaction received', 'ready to send'],
};

/** The status a new report starts in. */
export const INITIAL_STATE: StateCode = 'm';

/** Whether the graph lets a report in `from` move to `to`. */
export function canTransition(from: string, to: string): boolean {
  return isStateCode(from) && isStateCode(to) && TRANSITIONS[from].includes(to);
}

/**
 * The statuses a staff member may pick by hand (docs/reference/statuses.md#states-and-transitions: Gemeld, Afwachting, Reactie
 * gevraagd, Ingepland, Behandeling, Extern verzoek tot afhandeling, Afgehandeld,
 * Heropend, Geannuleerd); the same list applies to default texts.
 */
export const MANUAL_TARGETS: readonly StateCode[] = ['m', 'i', 'reaction requested', 'ingepland', 'b', 'closure requested', 'o', 'reopened', 'a'];

/** `forward to external` may be picked by hand too when the feature flag enableForwardIncidentToExternal is on. */
export const EXTERNAL_TARGET: StateCode = 'forward to external';

/**
 * What a staff member can pick for a report in `from`: the manual targets the graph
 * allows, in the order of MANUAL_TARGETS (plus `forward to external` when `external`).
 */
export function manualTargetsFrom(from: string, options: { external?: boolean } = {}): StateCode[] {
  const targets = options.external ? [...MANUAL_TARGETS, EXTERNAL_TARGET] : [...MANUAL_TARGETS];
  return targets.filter((to) => canTransition(from, to));
}

/** Statuses whose entering mails the reporter (docs/reference/statuses.md#states-and-transitions, 'E-mail sent on entering'). */
export const STATES_THAT_MAIL: readonly StateCode[] = ['o', 'reaction requested', 'reopened', 'forward to external'];

/** The first 14 codes: those the status-message-templates endpoint accepts (docs/reference/statuses.md#transitions). */
export const TEMPLATE_STATE_CODES: readonly StateCode[] = STATE_CODES.slice(0, 14);

/** Per-state rules of a status change (docs/reference/api.md#private, docs/reference/statuses.md#transitions), the limits the server and the screens share. */
export const STATUS_RULES = {
  /** Statuses that need a text. */
  textRequired: ['o', 'reopened'] as readonly StateCode[],
  /** Status that needs `target_api`, and the allowed values. */
  targetApiState: 'ready to send' as StateCode,
  targetApis: ['sigmax', 'gisib', 'straatnotes'] as const,
  /** The question to the reporter is at most this long. */
  reactionTextMax: 1000,
  /** Days the reporter has to answer a reaction request before the system moves on. */
  reactionDays: 5,
  /** The text of that system move. */
  noReactionText: 'Geen reactie ontvangen.',
  /** A note is at most this long (docs/reference/api.md#private). */
  noteMax: 3000,
} as const;
