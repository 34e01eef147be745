/**
 * Probes for an orchestrator (Kubernetes, Nomad, systemd, a load balancer):
 *
 * - `GET /health/live`: the process answers (no database call: a slow database must
 *   not get a healthy process restarted);
 * - `GET /health/ready`: the database answers and every migration this build knows has
 *   been applied; 503 with the reason otherwise, so no traffic reaches a process that
 *   cannot serve it.
 *
 * Beside the spec's `HEAD /signals/`, which the app itself calls (and which also
 * reports the maintenance switch).
 */
import { sql } from 'kysely';
import { migrationFiles } from '../../db/index.ts';
import type { RoutePlugin } from '../../http/typed.ts';

const statusSchema = { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] } as const;
const problemSchema = {
  type: 'object',
  properties: { status: { type: 'string' }, detail: { type: 'string' } },
  required: ['status', 'detail'],
} as const;

export const healthProbes: RoutePlugin = async (app) => {
  const expected = (await migrationFiles()).map((file) => file.replace(/\.ts$/, ''));

  app.get('/health/live', {
    schema: { response: { 200: statusSchema } },
    handler: async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  });

  app.get('/health/ready', {
    schema: { response: { 200: statusSchema, 503: problemSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      let applied: Set<string>;
      try {
        const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(app.db);
        applied = new Set(rows.map((r) => r.name));
      } catch {
        return reply.code(503).send({ status: 'unavailable', detail: 'De database is niet bereikbaar.' });
      }
      const missing = expected.filter((name) => !applied.has(name));
      if (missing.length > 0) return reply.code(503).send({ status: 'unavailable', detail: `Nog niet toegepaste migraties: ${missing.join(', ')}.` });
      return { status: 'ok' };
    },
  });
};
