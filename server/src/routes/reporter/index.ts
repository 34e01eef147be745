/** POST /signals/v1/public/reporter/verify-email (docs/reference/api.md#verify-email). */
import type { RoutePlugin } from '../../http/typed.ts';
import { verifyEmailToken, type FollowupRouteOptions } from '../../followup/index.ts';
import { VERIFY_EMAIL_SCHEMA } from '../qa/schemas.ts';
import { detailSchema } from '../../http/hal.ts';
import { methodNotAllowed } from '../../http/error-handler.ts';
import { API_PATHS } from '@meldloket/engine';

const reporterRoutes: RoutePlugin<FollowupRouteOptions> = async (app, opts) => {
  app.post<{ Body: unknown }>(API_PATHS.verifyEmail, { schema: VERIFY_EMAIL_SCHEMA, attachValidation: true }, async (request, reply) => {
    if (!/\bjson\b/i.test(request.headers['content-type'] ?? '')) {
      return reply.code(415).send({ detail: `Niet-ondersteund mediatype "${request.headers['content-type'] ?? ''}" in aanvraag.` });
    }
    const body = request.body;
    const token = body && typeof body === 'object' && !Array.isArray(body) ? (body as { token?: unknown }).token : undefined;
    if (token === undefined) return reply.code(400).send({ token: ['Dit veld is vereist.'] });
    if (typeof token !== 'string' || token.trim() === '') return reply.code(400).send({ token: ['Dit veld mag niet leeg zijn.'] });
    const problem = await verifyEmailToken(opts.db, opts, token);
    if (problem) return reply.code(400).send({ token: [problem] });
    return reply.code(200).send({ token });
  });

  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: API_PATHS.verifyEmail,
    schema: { response: { 405: detailSchema } },
    handler: async (request) => {
      throw methodNotAllowed(request.method);
    },
  });
};

export default reporterRoutes;
