/**
 * Following a report (docs/duplicates.md), the resident's side, no sign-in:
 *
 * - POST /signals/v1/public/followers/              {"signal": id, "email": "…"} → 201, a link to confirm is mailed
 * - POST /signals/v1/public/followers/verify        {"token"} → 200 {id_display, state_display, already_verified}
 * - POST /signals/v1/public/followers/unsubscribe   {"token"} → 200 {id_display}; 404 for an unknown or used link
 * - GET  /signals/v1/public/followers/nearby?main_slug=&sub_slug=&lon=&lat=  the open reports of that
 *        subcategory near the point that a resident may follow ('Is dit hetzelfde probleem?'):
 *        number, date, status, place and distance — never a text or reporter data
 */
import { detailSchema, resultsListSchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { requestFollow, unfollow, verifyFollow } from '../../services/followers/index.ts';
import { HIDDEN_STATES } from '../../services/geography/index.ts';
import { displayId } from '../../services/signals/serialize.ts';
import { publicNearbyReports } from '../../services/split/nearby.ts';
import { API_PATHS, stateName } from '@meldloket/engine';
import { ApiError } from '../../http/api-error.ts';
import { utcIso } from '../signals/geography.ts';

export interface FollowerRouteOptions {
  /** Follow requests per address per hour (each mails a link). */
  throttlePerHour: number;
}

const tokenBody = { type: 'object', required: ['token'], properties: { token: { type: 'string', minLength: 1, maxLength: 100 } } } as const;
const errorSchema = { type: 'object', additionalProperties: true } as const;

export const followerRoutes: RoutePlugin<FollowerRouteOptions> = async (app, { throttlePerHour }) => {
  const links = () => ({ publicUrl: app.linkBase.publicUrl });

  app.post(API_PATHS.followers, {
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

  app.get(API_PATHS.followersNearby, {
    schema: {
      querystring: {
        type: 'object',
        required: ['main_slug', 'sub_slug', 'lon', 'lat'],
        properties: { main_slug: { type: 'string', maxLength: 100 }, sub_slug: { type: 'string', maxLength: 100 }, lon: { type: 'number', minimum: -180, maximum: 180 }, lat: { type: 'number', minimum: -90, maximum: 90 } },
      },
      response: {
        200: resultsListSchema({
          type: 'object',
          properties: {
            id: { type: 'integer' },
            id_display: { type: 'string' },
            created_at: { type: 'string' },
            status: { type: 'object', properties: { state_display: { type: 'string' } } },
            geometry: { type: 'object', properties: { type: { type: 'string' }, coordinates: { type: 'array', items: { type: 'number' } } } },
            distance: { type: 'integer' },
          },
        }),
        400: errorSchema,
      },
    },
    handler: async (request) => {
      const { main_slug, sub_slug, lon, lat } = request.query;
      const tree = await app.categories.tree();
      const sub = tree.find((m) => m.slug === main_slug)?.sub_categories.find((s) => s.slug === sub_slug);
      if (!sub) throw new ApiError(400, { sub_slug: [`Selecteer een geldige keuze. ${sub_slug} is geen beschikbare keuze.`] });
      const rows = await publicNearbyReports(app.db, { lng: lon, lat }, sub, HIDDEN_STATES, app.workflow.now());
      return {
        results: rows.map((r) => ({
          id: r.id,
          id_display: displayId(r.id),
          created_at: utcIso(r.created_at),
          status: { state_display: stateName(r.state) },
          geometry: { type: 'Point', coordinates: [r.lng, r.lat] },
          distance: Math.round(r.distance),
        })),
      };
    },
  });

  app.post(API_PATHS.followersVerify, {
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

  app.post(API_PATHS.followersUnsubscribe, {
    schema: { body: tokenBody, response: { 200: { type: 'object', properties: { id_display: { type: 'string' } } }, 400: errorSchema, 404: detailSchema } },
    handler: async (request) => unfollow(app.db, request.body.token),
  });
};
