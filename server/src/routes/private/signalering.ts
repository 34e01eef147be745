/**
 * GET /signals/v1/private/signalering/ (docs/overview.md): the team lead's page — open reports past
 * their deadline and 3x past it, per category and per department, and incoming versus
 * closed per week. Shape: docs/overview.md; counting: services/overview/signalering.ts.
 */
import { badRequestSchema, detailSchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { signalering, SIGNALERING_WEEKS } from '../../services/overview/signalering.ts';
import { API_PATHS } from '@meldloket/engine';

const int = { type: 'integer' } as const;
const str = { type: 'string' } as const;
const counts = { open: int, late: int, late_factor_3: int } as const;

const signaleringSchema = {
  type: 'object',
  properties: {
    generated_at: str,
    open_states: { type: 'array', items: str },
    late_factor: int,
    totals: { type: 'object', properties: counts },
    per_category: {
      type: 'array',
      items: { type: 'object', properties: { category_id: int, sub_slug: str, sub: str, main_slug: str, main: str, ...counts } },
    },
    per_department: {
      type: 'array',
      items: { type: 'object', properties: { department_id: int, code: str, name: str, ...counts } },
    },
    weeks: { type: 'array', items: { type: 'object', properties: { week: str, start: str, incoming: int, closed: int } } },
  },
} as const;

export const signaleringRoutes: RoutePlugin = async (app) => {
  app.get(API_PATHS.signalering, {
    config: { permission: 'sia_read' },
    schema: {
      querystring: { type: 'object', properties: { weeks: { type: 'integer', minimum: 1, maximum: SIGNALERING_WEEKS.max } } },
      response: { 200: signaleringSchema, 400: badRequestSchema, 401: detailSchema, 403: detailSchema },
    },
    handler: async (request) =>
      signalering(app.db, request.staff!, await app.categories.tree(), { now: new Date(), weeks: request.query.weeks ?? SIGNALERING_WEEKS.default }),
  });
};
