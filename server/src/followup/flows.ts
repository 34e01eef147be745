/**
 * Starting the follow-up flows for a stored report, each of which puts a mail with
 * its link in the outbox: a reply request with a question, a changed e-mail address
 * to verify, and the satisfaction survey after closing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isEmail, STATUS_RULES } from '@meldloket/engine';
import type { Db } from './sessions.ts';
import type { FollowupOptions, FollowupSignal, SessionEvent } from './ports.ts';
import type { Explanation } from './tables.ts';
import { amsterdamIso } from './time.ts';
import { UUID_RE } from '../domain/ids.ts';
import { DomainError, NO_SIGNAL } from '../domain/errors.ts';
import { emailChangedMail, feedbackRequestMail, reactionRequestMail, verifyEmailMail } from './mails.ts';

const DAY = 24 * 60 * 60 * 1000;
export const REACTION_DAYS = STATUS_RULES.reactionDays;
export const FEEDBACK_DAYS = 14;
export const VERIFY_HOURS = 24;

/**
 * A request the flow refuses, with the field it is about: a 400 under that field, or a 404
 * with the detail when the report itself does not exist (answered by the one error handler).
 */
export class FlowError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(field === 'signal' ? 'not-found' : 'invalid', field === 'signal' ? { detail: message } : { [field]: [message] });
    this.name = 'FlowError';
    this.message = message;
  }
}

async function requireSignal(opts: FollowupOptions, uuid: string): Promise<FollowupSignal> {
  const signal = await opts.signals.get(uuid);
  if (!signal) throw new FlowError('signal', NO_SIGNAL);
  return signal;
}

function snapshot(signal: FollowupSignal) {
  const loc = signal.location;
  return {
    signal_id: signal.uuid,
    id: signal.id,
    location: loc
      ? {
          geometrie: { type: 'Point', coordinates: [loc.lng, loc.lat] },
          address: loc.address,
          address_text: loc.addressText ?? '',
          stadsdeel: loc.stadsdeel,
          area_name: null,
        }
      : null,
  };
}

function explanation(signal: FollowupSignal): Explanation {
  return {
    title: 'Melding reactie',
    sections: [
      {
        header: 'Uw omschrijving',
        text: signal.text,
        files: signal.attachments.filter((a) => a.isImage).map((a) => ({ description: a.filename, file: a.url, created_at: amsterdamIso(a.createdAt) })),
      },
    ],
  };
}

export interface StartedReaction {
  sessionUuid: string;
  link: string;
}

export interface StartedFeedback {
  uuid: string;
  links: Record<'satisfied' | 'not_satisfied' | 'not_received', string>;
}

/**
 * Makes the reply session of a reaction request (docs/reference/api.md#questionnaires REACTION_REQUEST flow): a
 * questionnaire with the question and an optional photo question, and a session that
 * runs out after REACTION_DAYS. No status change and no mail: the workflow does those
 * in the same transaction (server/src/services/workflow).
 */
