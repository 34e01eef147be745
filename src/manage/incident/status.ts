/**
 * The status change of one report, without React: which statuses a handler may
 * pick (spec §4's manual targets the graph of contract §12 allows, from the
 * engine's workflow), whether the reporter is mailed (spec §4's status table),
 * the per-state rules (contract §12) as Dutch messages, and the PATCH body.
 */
import { manualTargetsFrom, STATE_NAMES, STATES_THAT_MAIL, STATUS_RULES, type StateCode } from '@meldloket/engine';
import type { IncidentDetail, IncidentPatch } from './api.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.status;

export interface StatusOption {
  code: StateCode;
  name: string;
}

export const stateName = (code: string): string => (STATE_NAMES as Record<string, string>)[code] ?? code;

/** The statuses a handler can choose for a report now in `current` (not the one it already has). */
export function statusTargets(current: string, options: { external?: boolean } = {}): StatusOption[] {
  return manualTargetsFrom(current, options)
    .filter((code) => code !== current)
    .map((code) => ({ code, name: stateName(code) }));
}

/** Whether the reporter left an e-mail address (masked '*****' still means one is known). */
export const reporterHasEmail = (detail: Pick<IncidentDetail, 'reporter'>): boolean => Boolean(detail.reporter.email);

export type MailNotice = 'sent' | 'notSent' | 'noAddress';

/** What the handler is told about the e-mail for a change to `state` (spec §4 'E-mail sent on entering'). */
export function mailNotice(state: string, detail: Pick<IncidentDetail, 'reporter'>): MailNotice {
  if (!(STATES_THAT_MAIL as readonly string[]).includes(state)) return 'notSent';
  return reporterHasEmail(detail) ? 'sent' : 'noAddress';
}

export const isQuestion = (state: string) => state === 'reaction requested';

export interface StatusDraft {
  state: string;
  text: string;
}

export type StatusErrors = Partial<Record<'state' | 'text', string>>;

/** The rules of contract §12 that the form checks before sending (the server checks them again). */
export function validateStatus(draft: StatusDraft, detail: Pick<IncidentDetail, 'reporter'>): StatusErrors {
  const errors: StatusErrors = {};
  const text = draft.text.trim();
  if (isQuestion(draft.state)) {
    if (!reporterHasEmail(detail)) errors.state = T.noEmailForQuestion;
    if (!text) errors.text = T.questionRequired;
    else if (draft.text.length > STATUS_RULES.reactionTextMax) errors.text = T.tooLong(STATUS_RULES.reactionTextMax);
  } else if ((STATUS_RULES.textRequired as readonly string[]).includes(draft.state) && !text) {
    errors.text = T.textRequired;
  }
  return errors;
}

/** The PATCH body for the change; `send_email` follows the status table. */
export function statusPatch(draft: StatusDraft, detail: Pick<IncidentDetail, 'reporter'>): IncidentPatch {
  const text = draft.text.trim();
  return {
    status: {
      state: draft.state,
      ...(text ? { text } : {}),
      send_email: mailNotice(draft.state, detail) === 'sent',
    },
  };
}

/** The longest text the form allows for `state` (the question's limit; none otherwise). */
export const statusTextMax = (state: string): number | undefined => (isQuestion(state) ? STATUS_RULES.reactionTextMax : undefined);
