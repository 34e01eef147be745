/**
 * Questionnaire sessions (docs/reference/api.md#questionnaires): loading a session with its questions and
 * answers, the access rules (frozen → 'Already used!', expired → 'Expired!'),
 * answers, attachments and freezing.
 */
import { API_PATHS, API_PREFIX, apiPath } from '@meldloket/engine';
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { FollowupTables, QaQuestionTable, QaSessionTable, QaQuestionnaireTable } from './tables.ts';
import type { FollowupSignal, SignalPort } from './ports.ts';
import { amsterdamIso, hms } from './time.ts';

export type Db = Kysely<FollowupTables>;
export type Question = Selectable<QaQuestionTable>;
export type SessionRow = Selectable<QaSessionTable>;

export interface LoadedSession {
  session: SessionRow;
  questionnaire: Selectable<QaQuestionnaireTable>;
  questions: Question[];
  /** Latest payload per question id. */
  answers: Map<number, unknown>;
}

import { DomainError, type ErrorBody, type ErrorKind } from '../domain/errors.ts';
export { UUID_RE } from '../domain/ids.ts';
import { UUID_RE } from '../domain/ids.ts';

/** A client-visible refusal: status plus the API's body (answered by the one error handler). */
export class AccessError extends DomainError {
  constructor(kind: ErrorKind, body: ErrorBody) {
    super(kind, body);
    this.name = 'AccessError';
    this.message = !Array.isArray(body) && 'detail' in body ? String(body.detail) : 'access refused';
  }
}

export function invalidUuid(value: string): AccessError {
  return new AccessError('invalid', [`“${value}” is geen geldige UUID.`]);
}

export async function loadSession(db: Db, uuid: string): Promise<LoadedSession> {
  if (uuid === '') throw new AccessError('not-found', { detail: 'Niet gevonden.' });
  if (!UUID_RE.test(uuid)) throw invalidUuid(uuid);
  const session = await db.selectFrom('qa_session').selectAll().where('uuid', '=', uuid.toLowerCase()).executeTakeFirst();
  if (!session) throw new AccessError('not-found', { detail: 'Niet gevonden.' });
  const questionnaire = await db.selectFrom('qa_questionnaire').selectAll().where('id', '=', session.questionnaire_id).executeTakeFirstOrThrow();
  const questions = await db.selectFrom('qa_question').selectAll().where('questionnaire_id', '=', questionnaire.id).orderBy('position').execute();
  const rows = await db.selectFrom('qa_answer').select(['question_id', 'payload']).where('session_id', '=', session.id).orderBy('id').execute();
  const answers = new Map<number, unknown>();
  for (const row of rows) answers.set(row.question_id, row.payload);
  return { session, questionnaire, questions, answers };
}

function isExpired(session: SessionRow, now: Date): boolean {
  if (session.invalidated) return true;
  if (session.submit_before && new Date(session.submit_before) < now) return true;
  if (session.started_at && session.duration_seconds !== null) {
    return new Date(session.started_at).getTime() + session.duration_seconds * 1000 < now.getTime();
  }
  return false;
}

/**
 * The access rules for every /sessions/{uuid} call, frozen before expired. Where the
 * reference answers 500 for a reaction request that is no longer current, we answer
 * 410 with the same detail: the link is gone, nothing failed on the server.
 */
export async function checkAccess(db: Db, loaded: LoadedSession, signals: SignalPort, now: Date): Promise<FollowupSignal | null> {
  const { session, questionnaire } = loaded;
  if (session.frozen) throw new AccessError('gone', { detail: 'Already used!' });
  if (isExpired(session, now)) throw new AccessError('gone', { detail: 'Expired!' });
  const signal = session.signal_uuid ? await signals.get(session.signal_uuid) : null;
  if (questionnaire.flow === 'REACTION_REQUEST') {
    if (!signal) throw new AccessError('gone', { detail: `Session ${session.uuid} is not associated with a Signal.` });
    if (signal.state !== 'reaction requested') {
      throw new AccessError('gone', { detail: `Session ${session.uuid} is invalidated, associated signal not in state REACTIE_GEVRAAGD.` });
    }
    const newer = await db
      .selectFrom('qa_session')
      .innerJoin('qa_questionnaire', 'qa_questionnaire.id', 'qa_session.questionnaire_id')
      .select('qa_session.id')
      .where('qa_session.signal_uuid', '=', signal.uuid)
      .where('qa_questionnaire.flow', '=', 'REACTION_REQUEST')
      .where('qa_session.id', '>', session.id)
      .executeTakeFirst();
    if (newer) throw new AccessError('gone', { detail: `Session ${session.uuid} is invalidated, a newer reaction request was issued.` });
  }
  return signal;
}

