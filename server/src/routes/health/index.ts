/**
 * `HEAD /signals/` (and GET): the health check the app calls before showing the
 * wizard. 200 while the database answers, 503 while the maintenance switch is on
 * or the database is unreachable (the app then shows /onderhoud).
 */
import { detailSchema } from '../../http/hal.ts';
import type { RoutePlugin } from '../../http/typed.ts';
import { databaseAnswers } from '../../services/health/index.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE } from '../../db/unavailable.ts';
import { API_PATHS } from '@meldloket/engine';

export interface HealthOptions {
  /** Read at every request, so the switch can be flipped without a restart. */
  maintenance: () => boolean;
}

const okSchema = {
  type: 'object',
  properties: { status: { type: 'string' } },
  required: ['status'],
} as const;

export const healthRoutes: RoutePlugin<HealthOptions> = async (app, { maintenance }) => {
  app.route({
    method: ['GET', 'HEAD'],
    url: API_PATHS.health,
    schema: { response: { 200: okSchema, 503: detailSchema } },
    handler: async (_request, reply) => {
      if (maintenance()) {
        return reply.code(503).header('Retry-After', '300').send({ detail: 'De dienst is tijdelijk niet beschikbaar wegens onderhoud.' });
      }
      if (!(await databaseAnswers(app.db))) return reply.code(503).header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).send({ detail: DATABASE_UNAVAILABLE });
      return { status: 'ok' };
    },
  });
};

export default healthRoutes;
