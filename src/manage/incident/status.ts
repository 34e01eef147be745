/**
 * The status change of one report, without React: which statuses a handler may
 * pick (docs/reference/statuses.md#states-and-transitions's manual targets the graph of docs/reference/statuses.md#transitions allows, from the
 * engine's workflow), whether the reporter is mailed (docs/reference/statuses.md#states-and-transitions's status table),
 * the per-state rules (docs/reference/statuses.md#transitions) as Dutch messages, and the PATCH body.
 */
import { EXTERNAL_TARGET, hasEmailShape, manualTargetsFrom, stateName, STATES_THAT_MAIL, STATUS_RULES, type StateCode } from '@meldloket/engine';
import type { IncidentDetail, IncidentPatch } from './api.ts';
import { INCIDENT_TEXTS } from './texts.ts';

const T = INCIDENT_TEXTS.status;

export interface StatusOption {
  code: StateCode;
  name: string;
}

export { stateName };

/** The statuses a handler can choose for a report now in `current` (not the one it already has). */
export function statusTargets(current: string, options: { external?: boolean } = {}): StatusOption[] {
  return manualTargetsFrom(current, options)
    .filter((code) => code !== current)
    .map((code) => ({ code, name: stateName(code) }));
}

/** Whether the reporter left an e-mail address (masked '*****' still means one is known). */
export const reporterHasEmail = (detail: Pick<IncidentDetail, 'reporter'>): boolean => Boolean(detail.reporter.email);

/**
 * The e-mail of a change to `state` (docs/reference/statuses.md#states-and-transitions 'E-mail sent on entering'): 'always' for the
 * statuses that mail the reporter, 'optional' for the others (the handler may send the
 * text along), 'noAddress' when the reporter left no e-mail address.
 */
export type MailRule = 'always' | 'optional' | 'noAddress';

export function mailRule(state: string, detail: Pick<IncidentDetail, 'reporter'>): MailRule {
  if (isForward(state)) return 'always';
  if (!reporterHasEmail(detail)) return 'noAddress';
  return (STATES_THAT_MAIL as readonly string[]).includes(state) ? 'always' : 'optional';
}

export const isQuestion = (state: string) => state === 'reaction requested';
/** 'Doorgezet naar extern' (behind enableForwardIncidentToExternal) goes to the e-mail address of an external party. */
export const isForward = (state: string) => state === EXTERNAL_TARGET;

export interface StatusDraft {
  state: string;
  text: string;
  /** The handler's choice for an 'optional' mail. */
  sendEmail?: boolean;
  /** 'Doorgezet naar extern': the external party's e-mail address. */
  emailOverride?: string;
}

export type StatusErrors = Partial<Record<'state' | 'text' | 'email_override', string>>;

/** The rules of docs/reference/statuses.md#transitions that the form checks before sending (the server checks them again). */
export function validateStatus(draft: StatusDraft, detail: Pick<IncidentDetail, 'reporter'>): StatusErrors {
  const errors: StatusErrors = {};
  const text = draft.text.trim();
  if (isQuestion(draft.state)) {
    if (!reporterHasEmail(detail)) errors.state = T.noEmailForQuestion;
    if (!text) errors.text = T.questionRequired;
    else if (draft.text.length > STATUS_RULES.reactionTextMax) errors.text = T.tooLong(STATUS_RULES.reactionTextMax);
  } else if (((STATUS_RULES.textRequired as readonly string[]).includes(draft.state) || isForward(draft.state)) && !text) {
    errors.text = T.textRequired;
  }
  if (isForward(draft.state) && !hasEmailShape(draft.emailOverride?.trim() ?? '')) errors.email_override = T.externalEmailInvalid;
  return errors;
}

/** The PATCH body for the change; `send_email` follows the status table, or the handler's choice where it is free. */
export function statusPatch(draft: StatusDraft, detail: Pick<IncidentDetail, 'reporter'>): IncidentPatch {
  const text = draft.text.trim();
  const rule = mailRule(draft.state, detail);
  return {
    status: {
      state: draft.state,
      ...(text ? { text } : {}),
      send_email: rule === 'always' || (rule === 'optional' && Boolean(draft.sendEmail) && Boolean(text)),
      ...(isForward(draft.state) ? { email_override: draft.emailOverride?.trim() ?? '' } : {}),
    },
  };
}

/** The longest text the form allows for `state` (the question's limit; none otherwise). */
export const statusTextMax = (state: string): number | undefined => (isQuestion(state) ? STATUS_RULES.reactionTextMax : undefined);
