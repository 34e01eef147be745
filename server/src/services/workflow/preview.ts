/**
 * The status mail previewed before it is sent (docs/back-office-incident.md, as Signalen's status form does):
 * for a status block as the PATCH would take it, the mail the outbox would get — the same
 * decision (`statusMailPlan`) and the same templates (`statusMail`, followup/mails.ts) that
 * `applyStatus` uses, so what the handler reads is what the reporter receives. The links a
 * mail carries (the reply form, the survey, the external party's page) are made only when it
 * is sent; the preview names them instead. Nothing is written.
 */
import type { Selectable } from 'kysely';
import { hasPermission, type StaffUser } from '../../auth/users.ts';
import type { Db } from '../../db/index.ts';
import type { SignalTable } from '../../db/tables.ts';
import { createSignalPort } from '../../followup/signal-store.ts';
import { invalid, invalidInput } from '../../domain/errors.ts';
import { MESSAGES } from '../../domain/field-errors.ts';
import { followersToMail } from '../followers/index.ts';
import { checkStatusBlock, followersHear, statusCleanErrors, statusMail, statusMailPlan, type NoMailReason, type StatusDeps } from './status.ts';

/** What stands in the preview where the mail will have a personal link. */
export const LINK_MADE_ON_SENDING = '[persoonlijke link, gemaakt bij het versturen]';
/** The reporter's address for a staff member who may not see contact details (the detail's mask). */
export const MASKED = '*****';

/** `followers`: how many followers of the report (docs/duplicates.md) get their own mail about the change besides. */
export type StatusMailPreview = ({ send: true; to: string; subject: string; text: string; has_links: boolean } | { send: false; reason: NoMailReason }) & { followers: number };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The preview of the mail for `body` (`{"status": {…}}`, the PATCH's block) on `signal`; 400 in the PATCH's error shapes. */
export async function previewStatusMail(db: Db, deps: StatusDeps, staff: StaffUser, signal: Selectable<SignalTable>, body: unknown): Promise<StatusMailPreview> {
  if (!isObject(body)) throw invalidInput(MESSAGES.object.replace('{type}', Array.isArray(body) ? 'list' : typeof body));
  if (body.status === undefined) throw invalid({ status: [MESSAGES.required] });
  const checked = checkStatusBlock(body.status, signal, staff);
  if ('errors' in checked) throw invalid({ status: checked.errors });
  const refused = statusCleanErrors(signal.state, checked.input);
  if (refused) throw invalid(refused);
  const plan = statusMailPlan(signal, checked.input);
  const followers = followersHear(signal, checked.input) ? (await followersToMail(db, signal)).length : 0;
  if (!plan.send) return { send: false, reason: plan.reason, followers };
  const followup = (await createSignalPort(db, { urlPath: deps.urlPath }).get(signal.uuid))!;
  const link = LINK_MADE_ON_SENDING;
  const links = { reaction: link, feedback: { satisfied: link, not_satisfied: link, not_received: link }, external: deps.externalForward ? link : null };
  const mail = statusMail(plan, followup, checked.input, links);
  // the reporter's address is contact data; an external party's address the handler typed himself
  const to = plan.template !== 'external' && !hasPermission(staff, 'sia_can_view_contact_details') ? MASKED : mail.to;
  return { send: true, to, subject: mail.subject, text: mail.text, has_links: mail.text.includes(link), followers };
}
