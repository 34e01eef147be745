/**
 * The legacy per-question API (docs/reference/api.md#questionnaires): GET /qa/questions/{uuid} and
 * POST /qa/questions/{uuid}/answer with {payload, session?}. Without a session a new
 * one is started, which only free-standing questionnaires allow.
 */
import type { TypedApp } from '../../http/typed.ts';
import { ApiError } from '../../http/api-error.ts';
import { baseOf, type FollowupRouteOptions } from '../../followup/index.ts';
import { checkAccess, findQuestion, loadSession, questionBody, questionnaireOf, saveAnswer, startFreeSession, touchStarted } from '../../followup/sessions.ts';
import { validateAnswer } from '../../followup/answers.ts';
import { amsterdamIso } from '../../followup/time.ts';
import { QA_SCHEMAS } from './schemas.ts';
import { API_PATHS } from '@meldloket/engine';

type Params = { Params: { key: string } };

export function registerQuestionRoutes(app: TypedApp, opts: FollowupRouteOptions): void {
  const { db } = opts;
  const now = () => opts.now?.() ?? new Date();

  app.get(API_PATHS.qaQuestion, { schema: QA_SCHEMAS.question }, async (request) => questionBody(await findQuestion(db, request.params.key), baseOf(request)));

  app.post<Params & { Body: unknown }>(API_PATHS.qaQuestionAnswer, { schema: QA_SCHEMAS.answer, attachValidation: true }, async (request, reply) => {
    const question = await findQuestion(db, request.params.key);
    const body = (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as Record<string, unknown>;
    if (!('payload' in body)) throw ApiError.field('payload', 'Dit veld is vereist.');
    let sessionUuid = typeof body.session === 'string' ? body.session : undefined;
    if (!sessionUuid) {
      const questionnaire = await questionnaireOf(db, question);
      if (questionnaire.flow !== 'EXTRA_PROPERTIES') throw ApiError.field('session', 'Dit veld is vereist.');
      sessionUuid = await startFreeSession(db, questionnaire.id, now());
    }
    const loaded = await loadSession(db, sessionUuid);
    if (loaded.questionnaire.id !== question.questionnaire_id) throw ApiError.field('session', 'Deze sessie hoort niet bij deze vraag.');
    await checkAccess(db, loaded, opts.signals, now());
    const problem = validateAnswer(question.field_type, question.required, body.payload);
    if (problem) throw ApiError.field('payload', problem);
    const created = await saveAnswer(db, loaded, question, body.payload, now());
    await touchStarted(db, loaded.session, now());
    const next = loaded.questions.find((q) => q.position > question.position);
    return reply.code(201).send({
      _display: `Answer object (${created.id})`,
      payload: body.payload,
      session: loaded.session.uuid,
      created_at: amsterdamIso(created.created_at),
      next_question: next ? questionBody(next, baseOf(request)) : null,
    });
  });
}
