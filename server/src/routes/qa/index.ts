/**
 * Questionnaires (QA), public and unauthenticated: docs/reference/api.md#questionnaires. Registered at the
 * server root; every path starts with /signals/v1/public/qa/. The data lives in
 * followup/sessions.ts; refusals are thrown and answered by the one error handler.
 */
import type { RoutePlugin } from '../../http/typed.ts';
import multipart from '@fastify/multipart';
import { baseOf, type FollowupRouteOptions } from '../../followup/index.ts';
import { activeQuestionnaire, checkAccess, loadSession, questionnaireBody, sessionBody, startFreeSession } from '../../followup/sessions.ts';
import { methodNotAllowed } from '../../http/error-handler.ts';
import { registerSessionWrites } from './writes.ts';
import { parseJsonBody } from '../../http/json-body.ts';
import { registerQuestionRoutes } from './questions.ts';
import { QA_SCHEMAS, SESSION_ROUTE } from './schemas.ts';
import { API_PATHS } from '@meldloket/engine';


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

  app.get(API_PATHS.qaQuestionnaire, { schema: QA_SCHEMAS.questionnaire }, async (request) => {
    const { questionnaire, questions } = await activeQuestionnaire(db, request.params.uuid);
    return questionnaireBody(questionnaire, questions, baseOf(request));
  });

  /** A free-standing session (the category extra-questions flow): 2 hours from its first answer. */
  app.post(API_PATHS.qaQuestionnaireSession, { schema: QA_SCHEMAS.createSession }, async (request, reply) => {
    const { questionnaire } = await activeQuestionnaire(db, request.params.uuid);
    const uuid = await startFreeSession(db, questionnaire.id, now());
    return reply.code(201).send(sessionBody(await loadSession(db, uuid), baseOf(request)));
  });

  app.get(API_PATHS.qaSession, { schema: QA_SCHEMAS.session, config: SESSION_ROUTE }, async (request) => {
    const loaded = await loadSession(db, request.params.uuid);
    await checkAccess(db, loaded, opts.signals, now());
    return sessionBody(loaded, baseOf(request));
  });

  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    for (const url of [API_PATHS.qaQuestionnaire, API_PATHS.qaSession]) {
      app.route({
        method,
        url,
        schema: QA_SCHEMAS.methodNotAllowed,
        handler: async (request) => {
          throw methodNotAllowed(request.method);
        },
      });
    }
  }

  registerSessionWrites(app, opts);
  registerQuestionRoutes(app, opts);
};

export default qaRoutes;
