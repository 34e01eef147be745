/**
 * docs/security.md, "nothing happens twice": one-time links hold under parallel requests, on
 * PGlite and on PostgreSQL, and across two server instances (each with its own
 * connection pool, as two processes have) on one PostgreSQL database.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildTestApp, DATABASE_TARGETS, useTestApp, type TestApp } from './helpers.ts';
import { FILES, multipart, postReport, validReport } from './support.ts';

const QA = '/signals/v1/public/qa/sessions';

/** A stored report with a reply request whose text and photo are answered: ready to submit. */
async function answeredReplySession(app: TestApp['app']) {
  const report = await postReport(app, validReport());
  expect(report.status).toBe(201);
  const uuid = report.body.signal_id as string;
  const { sessionUuid } = await app.followup.requestReaction(uuid, 'Hoeveel tegels liggen los?');
  const session = (await app.inject({ method: 'GET', url: `${QA}/${sessionUuid}` })).json();
  const [text, image] = session.path_questions;
  const form = multipart([{ name: 'question_uuid', data: image.uuid }, { name: 'file', filename: 'tegels.png', type: 'image/png', data: FILES.png() }]);
  expect((await app.inject({ method: 'POST', url: `${QA}/${sessionUuid}/attachments`, ...form })).statusCode).toBe(201);
  await app.inject({ method: 'POST', url: `${QA}/${sessionUuid}/answers`, payload: [{ question_uuid: text.uuid, payload: 'Een stuk of vijf' }] });
  return { signalUuid: uuid, sessionUuid };
}

async function attachmentsOf(app: TestApp['app'], signalUuid: string) {
  const signal = await app.db.selectFrom('signal').select('id').where('uuid', '=', signalUuid).executeTakeFirstOrThrow();
  return app.db.selectFrom('attachment').select('id').where('signal_id', '=', signal.id).execute();
}

async function notesOf(app: TestApp['app'], signalUuid: string, like: string) {
  const signal = await app.db.selectFrom('signal').select('id').where('uuid', '=', signalUuid).executeTakeFirstOrThrow();
  return app.db.selectFrom('signal_note').select('text').where('signal_id', '=', signal.id).where('text', 'like', like).execute();
}

for (const target of DATABASE_TARGETS) {
  describe(`one-time links under parallel requests (${target})`, () => {
    const t = useTestApp(target);

    it('a reply session submitted ten times at once is applied once: one photo, one reaction', async () => {
      const { app } = t();
      const { signalUuid, sessionUuid } = await answeredReplySession(app);
      const results = await Promise.all(Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: `${QA}/${sessionUuid}/submit` })));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, ...Array(9).fill(410)]);
      // 'Already used!', or (when it read the session before and the report after the winner) 'invalidated'
      for (const r of results.filter((r) => r.statusCode === 410)) expect(r.json().detail).toMatch(/Already used!|invalidated/);
      expect(await attachmentsOf(app, signalUuid)).toHaveLength(1);
    });

    it('a verification token used ten times at once verifies once: one note, one mail', async () => {
      const { app } = t();
      const report = await postReport(app, validReport());
      const uuid = report.body.signal_id as string;
      const { token } = await app.followup.requestEmailVerification(uuid, 'nieuw-adres@example.com');
      const mailsBefore = (await app.outbox.list(500)).filter((m) => m.to === 'nieuw-adres@example.com').length;
      const results = await Promise.all(
        Array.from({ length: 10 }, () => app.inject({ method: 'POST', url: '/signals/v1/public/reporter/verify-email', payload: { token } })),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, ...Array(9).fill(400)]);
      for (const r of results.filter((r) => r.statusCode === 400)) expect(r.json()).toEqual({ token: ['Token already verified!'] });
      expect(await notesOf(app, uuid, '%nieuw-adres@example.com%')).toHaveLength(1);
      const mailsAfter = (await app.outbox.list(500)).filter((m) => m.to === 'nieuw-adres@example.com').length;
      expect(mailsAfter - mailsBefore).toBe(1);
    });
  });
}

if (DATABASE_TARGETS.includes('postgres')) {
  describe('one-time links across two server instances on one PostgreSQL', () => {
    it('a reply session submitted ten times, spread over both servers, is applied once', async () => {
      const first = await buildTestApp('postgres');
      const second = await buildTestApp('postgres', { database: { schema: first.schema } });
      try {
        const { signalUuid, sessionUuid } = await answeredReplySession(first.app);
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) => (i % 2 ? second : first).app.inject({ method: 'POST', url: `${QA}/${sessionUuid}/submit` })),
        );
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(410)]);
        expect(await attachmentsOf(second.app, signalUuid)).toHaveLength(1);
      } finally {
        await second.close();
        await first.close();
      }
    });
  });

  describe('the create rate limit across two server instances on one PostgreSQL', () => {
    it('is shared: three calls per hour in all, not three per server', async () => {
      const first = await buildTestApp('postgres', { config: { publicThrottlePerHour: 3 } });
      const second = await buildTestApp('postgres', { config: { publicThrottlePerHour: 3 }, database: { schema: first.schema } });
      try {
        const codes: number[] = [];
        for (const app of [first.app, second.app, first.app, second.app, first.app]) codes.push((await postReport(app, validReport())).status);
        expect(codes).toEqual([201, 201, 201, 429, 429]);
      } finally {
        await second.close();
        await first.close();
      }
    });

    it('counts exactly when many calls from one address arrive at both servers at once', async () => {
      const first = await buildTestApp('postgres', { config: { publicThrottlePerHour: 5 } });
      const second = await buildTestApp('postgres', { config: { publicThrottlePerHour: 5 }, database: { schema: first.schema } });
      try {
        const calls = Array.from({ length: 16 }, (_, i) => postReport(i % 2 === 0 ? first.app : second.app, validReport()));
        const codes = (await Promise.all(calls)).map((response) => response.status);
        expect(codes.filter((code) => code === 201)).toHaveLength(5);
        expect(codes.filter((code) => code === 429)).toHaveLength(11);
        // the counters skip the write-ahead log (migration 820): a counter's row is locked only briefly
        const persistence = await sql<{ relpersistence: string }>`select relpersistence from pg_class where oid = 'rate_limit'::regclass`.execute(first.app.db);
        expect(persistence.rows[0]?.relpersistence).toBe('u');
      } finally {
        await second.close();
        await first.close();
      }
    });
  });
}
