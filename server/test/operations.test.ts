/**
 * What an operator relies on (docs/operations.md): mail that fails is retried with backoff and
 * never lost nor sent twice across processes; Prometheus metrics count requests,
 * reports and mails; the orchestrator probes; a production start refuses unsafe settings.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createOutbox, retryDelayMs } from '../src/plugins/outbox.ts';
import { startMetricsServer } from '../src/plugins/metrics.ts';
import { productionProblems, readConfig } from '../src/config.ts';
import { buildTestApp, DATABASE_TARGETS } from './helpers.ts';
import { postReport, validReport } from './support.ts';

describe('retry delay', () => {
  it('doubles from 30 seconds and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});

describe.each(DATABASE_TARGETS)('mail outbox (%s)', (target) => {
  it('keeps a mail whose sending failed and sends it once its backoff has passed', async () => {
    let clock = new Date('2026-11-24T10:00:00Z');
    let smtpUp = false;
    const sent: string[] = [];
    const transport = {
      async sendMail(mail: { subject: string }) {
        if (!smtpUp) throw new Error('SMTP-server onbereikbaar');
        sent.push(mail.subject);
        return {};
      },
    };
    // The app itself gets no mail transport: the outbox under test is the only sender. (The app's own outbox runs on
    // the real clock; draining the same table at start, it could claim the mail under a lease that the test's clock
    // has long passed, and send it a second time.)
    const t = await buildTestApp(target, { now: () => clock });
    try {
      const outbox = createOutbox(t.app.db, { transport: transport as never, now: () => clock, metrics: t.app.metrics });
      await outbox.send({ to: 'melder@example.com', subject: 'Uw melding is afgehandeld', text: 'x' });
      await outbox.idle();
      const [failed] = await outbox.list();
      expect(failed).toMatchObject({ sent_at: null, attempts: 1, error: 'SMTP-server onbereikbaar' });
      expect(failed.next_attempt_at?.toISOString()).toBe('2026-11-24T10:00:30.000Z');

      smtpUp = true;
      clock = new Date('2026-11-24T10:00:29Z'); // not due yet: it waits
      await outbox.resume();
      expect((await outbox.list())[0].sent_at).toBeNull();
      clock = new Date('2026-11-24T10:00:31Z');
      await outbox.resume();
      const [done] = await outbox.list();
      expect(done.sent_at).toBeInstanceOf(Date);
      expect(done.error).toBeNull();
      expect(sent).toEqual(['Uw melding is afgehandeld']);

      const text = await t.app.metrics.registry.metrics();
      expect(text).toMatch(/^meldloket_mails_failed_total 1$/m);
      expect(text).toMatch(/^meldloket_mails_sent_total 1$/m);
      expect(text).toMatch(/^meldloket_mails_pending 0$/m);
    } finally {
      await t.close();
    }
  });

  it('sends every mail exactly once when two processes drain the same outbox at the same time', async () => {
    const t = await buildTestApp(target);
    try {
      const deliveries: string[] = [];
      const process = (name: string) =>
        createOutbox(t.app.db, {
          transport: {
            async sendMail(mail: { subject: string }) {
              await new Promise((resolve) => setTimeout(resolve, 1));
              deliveries.push(mail.subject);
              return {};
            },
          } as never,
        });
      const storeOnly = createOutbox(t.app.db, {});
      for (let i = 0; i < 50; i++) await storeOnly.send({ to: 'melder@example.com', subject: `mail ${i}`, text: 'x' });
      const a = process('a');
      const b = process('b');
      await Promise.all([a.resume(), b.resume(), a.resume(), b.resume()]);
      await Promise.all([a.idle(), b.idle()]);
      expect(deliveries.sort()).toEqual(Array.from({ length: 50 }, (_, i) => `mail ${i}`).sort());
      const unsent = await t.app.db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
      expect(unsent).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('metrics', () => {
  it('counts requests by route pattern, reports created and the database pool, served on a port of its own', async () => {
    const t = await buildTestApp('pglite');
    const server = await startMetricsServer(t.app.metrics, 0, '127.0.0.1');
    try {
      const created = await postReport(t.app, validReport());
      expect(created.status).toBe(201);
      const uuid = created.body.signal_id as string;
      await t.app.inject({ method: 'GET', url: `/signals/v1/public/signals/${uuid}` });
      const address = server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toMatch(/^meldloket_reports_created_total\{channel="public"\} 1$/m);
      expect(text).toContain('http_requests_total{method="POST",route="/signals/v1/public/signals/",status_code="201"} 1');
      // the route's pattern, not the report's own URL
      expect(text).toContain('route="/signals/v1/public/signals/:uuid"');
      expect(text).not.toContain(uuid);
      expect(text).toMatch(/^http_request_duration_seconds_bucket\{.*le="\+Inf".*\} \d+$/m);
      expect(text).toMatch(/^meldloket_db_pool_waiting 0$/m);
      expect((await fetch(`http://127.0.0.1:${address.port}/elders`)).status).toBe(404);
      // not on the public port
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('http_requests_total');
    } finally {
      server.close();
      await t.close();
    }
  });
});

describe.each(DATABASE_TARGETS)('probes (%s)', (target) => {
  it('answers live always, and ready only while every migration is applied', async () => {
    const t = await buildTestApp(target);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');

      await sql`delete from kysely_migration where name = '800_outbox_retry'`.execute(t.app.db);
      const behind = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toEqual({ status: 'unavailable', detail: 'Nog niet toegepaste migraties: 800_outbox_retry.' });
    } finally {
      await t.close();
    }
  });
});

describe('production start', () => {
  const production = { NODE_ENV: 'production' };
  it('names every unsafe setting', () => {
    const env = { ...production, OIDC_EMBEDDED: 'true', DEV_PAGES: 'true' };
    const problems = productionProblems(env, readConfig(env));
    expect(problems.map((p) => p.split(' ')[0])).toEqual(['PUBLIC_URL', 'OIDC_EMBEDDED', 'DEV_PAGES']);
  });

  it('asks for an issuer when the embedded provider is off', () => {
    const env = { ...production, PUBLIC_URL: 'https://meldingen.gemeente.nl' };
    expect(productionProblems(env, readConfig(env))).toEqual([expect.stringMatching(/^OIDC_ISSUER ontbreekt/)]);
  });

  it('accepts a deployment with its own provider and public address', () => {
    const env = { ...production, PUBLIC_URL: 'https://meldingen.gemeente.nl', OIDC_ISSUER: 'https://login.gemeente.nl/realms/meldloket', HOST: '0.0.0.0' };
    expect(productionProblems(env, readConfig(env))).toEqual([]);
    expect(readConfig(env).prettyLogs).toBe(false);
    expect(readConfig({}).prettyLogs).toBe(true);
  });
});
