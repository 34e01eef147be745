/**
 * Infrastructure: Prometheus metrics (prom-client). Every app has its own registry
 * (tests build many apps in one process). What is counted:
 *
 * - `http_requests_total` and `http_request_duration_seconds` by method, route
 *   (the route's pattern, never the raw URL, so ids do not explode the series) and status;
 * - `meldloket_reports_created_total` by channel (public, staff);
 * - `meldloket_mails_queued_total`, `meldloket_mails_sent_total`,
 *   `meldloket_mails_failed_total` (each failed attempt; the mail stays queued and is
 *   retried) and `meldloket_mails_pending` (stored, not yet sent);
 * - `meldloket_db_pool_connections` (total, idle) and `meldloket_db_pool_waiting`;
 * - the process's own metrics (CPU, memory, event-loop lag) with the `process_`/`nodejs_` prefix.
 *
 * They are served by `startMetricsServer` on a port of their own (METRICS_PORT, default
 * off; METRICS_HOST default 127.0.0.1), never on the public port: nothing beyond the API
 * and the app is reachable by default.
 */
import { createServer, type Server } from 'node:http';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { API_PATHS } from '@meldloket/engine';

export interface Metrics {
  registry: Registry;
  reportsCreated: Counter<'channel'>;
  mailsQueued: Counter;
  mailsSent: Counter;
  mailsFailed: Counter;
  /** Set by the outbox: how many stored mails still wait to be sent. */
  mailsPending: Gauge;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** The create calls and the channel they count for. */
const CREATE_ROUTES: Record<string, 'public' | 'staff'> = {
  [API_PATHS.publicSignals]: 'public',
  [API_PATHS.privateSignals]: 'staff',
};

export interface MetricsPluginOptions {
  /** Also collect the process's default metrics (off in tests that build many apps). */
  defaultMetrics?: boolean;
}

export const metricsPlugin = fp<MetricsPluginOptions>(
  async (app, options) => {
    const registry = new Registry();
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route and status.', labelNames, registers: [registry] });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending the last byte of its answer.',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const metrics: Metrics = {
      registry,
      reportsCreated: new Counter({ name: 'meldloket_reports_created_total', help: 'Reports stored, by channel.', labelNames: ['channel'], registers: [registry] }),
      mailsQueued: new Counter({ name: 'meldloket_mails_queued_total', help: 'Mails stored in the outbox.', registers: [registry] }),
      mailsSent: new Counter({ name: 'meldloket_mails_sent_total', help: 'Mails handed to the SMTP server.', registers: [registry] }),
      mailsFailed: new Counter({ name: 'meldloket_mails_failed_total', help: 'Failed attempts to send a mail (the mail is retried later).', registers: [registry] }),
      mailsPending: new Gauge({ name: 'meldloket_mails_pending', help: 'Mails stored and not sent yet.', registers: [registry] }),
    };
    new Gauge({
      name: 'meldloket_db_pool_connections',
      help: 'Database connections of this process, by state.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = app.dbPoolStats?.() ?? { total: 0, idle: 0, waiting: 0 };
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'in_use' }, stats.total - stats.idle);
      },
    });
    new Gauge({
      name: 'meldloket_db_pool_waiting',
      help: 'Queries waiting for a database connection.',
      registers: [registry],
      collect() {
        this.set(app.dbPoolStats?.().waiting ?? 0);
      },
    });
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      // The pattern of the matched route; unmatched requests (404s, static files) as one series.
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status_code: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      const channel = CREATE_ROUTES[route];
      if (channel && request.method === 'POST' && reply.statusCode === 201) {
        metrics.reportsCreated.inc({ channel }, Array.isArray(request.body) ? request.body.length : 1);
      }
    });
  },
  { name: 'metrics' },
);

/** Serves `GET /metrics` of the app's registry on a port of its own; resolves once listening. */
export async function startMetricsServer(
  metrics: { registry: { metrics(): Promise<string>; contentType: string } },
  port: number,
  host: string,
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Niet gevonden. De metrics staan op /metrics.\n');
      return;
    }
    metrics.registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
