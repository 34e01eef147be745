/**
 * A status change (docs/reference/api.md#private `status` block, docs/reference/statuses.md#transitions graph and rules, docs/reference/statuses.md#states-and-transitions mails),
 * in the two layers Signalen has, each with its own error shape:
 * - `checkStatusBlock`: the nested serializer: field checks and the per-state rules of
 *   'reaction requested' and 'forward to external', nested under `status`; the Sigmax
 *   permission as a 403 `{"state": "…"}`;
 * - `applyStatus`: the Status model's clean step (transition graph, `text` for `o` and
 *   `reopened`, `target_api` only and always for `ready to send`), top-level errors,
 *   then the change itself with its history entry and what entering the state does:
 *   the reply session and its mail, the survey and closing mail, the other mails of
 *   the status table, the forward-to-external hook. Everything runs in the caller's
 *   transaction: a refusal anywhere changes nothing.
 */
import { canTransition, hasEmailShape, isStateCode, stateName, STATES_THAT_MAIL, STATUS_RULES, type StateCode } from '@meldloket/engine';
import type { Selectable } from 'kysely';
import type { StaffUser } from '../../auth/users.ts';
import { hasPermission } from '../../auth/users.ts';
import type { Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';
import { createFeedbackRequest, createReactionSession } from '../../followup/flows.ts';
import { externalForwardMail, feedbackRequestMail, reactionRequestMail, reopenedMail, statusChangedMail } from '../../followup/mails.ts';
import type { FollowupSignal, OutgoingMail, StateEffects } from '../../followup/ports.ts';
import { createSignalPort } from '../../followup/signal-store.ts';
import { DomainError, invalid } from '../../domain/errors.ts';
import { MESSAGES } from '../../domain/field-errors.ts';
import { writeHistory } from './history.ts';
import { queueMail } from './outbox.ts';
import { mailFollowers } from '../followers/index.ts';


/** The messages of docs/reference/api.md#private's status table, word for word. */
export const STATUS_MESSAGES = {
  transition: (from: string, to: string) => `Invalid state transition from \`${stateName(from)}\` to \`${stateName(to)}\`.`,
  required: (to: string) => `This field is required when changing \`state\` to \`${stateName(to)}\`.`,
  targetApiOnly: `This field can only be set when changing \`state\` to \`${stateName(STATUS_RULES.targetApiState)}\`.`,
  /** Literal braces: Signalen never fills the template in. */
  noEmail: 'No email address known for signal with ID={{ signal.id }}.',
  external: 'email_override, send_email, and text must all be set for DOORGEZET_NAAR_EXTERN flow',
  sigmax: "You don't have permissions to push to Sigmax/CityControl.",
} as const;

/** Longest status text the model takes. */
export const STATUS_TEXT_MAX = 10000;

export interface StatusInput {
  state: StateCode;
  text: string | null;
  send_email: boolean;
  target_api: string | null;
  email_override: string | null;
  extra_properties: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'list' : typeof v === 'string' ? 'str' : typeof v === 'number' ? 'int' : typeof v === 'boolean' ? 'bool' : typeof v);

/**
 * The nested serializer's checks of a `status` block for `signal` by `staff`: the clean
 * input, or `errors` to put under `status`. Throws the 403 of `ready to send` to Sigmax
 * without `push_to_sigmax`.
 */
export function checkStatusBlock(raw: unknown, signal: Pick<Selectable<SignalTable>, 'reporter_email'>, staff: StaffUser): { input: StatusInput } | { errors: Record<string, string[]> } {
  if (!isObject(raw)) return { errors: { non_field_errors: [MESSAGES.object.replace('{type}', typeName(raw))] } };
  const errors: Record<string, string[]> = {};
  const { state, text = null, send_email = false, target_api = null, email_override = null, extra_properties = null } = raw;
  if (state === undefined) errors.state = [MESSAGES.required];
  else if (state === null) errors.state = [MESSAGES.blank];
  else if (!isStateCode(state)) errors.state = [MESSAGES.choice.replace('{value}', String(state))];
  if (text !== null && typeof text !== 'string') errors.text = [MESSAGES.string];
  else if (typeof text === 'string' && text.length > STATUS_TEXT_MAX) errors.text = [MESSAGES.maxLength.replace('{limit}', String(STATUS_TEXT_MAX))];
  if (typeof send_email !== 'boolean') errors.send_email = [MESSAGES.boolean];
  if (target_api !== null && !(STATUS_RULES.targetApis as readonly unknown[]).includes(target_api)) errors.target_api = [MESSAGES.choice.replace('{value}', String(target_api))];
  if (email_override !== null && (typeof email_override !== 'string' || !hasEmailShape(email_override) || email_override.length > 254)) errors.email_override = [MESSAGES.email];
  if (Object.keys(errors).length > 0) return { errors };
  const input: StatusInput = {
    state: state as StateCode,
    text: text as string | null,
    send_email: send_email as boolean,
    target_api: target_api as string | null,
    email_override: email_override === '' ? null : (email_override as string | null),
    extra_properties,
  };
  if (input.state === STATUS_RULES.targetApiState && input.target_api === 'sigmax' && !hasPermission(staff, 'push_to_sigmax')) {
    throw new DomainError('forbidden', { state: STATUS_MESSAGES.sigmax });
  }
  if (input.state === 'reaction requested') {
    if (!signal.reporter_email) return { errors: { state: [STATUS_MESSAGES.noEmail] } };
    if (!input.text || input.text.trim() === '') return { errors: { text: [MESSAGES.blank] } };
    if (input.text.length > STATUS_RULES.reactionTextMax) return { errors: { text: [MESSAGES.maxLength.replace('{limit}', String(STATUS_RULES.reactionTextMax))] } };
  }
  if (input.state === 'forward to external' && (!input.email_override || input.send_email !== true || !input.text)) {
    return { errors: { text: [STATUS_MESSAGES.external] } };
  }
  return { input };
}

/** The Status model's clean step: top-level errors keyed by model field, or null. */
export function statusCleanErrors(from: string, input: Pick<StatusInput, 'state' | 'text' | 'target_api'>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  if (!canTransition(from, input.state)) errors.state = [STATUS_MESSAGES.transition(from, input.state)];
  if (input.state === STATUS_RULES.targetApiState && !input.target_api) errors.target_api = [STATUS_MESSAGES.required(input.state)];
  if (input.state !== STATUS_RULES.targetApiState && input.target_api) errors.target_api = [STATUS_MESSAGES.targetApiOnly];
  if ((STATUS_RULES.textRequired as readonly string[]).includes(input.state) && !input.text?.trim()) errors.text = [STATUS_MESSAGES.required(input.state)];
  return Object.keys(errors).length ? errors : null;
}

/** A forward-to-external event: the hook makes the party's link and may answer the mail to send. */
export interface ExternalForward {
  signal: Selectable<SignalTable>;
  followup: FollowupSignal;
  /** The external party's address (email_override). */
  email: string;
  text: string;
  who: string | null;
  at: Date;
}
/** Runs in the status change's transaction (`db`); return a mail to send instead of the default one without a link. */
export type ExternalForwardHook = (db: Db, event: ExternalForward) => Promise<OutgoingMail | void>;

export interface StatusDeps {
  /** Base URL of the web app, for links in mails. */
  publicUrl: string;
  urlPath: (relativePath: string) => string;
  externalForward?: ExternalForwardHook;
}

export { queueMail } from './outbox.ts';

export interface AppliedStatus extends StateEffects {
  /** Mails stored in the outbox. */
  mails: number;
}

/**
 * Applies a status change to `signal` (locked by the caller) inside transaction `db`:
 * the model's clean step (400 with top-level errors), the row, the history entry and
 * what entering the state does. `who` is the staff username, null for the system.
 */
export async function applyStatus(db: Db, deps: StatusDeps, signal: Selectable<SignalTable>, input: StatusInput, who: string | null, now: Date): Promise<AppliedStatus> {
  const refused = statusCleanErrors(signal.state, input);
  if (refused) throw invalid(refused);
  // The serializer's rules hold for the system's changes too (checkStatusBlock runs for staff).
  if (input.state === 'reaction requested' && !signal.reporter_email) throw invalid({ status: { state: [STATUS_MESSAGES.noEmail] } });
  if (input.state === 'reaction requested' && !input.text?.trim()) throw invalid({ status: { text: [MESSAGES.blank] } });
  if (input.state === 'forward to external' && (!input.email_override || !input.text)) throw invalid({ status: { text: [STATUS_MESSAGES.external] } });
  await db.updateTable('signal').set({ state: input.state, state_text: input.text, updated_at: now }).where('id', '=', signal.id).execute();
  await writeHistory(db, {
    signalId: signal.id,
    what: 'UPDATE_STATUS',
    action: `Status gewijzigd naar: ${stateName(input.state)}`,
    description: input.text,
    who,
    extra: { state: input.state, send_email: input.send_email, target_api: input.target_api, email_override: input.email_override, extra_properties: input.extra_properties },
    at: now,
  });

  const effects: AppliedStatus = { mails: 0 };
  const followup = (await createSignalPort(db, { urlPath: deps.urlPath }).get(signal.uuid))!;
  const plan = statusMailPlan(signal, input);
  if (plan.send) {
    // what the mail links to is made with it (the reply session, the survey, the party's page)
    const links: StatusMailLinks = {};
    let mail: OutgoingMail | null = null;
    if (plan.template === 'reaction') {
      effects.reaction = await createReactionSession(db, deps.publicUrl, followup, input.text!.trim(), now);
      links.reaction = effects.reaction.link;
    } else if (plan.template === 'feedback') {
      effects.feedback = await createFeedbackRequest(db, deps.publicUrl, followup, now);
      links.feedback = effects.feedback.links;
    } else if (plan.template === 'external') {
      const event: ExternalForward = { signal, followup, email: plan.to, text: input.text!, who, at: now };
      mail = (await deps.externalForward?.(db, event)) ?? null;
    }
    await queueMail(db, mail ?? statusMail(plan, followup, input, links));
    effects.mails += 1;
  }
  // Its followers hear what its reporter hears (docs/duplicates.md): one mail per address, each to that address only.
  if (followersHear(signal, input)) effects.mails += await mailFollowers(db, deps, signal, input.state, input.text);
  return effects;
}

/** Whether a report's followers hear of a change (docs/duplicates.md): what its reporter hears, never a question or a forward; a child's none. */
export function followersHear(signal: Pick<Selectable<SignalTable>, 'parent_id'>, input: Pick<StatusInput, 'state' | 'send_email'>): boolean {
  if (signal.parent_id !== null) return false;
  return input.state === 'o' || input.state === 'reopened' || (input.send_email && input.state !== 'reaction requested' && input.state !== 'forward to external');
}

/** Why a status change sends no mail: no address known, the status sends none (and none was asked for), or a child report. */
export type NoMailReason = 'no_email' | 'not_sent' | 'child';
export type StatusMailTemplate = 'reaction' | 'feedback' | 'reopened' | 'external' | 'status';
/** Whether, to whom and with which template a status change mails (docs/reference/statuses.md#states-and-transitions's status table). */
export type StatusMailPlan = { send: true; template: StatusMailTemplate; to: string } | { send: false; reason: NoMailReason };

/**
 * The one decision of what a change to `input.state` mails: `applyStatus` sends it, the
 * status-mail preview shows it. A child report (made by splitting) is the municipality's
 * own work: its reporter hears of the parent, not of each child (as Signalen); a question
 * is asked by whoever asks it.
 */
export function statusMailPlan(signal: Pick<Selectable<SignalTable>, 'reporter_email' | 'parent_id'>, input: Pick<StatusInput, 'state' | 'send_email' | 'email_override'>): StatusMailPlan {
  if (input.state === 'forward to external') return input.email_override ? { send: true, template: 'external', to: input.email_override } : { send: false, reason: 'no_email' };
  if (input.state === 'reaction requested') return signal.reporter_email ? { send: true, template: 'reaction', to: signal.reporter_email } : { send: false, reason: 'no_email' };
  const mails = (STATES_THAT_MAIL as readonly string[]).includes(input.state) || input.send_email;
  if (!signal.reporter_email) return { send: false, reason: 'no_email' };
  if (!mails) return { send: false, reason: 'not_sent' };
  if (signal.parent_id !== null) return { send: false, reason: 'child' };
  const to = signal.reporter_email;
  if (input.state === 'o') return { send: true, template: 'feedback', to };
  if (input.state === 'reopened') return { send: true, template: 'reopened', to };
  return { send: true, template: 'status', to };
}

/** The links a mail carries, made when it is sent (the preview names them instead). */
export interface StatusMailLinks {
  reaction?: string;
  feedback?: Record<'satisfied' | 'not_satisfied' | 'not_received', string>;
  external?: string | null;
}

/** The mail of `plan` (one of followup/mails.ts's templates), with `links` where it has them. */
export function statusMail(plan: Extract<StatusMailPlan, { send: true }>, followup: FollowupSignal, input: Pick<StatusInput, 'state' | 'text'>, links: StatusMailLinks): OutgoingMail {
  const text = input.text?.trim() ?? '';
  switch (plan.template) {
    case 'reaction':
      return reactionRequestMail(followup, plan.to, text, links.reaction ?? '');
    case 'feedback':
      return feedbackRequestMail(followup, plan.to, links.feedback ?? { satisfied: '', not_satisfied: '', not_received: '' }, input.text);
    case 'reopened':
      return reopenedMail(followup, plan.to, input.text ?? '');
    case 'external':
      return externalForwardMail(followup, plan.to, input.text ?? '', links.external ?? null);
    case 'status':
      return statusChangedMail(followup, plan.to, stateName(input.state), input.text);
  }
}