export function questionBody(q: Question, base: string) {
  const self = `${base}${apiPath(API_PATHS.qaQuestion, { key: q.uuid })}`;
  return {
    _links: {
      curies: { name: 'sia', href: `${base}${API_PREFIX.relations}` },
      self: { href: self },
      'sia:uuid-self': { href: self },
      'sia:post-answer': { href: `${self}/answer` },
    },
    _display: `${q.uuid} (${q.field_type})`,
    key: null,
    retrieval_key: null,
    analysis_key: q.analysis_key,
    uuid: q.uuid,
    label: q.label,
    short_label: q.short_label,
    field_type: q.field_type,
    next_rules: null,
    required: q.required,
    multiple_answers_allowed: q.multiple_answers_allowed,
  };
}

function isAnswered(q: Question, answers: Map<number, unknown>): boolean {
  const payload = answers.get(q.id);
  if (payload === undefined || payload === null) return false;
  if (typeof payload === 'string') return payload.trim() !== '';
  if (Array.isArray(payload)) return payload.length > 0;
  return true;
}

/** Questions that still need an answer before the session can be frozen. */
export function missingRequired(loaded: LoadedSession): Question[] {
  return loaded.questions.filter((q) => q.required && !isAnswered(q, loaded.answers));
}

export function sessionBody(loaded: LoadedSession, base: string, errors: Record<string, string> = {}) {
  const { session, questionnaire, questions, answers } = loaded;
  const self = `${base}${apiPath(API_PATHS.qaSession, { uuid: session.uuid })}`;
  const links: Record<string, unknown> = {
    curies: { name: 'sia', href: `${base}${API_PREFIX.relations}` },
    self: { href: self },
    'sia:questionnaire': { href: `${base}${apiPath(API_PATHS.qaQuestionnaire, { uuid: questionnaire.uuid })}` },
    'sia:post-answers': { href: `${self}/answers` },
    'sia:post-attachments': { href: `${self}/attachments` },
    'sia:post-submit': { href: `${self}/submit` },
  };
  if (session.signal_uuid) links['sia:public-signal'] = { href: `${base}${apiPath(API_PATHS.publicSignal, { uuid: session.signal_uuid })}` };
  const answered = questions.filter((q) => isAnswered(q, answers)).map((q) => q.uuid);
  return {
    _links: links,
    _display: `Session object (${session.id})`,
    uuid: session.uuid,
    started_at: amsterdamIso(session.started_at),
    submit_before: amsterdamIso(session.submit_before),
    duration: hms(session.duration_seconds),
    created_at: amsterdamIso(session.created_at),
    questionnaire_explanation: session.explanation ?? null,
    signal_snapshot: session.signal_snapshot ?? null,
    can_freeze: !session.frozen && missingRequired(loaded).length === 0,
    path_questions: questions.map((q) => questionBody(q, base)),
    path_answered_question_uuids: answered,
    path_unanswered_question_uuids: questions.filter((q) => !answered.includes(q.uuid)).map((q) => q.uuid),
    path_validation_errors_by_uuid: errors,
  };
}

export function questionnaireBody(questionnaire: Selectable<QaQuestionnaireTable>, questions: Question[], base: string) {
  const first = questions[0];
  return {
    _links: {
      curies: { name: 'sia', href: `${base}${API_PREFIX.relations}` },
      self: { href: `${base}${apiPath(API_PATHS.qaQuestionnaire, { uuid: questionnaire.uuid })}` },
      'sia:create-session': { href: `${base}${apiPath(API_PATHS.qaQuestionnaireSession, { uuid: questionnaire.uuid })}` },
    },
    _display: `Questionnaire object (${questionnaire.id})`,
    uuid: questionnaire.uuid,
    name: questionnaire.name,
    description: null,
    // no questionnaire of ours has an explanation of its own (sessions carry theirs)
    explanation: null,
    is_active: questionnaire.is_active,
    first_question: first ? questionBody(first, base) : null,
    flow: questionnaire.flow,
  };
}

