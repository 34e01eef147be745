/**
 * Questionnaires (QA), public and unauthenticated: contract §7. Registered at the
 * server root; every path starts with /signals/v1/public/qa/.
 */
import { randomUUID } from 'node:crypto';
import type { RoutePlugin } from '../../http/typed.ts';
import multipart from '@fastify/multipart';
import { AccessError, UUID_RE, baseOf, sendKnownError, sendSessionError, type FollowupRouteOptions } from '../../followup/index.ts';
import { checkAccess, invalidUuid, loadSession, questionnaireBody, sessionBody } from '../../followup/sessions.ts';
import { registerSessionWrites } from './writes.ts';
import { parseJsonBody } from '../../http/json-body.ts';
import { registerQuestionRoutes } from './questions.ts';
import { QA_SCHEMAS } from './schemas.ts';

const PREFIX = '/signals/v1/public/qa';

const qaRoutes: RoutePlugin<FollowupRouteOptions> = async (app, opts) => {
  const { db } = opts;
  const now = () => opts.now?.() ?? new Date();
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  // A POST without a body is fine here (submit), as for the reference backend; invalid JSON stays a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(String(body), true));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  async function activeQuestionnaire(uuid: string) {
    if (!UUID_RE.test(uuid)) throw invalidUuid(uuid);
    const questionnaire = await db.selectFrom('qa_questionnaire').selectAll().where('uuid', '=', uuid.toLowerCase()).where('is_active', '=', true).executeTakeFirst();
    if (!questionnaire) throw new AccessError(404, { detail: 'Niet gevonden.' });
    const questions = await db.selectFrom('qa_question').selectAll().where('questionnaire_id', '=', questionnaire.id).orderBy('position').execute();
    return { questionnaire, questions };
  }

  app.get(`${PREFIX}/questionnaires/:uuid`, { schema: QA_SCHEMAS.questionnaire }, async (request, reply) => {
    try {
      const { questionnaire, questions } = await activeQuestionnaire(request.params.uuid);
      return questionnaireBody(questionnaire, questions, baseOf(request));
    } catch (error) {
      return sendKnownError(reply, error);
    }
  });

  /** A free-standing session (the category extra-questions flow): 2 hours from its first answer. */
  app.post(`${PREFIX}/questionnaires/:uuid/session`, { schema: QA_SCHEMAS.createSession }, async (request, reply) => {
    try {
      const { questionnaire } = await activeQuestionnaire(request.params.uuid);
      const uuid = randomUUID();
      await db.insertInto('qa_session').values({ uuid, questionnaire_id: questionnaire.id, duration_seconds: 2 * 60 * 60, created_at: now() }).execute();
      return reply.code(201).send(sessionBody(await loadSession(db, uuid), baseOf(request)));
    } catch (error) {
      return sendKnownError(reply, error);
    }
  });

  app.get(`${PREFIX}/sessions/:uuid`, { schema: QA_SCHEMAS.session }, async (request, reply) => {
    try {
      const loaded = await loadSession(db, request.params.uuid);
      await checkAccess(db, loaded, opts.signals, now());
      return sessionBody(loaded, baseOf(request));
    } catch (error) {
      return sendSessionError(reply, error);
    }
  });

  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: `${PREFIX}/questionnaires/:uuid`,
      schema: QA_SCHEMAS.methodNotAllowed,
      handler: async (request, reply) => reply.code(405).send({ detail: `Methode "${request.method}" niet toegestaan.` }),
    });
    app.route({
      method,
      url: `${PREFIX}/sessions/:uuid`,
      schema: QA_SCHEMAS.methodNotAllowed,
      handler: async (request, reply) => reply.code(405).send({ detail: `Methode "${request.method}" niet toegestaan.` }),
    });
  }

  registerSessionWrites(app, opts, PREFIX);
  registerQuestionRoutes(app, opts, PREFIX);
};

export default qaRoutes;
