/**
 * Following a report (issue 35, docs/duplicates.md), the resident's side, no sign-in:
 *
 * - POST /signals/v1/public/followers/              {"signal": id, "email": "…"} → 201, a link to confirm is mailed
 * - POST /signals/v1/public/followers/verify        {"token"} → 200 {id_display, state_display, already_verified}
 * - POST /signals/v1/public/followers/unsubscribe   {"token"} → 200 {id_display}; 404 for an unknown or used link
 */
import { detailSchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { requestFollow, unfollow, verifyFollow } from '../../services/followers/index.ts';

export interface FollowerRouteOptions {
  /** Follow requests per address per hour (each mails a link). */
  throttlePerHour: number;
}

const P = '/signals/v1/public/followers';
const tokenBody = { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
const errorSchema = { type: 'object', additionalProperties: true } as const;

export const followerRoutes: RoutePlugin<FollowerRouteOptions> = async (app, { throttlePerHour }) => {
  const links = () => ({ publicUrl: app.linkBase.publicUrl });

  app.post(`${P}/`, {
    config: { rateLimit: { max: throttlePerHour, timeWindow: 60 * 60 * 1000 } },
    schema: {
      body: {
        type: 'object',
        required: ['signal', 'email'],
        properties: { signal: { type: 'integer', minimum: 1, maximum: 2147483647 }, email: { type: 'string', maxLength: 254 } },
      },
      response: { 201: { type: 'object', properties: { id_display: { type: 'string' } } }, 400: errorSchema, 404: detailSchema },
    },
    handler: async (request, reply) => {
      const answer = await requestFollow(app.db, links(), request.body.signal, request.body.email, app.workflow.now());
      void app.outbox.resume();
      return reply.code(201).send(answer);
    },
  });

  app.post(`${P}/verify`, {
    schema: {
      body: tokenBody,
      response: { 200: { type: 'object', properties: { id_display: { type: 'string' }, state_display: { type: 'string' }, already_verified: { type: 'boolean' } } }, 400: errorSchema, 404: detailSchema, 409: detailSchema, 410: detailSchema },
    },
    handler: async (request) => {
      const answer = await verifyFollow(app.db, links(), request.body.token, app.workflow.now());
      void app.outbox.resume();
      return answer;
    },
  });

  app.post(`${P}/unsubscribe`, {
    schema: { body: tokenBody, response: { 200: { type: 'object', properties: { id_display: { type: 'string' } } }, 400: errorSchema, 404: detailSchema } },
    handler: async (request) => unfollow(app.db, request.body.token),
  });
};
