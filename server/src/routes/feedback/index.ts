/**
 * The satisfaction survey (kto), our own design in the style of the Signalen feedback API:
 *   GET  /signals/v1/public/feedback/standard_answers/   the choices per satisfaction indication
 *   GET  /signals/v1/public/feedback/forms/{uuid}        200, 404, 410 {"detail":"expired"} or {"detail":"filled out"}
 *   PUT  /signals/v1/public/feedback/forms/{uuid}        {satisfaction, text_list, text_extra, allows_contact} → 200
 */
import type { RoutePlugin } from '../../http/typed.ts';
import type { FastifyReply } from 'fastify';
import { baseOf, type FollowupRouteOptions } from '../../followup/index.ts';
import { AccessError } from '../../followup/sessions.ts';
import { FEEDBACK_SCHEMAS } from '../qa/schemas.ts';
import { STANDARD_ANSWERS, loadFeedbackForm, parseFeedback, saveFeedback } from '../../followup/feedback.ts';
import { API_PATHS } from '@meldloket/engine';


const feedbackRoutes: RoutePlugin<FollowupRouteOptions> = async (app, opts) => {
  app.get(API_PATHS.feedbackStandardAnswers, { schema: FEEDBACK_SCHEMAS.standardAnswers }, async (request) => ({
    _links: { self: { href: `${baseOf(request)}${API_PATHS.feedbackStandardAnswers}` }, next: { href: null }, previous: { href: null } },
    count: STANDARD_ANSWERS.length,
    results: STANDARD_ANSWERS,
  }));

  app.get(API_PATHS.feedbackForm, { schema: FEEDBACK_SCHEMAS.form }, async (request) => (await loadFeedbackForm(opts.db, opts, request.params.uuid)).body);

  const submit = async (request: { params: { uuid: string }; body: unknown }, reply: FastifyReply) => {
    const { row, body } = await loadFeedbackForm(opts.db, opts, request.params.uuid);
    const parsed = parseFeedback(request.body);
    if ('errors' in parsed) return reply.code(400).send(parsed.errors);
    const saved = await saveFeedback(opts.db, opts, row.id, row.signal_uuid, parsed.input);
    if (!saved) throw new AccessError('gone', { detail: 'filled out' });
    return reply.code(200).send({ ...body, ...parsed.input, is_satisfied: parsed.input.satisfaction === 'satisfied', reopened: saved.reopened });
  };
  app.put<{ Params: { uuid: string }; Body: unknown }>(API_PATHS.feedbackForm, { schema: FEEDBACK_SCHEMAS.submit, attachValidation: true }, submit);
  app.post<{ Params: { uuid: string }; Body: unknown }>(API_PATHS.feedbackForm, { schema: FEEDBACK_SCHEMAS.submit, attachValidation: true }, submit);
};

export default feedbackRoutes;