/** Marks the session started on its first answer, so `duration` counts from then. */
export async function touchStarted(db: Db, session: SessionRow, now: Date): Promise<void> {
  if (session.started_at) return;
  await db.updateTable('qa_session').set({ started_at: now }).where('id', '=', session.id).execute();
  session.started_at = now;
}

/**
 * Freezes a session once: a conditional update, so of many parallel submits (in one
 * or several server processes) exactly one wins; the others get 410 'Already used!'.
 */
export async function freezeSession(db: Db, session: SessionRow): Promise<void> {
  // Not one the 5-day sweep claimed meanwhile (claimLapsedSession): the answer and 'Geen reactie ontvangen.' exclude each other.
  const result = await db
    .updateTable('qa_session')
    .set({ frozen: true })
    .where('id', '=', session.id)
    .where('frozen', '=', false)
    .where('invalidated', '=', false)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    const now = await db.selectFrom('qa_session').select('frozen').where('id', '=', session.id).executeTakeFirst();
    throw new AccessError('gone', { detail: now?.frozen ? 'Already used!' : 'Expired!' });
  }
  session.frozen = true;
}

/** How long a free-standing session (the category extra-questions flow) lasts from its first answer. */
export const FREE_SESSION_SECONDS = 2 * 60 * 60;

/** An active questionnaire and its questions in order; 400 for a malformed uuid, 404 when none. */
export async function activeQuestionnaire(db: Db, uuid: string): Promise<{ questionnaire: Selectable<QaQuestionnaireTable>; questions: Question[] }> {
  if (!UUID_RE.test(uuid)) throw invalidUuid(uuid);
  const questionnaire = await db.selectFrom('qa_questionnaire').selectAll().where('uuid', '=', uuid.toLowerCase()).where('is_active', '=', true).executeTakeFirst();
  if (!questionnaire) throw new AccessError('not-found', { detail: 'Niet gevonden.' });
  const questions = await db.selectFrom('qa_question').selectAll().where('questionnaire_id', '=', questionnaire.id).orderBy('position').execute();
  return { questionnaire, questions };
}

/** A question by its uuid; 400 for a malformed uuid, 404 when none. */
export async function findQuestion(db: Db, key: string): Promise<Question> {
  if (!UUID_RE.test(key)) throw invalidUuid(key);
  const question = await db.selectFrom('qa_question').selectAll().where('uuid', '=', key.toLowerCase()).executeTakeFirst();
  if (!question) throw new AccessError('not-found', { detail: 'Niet gevonden.' });
  return question;
}

/** The questionnaire a question belongs to. */
export async function questionnaireOf(db: Db, question: Question): Promise<Selectable<QaQuestionnaireTable>> {
  return db.selectFrom('qa_questionnaire').selectAll().where('id', '=', question.questionnaire_id).executeTakeFirstOrThrow();
}

/** Starts a free-standing session of a questionnaire; answers its new uuid. */
export async function startFreeSession(db: Db, questionnaireId: number, now: Date, uuid: string = randomUUID()): Promise<string> {
  await db.insertInto('qa_session').values({ uuid, questionnaire_id: questionnaireId, duration_seconds: FREE_SESSION_SECONDS, created_at: now }).execute();
  return uuid;
}

/** Stores an answer of the session (the latest per question counts) and keeps it in `loaded`. */
export async function saveAnswer(db: Db, loaded: LoadedSession, question: Question, payload: unknown, now: Date) {
  const created = await db
    .insertInto('qa_answer')
    .values({ session_id: loaded.session.id, question_id: question.id, payload: JSON.stringify(payload), created_at: now })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  loaded.answers.set(question.id, payload);
  return created;
}
