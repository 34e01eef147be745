/**
 * The legacy per-question API (contract §7): GET /qa/questions/{uuid} and
 * POST /qa/questions/{uuid}/answer with {payload, session?}. Without a session a new
 * one is started, which only free-standing questionnaires allow.
 */
import { randomUUID } from 'node:crypto';
import type { TypedApp } from '../../http/typed.ts';
import { AccessError, UUID_RE, baseOf, sendKnownError, type FollowupRouteOptions } from '../../followup/index.ts';
import { checkAccess, invalidUuid, loadSession, questionBody, touchStarted } from '../../followup/sessions.ts';
import { validateAnswer } from '../../followup/answers.ts';
import { amsterdamIso } from '../../followup/time.ts';
import { QA_SCHEMAS } from './schemas.ts';

type Params = { Params: { key: string } };

export function registerQuestionRoutes(app: TypedApp, opts: FollowupRouteOptions, prefix: string): void {
  const { db } = opts;
  const now = () => opts.now?.() ?? new Date();

  async function findQuestion(key: string) {
    if (!UUID_RE.test(key)) throw invalidUuid(key);
    const question = await db.selectFrom('qa_question').selectAll().where('uuid', '=', key.toLowerCase()).executeTakeFirst();
    if (!question) throw new AccessError(404, { detail: 'Niet gevonden.' });
    return question;
  }

  app.get(`${prefix}/questions/:key`, { schema: QA_SCHEMAS.question }, async (request, reply) => {
    try {
      return questionBody(await findQuestion(request.params.key), baseOf(request));
    } catch (error) {
      return sendKnownError(reply, error);
    }
  });

  app.post<Params & { Body: unknown }>(`${prefix}/questions/:key/answer`, { schema: QA_SCHEMAS.answer, attachValidation: true }, async (request, reply) => {
    try {
      const question = await findQuestion(request.params.key);
      const body = (request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : {}) as Record<string, unknown>;
      if (!('payload' in body)) return reply.code(400).send({ payload: ['Dit veld is vereist.'] });
      let sessionUuid = typeof body.session === 'string' ? body.session : undefined;
      if (!sessionUuid) {
        const questionnaire = await db.selectFrom('qa_questionnaire').selectAll().where('id', '=', question.questionnaire_id).executeTakeFirstOrThrow();
        if (questionnaire.flow !== 'EXTRA_PROPERTIES') return reply.code(400).send({ session: ['Dit veld is vereist.'] });
        sessionUuid = randomUUID();
        await db.insertInto('qa_session').values({ uuid: sessionUuid, questionnaire_id: questionnaire.id, duration_seconds: 2 * 60 * 60, created_at: now() }).execute();
      }
      const loaded = await loadSession(db, sessionUuid);
      if (loaded.questionnaire.id !== question.questionnaire_id) return reply.code(400).send({ session: ['Deze sessie hoort niet bij deze vraag.'] });
      await checkAccess(db, loaded, opts.signals, now());
      const problem = validateAnswer(question.field_type, question.required, body.payload);
      if (problem) return reply.code(400).send({ payload: [problem] });
      const created = await db
        .insertInto('qa_answer')
        .values({ session_id: loaded.session.id, question_id: question.id, payload: JSON.stringify(body.payload), created_at: now() })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      await touchStarted(db, loaded.session, now());
      const next = loaded.questions.find((q) => q.position > question.position);
      return reply.code(201).send({
        _display: `Answer object (${created.id})`,
        payload: body.payload,
        session: loaded.session.uuid,
        created_at: amsterdamIso(created.created_at),
        next_question: next ? questionBody(next, baseOf(request)) : null,
      });
    } catch (error) {
      return sendKnownError(reply, error);
    }
  });
}