export async function createReactionSession(db: Db, publicUrl: string, signal: FollowupSignal, question: string, now: Date): Promise<StartedReaction> {
  const questionnaire = await db
    .insertInto('qa_questionnaire')
    .values({ uuid: randomUUID(), name: `Reactie gevraagd ${signal.display}`, flow: 'REACTION_REQUEST' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('qa_question')
    .values([
      { uuid: randomUUID(), questionnaire_id: questionnaire.id, position: 1, analysis_key: 'reaction', label: question, short_label: 'Uw antwoord', field_type: 'plain_text', required: true },
      { uuid: randomUUID(), questionnaire_id: questionnaire.id, position: 2, analysis_key: 'reaction_photos', label: "Foto's toevoegen", short_label: "Foto's", field_type: 'image', required: false, multiple_answers_allowed: true },
    ])
    .execute();
  const sessionUuid = randomUUID();
  await db
    .insertInto('qa_session')
    .values({
      uuid: sessionUuid,
      questionnaire_id: questionnaire.id,
      signal_uuid: signal.uuid,
      submit_before: new Date(now.getTime() + REACTION_DAYS * DAY),
      duration_seconds: null,
      explanation: JSON.stringify(explanation(signal)),
      signal_snapshot: JSON.stringify(snapshot(signal)),
      created_at: now,
    })
    .execute();
  return { sessionUuid, link: `${publicUrl}/incident/reactie/${sessionUuid}` };
}

/** Makes a satisfaction survey for a closed report (valid FEEDBACK_DAYS) and its three links. No mail. */
export async function createFeedbackRequest(db: Db, publicUrl: string, signal: FollowupSignal, now: Date): Promise<StartedFeedback> {
  const uuid = randomUUID();
  await db
    .insertInto('feedback_request')
    .values({ uuid, signal_uuid: signal.uuid, submit_before: new Date(now.getTime() + FEEDBACK_DAYS * DAY), created_at: now })
    .execute();
  const link = (kind: string) => `${publicUrl}/kto/${kind}/${uuid}`;
  return { uuid, links: { satisfied: link('satisfied'), not_satisfied: link('not_satisfied'), not_received: link('not_received') } };
}

/**
 * Asks the reporter a question: the report moves to 'reaction requested' through the
 * signal store, which in the app is the workflow (it makes the session and the mail
 * with the status change, and says so in its answer); a store without the workflow
 * (the follow-up tests) gets them made here.
 */
export async function startReactionRequest(db: Db, opts: FollowupOptions, signalUuid: string, question: string): Promise<StartedReaction> {
  const text = question.trim();
  if (!text) throw new FlowError('text', 'Dit veld mag niet leeg zijn.');
  if (text.length > 1000) throw new FlowError('text', 'Zorg ervoor dat dit veld niet meer dan 1000 tekens bevat.');
  const signal = await requireSignal(opts, signalUuid);
  if (!signal.reporterEmail) throw new FlowError('signal', 'Reporter has no e-mail address, a reaction cannot be requested.');
  const now = opts.now?.() ?? new Date();
  const effects = await opts.signals.setState(signal.uuid, 'reaction requested', text);
  if (effects?.reaction) return effects.reaction;
  const started = await createReactionSession(db, opts.publicUrl, signal, text, now);
  await opts.mail.send(reactionRequestMail(signal, signal.reporterEmail, text, started.link));
  return started;
}

/** The text a report gets when the reporter did not answer within the days to answer (docs/reference/statuses.md#transitions). */
export const NO_REACTION_TEXT = STATUS_RULES.noReactionText;

/** Unanswered reaction-request sessions whose time ran out, oldest first. */
export async function lapsedReactionSessions(db: Db, now: Date): Promise<LapsedSession[]> {
  const rows = await db
    .selectFrom('qa_session')
    .innerJoin('qa_questionnaire', 'qa_questionnaire.id', 'qa_session.questionnaire_id')
    .leftJoin('qa_question', (join) => join.onRef('qa_question.questionnaire_id', '=', 'qa_questionnaire.id').on('qa_question.field_type', '=', 'plain_text'))
    .select(['qa_session.id', 'qa_session.signal_uuid', 'qa_question.label as question'])
    .where('qa_questionnaire.flow', '=', 'REACTION_REQUEST')
    .where('qa_session.frozen', '=', false)
    .where('qa_session.invalidated', '=', false)
    .where('qa_session.submit_before', '<', now)
    .where('qa_session.signal_uuid', 'is not', null)
    .orderBy('qa_session.id')
    .execute();
  return rows.map((r) => ({ id: r.id, signal_uuid: r.signal_uuid!, question: r.question ?? '' }));
}

export interface LapsedSession {
  id: number;
  signal_uuid: string;
  /** The question the handler asked. */
  question: string;
}

/** The history event of a reaction request that ran out (docs/reference/api.md#private NOT_RECEIVED_SESSION). */
export const notReceived = (session: LapsedSession): SessionEvent => ({ what: 'NOT_RECEIVED_SESSION', question: session.question });

/**
 * Claims a lapsed session for handling: a conditional update, so of several server
 * processes sweeping at once exactly one gets it, and never one the reporter answered
 * meanwhile (freezing requires a session that is not invalidated). True when claimed.
 */
export async function claimLapsedSession(db: Db, sessionId: number): Promise<boolean> {
  const claimed = await db
    .updateTable('qa_session')
    .set({ invalidated: true })
    .where('id', '=', sessionId)
    .where('invalidated', '=', false)
    .where('frozen', '=', false)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Whether a newer reaction request was sent for the report after session `sessionId`. */
export async function hasNewerReactionSession(db: Db, signalUuid: string, sessionId: number): Promise<boolean> {
  const newer = await db
    .selectFrom('qa_session')
    .innerJoin('qa_questionnaire', 'qa_questionnaire.id', 'qa_session.questionnaire_id')
    .select('qa_session.id')
    .where('qa_session.signal_uuid', '=', signalUuid)
    .where('qa_questionnaire.flow', '=', 'REACTION_REQUEST')
    .where('qa_session.id', '>', sessionId)
    .executeTakeFirst();
  return newer !== undefined;
}

/**
 * Reports still waiting for a reaction whose latest request ran out move on to
 * 'reaction received' with 'Geen reactie ontvangen.'. Each run-out session is claimed
 * once. Returns how many reports moved on. (The app runs the workflow's transactional
 * version of this sweep, `app.workflow.closeUnansweredReactions`; this one serves a
 * signal store without the workflow.)
 */
export async function closeUnansweredReactions(db: Db, opts: FollowupOptions): Promise<number> {
  const now = opts.now?.() ?? new Date();
  let moved = 0;
  for (const session of await lapsedReactionSessions(db, now)) {
    if (!(await claimLapsedSession(db, session.id))) continue;
    if (await hasNewerReactionSession(db, session.signal_uuid, session.id)) continue;
    const signal = await opts.signals.get(session.signal_uuid);
    if (signal?.state !== 'reaction requested') continue;
    await opts.signals.setState(signal.uuid, 'reaction received', NO_REACTION_TEXT, notReceived(session));
    moved += 1;
  }
  return moved;
}

/** A photo stored with a reply: its payload in qa_answer. */
export interface StoredPhoto {
  original_filename: string;
  file_path: string;
  mime_type?: string;
  size?: number;
}

/**
 * Called when a reaction-request session is frozen: the answer becomes the report's new
 * status text and the photos become public attachments of the report.
 */
export async function completeReaction(opts: FollowupOptions, signalUuid: string, question: string, answer: string, photos: StoredPhoto[] = []): Promise<void> {
  try {
    // the history tells that the reporter answered (RECEIVE_SESSION), also when the report had moved on
    await opts.signals.setState(signalUuid, 'reaction received', answer, { what: 'RECEIVE_SESSION', question });
  } catch (error) {
    // A handler moved the report on between the check and the answer: the answer and photos are kept.
    if (!(error instanceof FlowError)) throw error;
  }
  for (const photo of photos) {
    await opts.signals.addAttachment(signalUuid, { filePath: photo.file_path, filename: photo.original_filename, mimeType: photo.mime_type ?? 'image/jpeg', size: photo.size ?? 0 });
  }
}

export async function startEmailVerification(db: Db, opts: FollowupOptions, signalUuid: string, email: string): Promise<{ token: string; link: string }> {
  const address = email.trim();
  if (!isEmail(address)) throw new FlowError('email', 'Voer een geldig e-mailadres in.');
  const signal = await requireSignal(opts, signalUuid);
  const now = opts.now?.() ?? new Date();
  const token = randomBytes(24).toString('hex');
  await db
    .insertInto('reporter_email_verification')
    .values({
      token,
      signal_uuid: signal.uuid,
      email: address,
      previous_email: signal.reporterEmail,
      expires_at: new Date(now.getTime() + VERIFY_HOURS * 60 * 60 * 1000),
      created_at: now,
    })
    .execute();
  const link = `${opts.publicUrl}/verify_email/${token}`;
  await opts.mail.send(verifyEmailMail(signal, address, link));
  return { token, link };
}

/** docs/reference/api.md#verify-email: the token's message when it cannot be used, otherwise null after applying it. */
export async function verifyEmailToken(db: Db, opts: FollowupOptions, token: string): Promise<string | null> {
  const row = await db.selectFrom('reporter_email_verification').selectAll().where('token', '=', token).executeTakeFirst();
  if (!row) return 'Token not found!';
  if (row.verified_at) return 'Token already verified!';
  if (!row.expires_at) return 'Invalid token!';
  const now = opts.now?.() ?? new Date();
  if (new Date(row.expires_at) < now) return 'Token expired!';
  // One-time: only the call whose conditional update changes the row applies the token,
  // however many arrive in parallel, in however many server processes.
  const claimed = await db
    .updateTable('reporter_email_verification')
    .set({ verified_at: now })
    .where('id', '=', row.id)
    .where('verified_at', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return 'Token already verified!';
  await opts.signals.setReporterEmail(row.signal_uuid, row.email);
  await opts.signals.addNote(row.signal_uuid, `E-mailadres van de melder gewijzigd en bevestigd: ${row.email}`);
  const signal = await opts.signals.get(row.signal_uuid);
  if (signal) await opts.mail.send(emailChangedMail(signal, row.email));
  return null;
}

/**
 * Closes the report if needed and mails the survey links. Closing goes through the
 * signal store, which in the app is the workflow: its closing mail carries the links.
 */
export async function startFeedbackRequest(db: Db, opts: FollowupOptions, signalUuid: string): Promise<StartedFeedback> {
  const signal = await requireSignal(opts, signalUuid);
  if (!signal.reporterEmail) throw new FlowError('signal', 'Reporter has no e-mail address, no survey can be sent.');
  const now = opts.now?.() ?? new Date();
  if (signal.state !== 'o') {
    const effects = await opts.signals.setState(signal.uuid, 'o', 'Uw melding is afgehandeld.');
    if (effects?.feedback) return effects.feedback;
  }
  const started = await createFeedbackRequest(db, opts.publicUrl, signal, now);
  await opts.mail.send(feedbackRequestMail(signal, signal.reporterEmail, started.links));
  return started;
}

/** Development: lets a reply or survey link run out now, to see its expired state. True when a link was found. */
export async function expireLink(db: Db, opts: FollowupOptions, uuid: string): Promise<boolean> {
  if (!UUID_RE.test(uuid)) throw new FlowError('uuid', 'Geen geldige UUID.');
  const past = new Date((opts.now?.() ?? new Date()).getTime() - 60_000);
  const session = await db.updateTable('qa_session').set({ submit_before: past }).where('uuid', '=', uuid.toLowerCase()).executeTakeFirst();
  const survey = await db.updateTable('feedback_request').set({ submit_before: past }).where('uuid', '=', uuid.toLowerCase()).executeTakeFirst();
  return Number(session.numUpdatedRows) + Number(survey.numUpdatedRows) > 0;
}
