/**
 * docs/privacy.md, retention: with a clock the test moves, a closed report's reporter is anonymised
 * on day 366 and not on day 364 (with a history entry saying so); a cancelled report is
 * deleted after a year with its attachments, leaving a deletion record without personal data;
 * the dry run lists exactly what the job then does; the privacy officer's API shows the
 * figures and others are refused; two processes running the job at once act once (PostgreSQL).
 * On PGlite and PostgreSQL.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { readRetention } from '../src/privacy/config.ts';
import { buildTestApp, DATABASE_TARGETS, useTestApp, withTwoProcesses } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { FILES, multipart, postReport, validReport } from './support.ts';
import type { FastifyInstance } from 'fastify';

const P = '/signals/v1/private/signals';
const R = '/signals/v1/private/privacy';
const EXPORT = '/signals/v1/private/signals/export.csv';
const DAY = 24 * 60 * 60 * 1000;

function fakeClock(start = Date.now()) {
  let at = start;
  return { now: () => new Date(at), advance: (ms: number) => void (at += ms) };
}

async function report(app: FastifyInstance, email: string, phone: string) {
  const res = await postReport(app, validReport({ text: `Kapotte lantaarnpaal bij ${email}`, reporter: { email, phone, sharing_allowed: true } }));
  expect(res.status).toBe(201);
  return { id: res.body.id as number, uuid: res.body.signal_id as string };
}

async function setState(app: FastifyInstance, token: string, id: number, state: string) {
  const res = await app.inject({ method: 'PATCH', url: `${P}/${id}`, headers: bearer(token), payload: { status: { state, text: 'Opgelost door de buitendienst.' } } });
  expect(res.statusCode, res.body).toBe(200);
}

const reporterOf = (app: FastifyInstance, id: number) => app.db.selectFrom('signal').select(['reporter_email', 'reporter_phone']).where('id', '=', id).executeTakeFirst();

describe('the retention figures in MUNICIPALITY_FILE', () => {
  it('defaults like Signalen and refuses a wrong figure naming its path, in Dutch', () => {
    expect(readRetention(undefined).config).toEqual({ contactDays: 365, deleteAfterYears: { o: 5, a: 1, s: 5 } });
    expect(readRetention({ retention: { contactDays: 30, deleteAfterYears: { a: 2, o: null } } })).toEqual({ config: { contactDays: 30, deleteAfterYears: { o: null, a: 2, s: 5 } }, problems: [] });
    expect(readRetention({ retention: { contactDays: 0, deleteAfterYears: { m: 1, a: 'twee' } } }).problems).toEqual([
      '/privacy/retention/contactDays: verwacht een geheel aantal dagen van 1 tot en met 36500.',
      '/privacy/retention/deleteAfterYears/m: geen eindstatus; eindstatussen zijn o (Afgehandeld), a (Geannuleerd), s (Gesplitst).',
      '/privacy/retention/deleteAfterYears/a: verwacht een geheel aantal jaren van 1 tot en met 100, of null (nooit verwijderen).',
    ]);
  });
});

describe('the retention figures reach the resident’s pages', () => {
  it('hands the app the figures the job applies, from the one configuration', { timeout: 240_000 }, async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'meldloket-retention-'));
    const file = path.join(folder, 'gemeente.json');
    writeFileSync(file, JSON.stringify({ municipality: 'Veendam', privacy: { retention: { contactDays: 180, deleteAfterYears: { o: 3, s: null } } } }));
    const t = await buildTestApp('pglite', { config: { municipalityFile: file }, privacy: { checkEveryMs: 0 } });
    try {
      const script = await t.app.inject({ method: 'GET', url: '/app-config.js' });
      const config = JSON.parse(script.body.split('\n')[0]!.replace(/^window\.__MELDLOKET_CONFIG__ = /, '').replace(/;$/, ''));
      expect(config.retention).toEqual({ contactDays: 180, deleteAfterYears: { o: 3, a: 1, s: null } });
      expect(config.retention).toEqual(t.app.privacy.retention);
      expect(config.privacy).toBeUndefined();
    } finally {
      await t.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe.each(DATABASE_TARGETS)('retention of personal data (%s)', (target) => {
  const clock = fakeClock();
  const t = useTestApp(target, { now: clock.now, privacy: { checkEveryMs: 0 } });
  let token: string;

  beforeAll(async () => {
    token = await mintToken(t().app, ACCOUNTS.coordinator.email);
  });

  it('anonymises a closed report’s reporter on day 366 and not on day 364, with a history entry', async () => {
    const app = t().app;
    const closed = await report(app, 'gesloten@example.com', '0612345678');
    const open = await report(app, 'open@example.com', '0687654321');
    await setState(app, token, closed.id, 'o');

    clock.advance(364 * DAY);
    expect((await app.privacy.dryRun()).map((i) => i.signalId)).not.toContain(closed.id);
    expect((await app.privacy.run()).anonymised).not.toContain(closed.id);
    expect(await reporterOf(app, closed.id)).toEqual({ reporter_email: 'gesloten@example.com', reporter_phone: '0612345678' });

    clock.advance(2 * DAY);
    const planned = (await app.privacy.dryRun()).filter((i) => i.signalId === closed.id);
    expect(planned).toMatchObject([{ action: 'anonymise', state: 'o' }]);
    // the dry run changed nothing
    expect((await reporterOf(app, closed.id))?.reporter_email).toBe('gesloten@example.com');
    expect((await app.privacy.run()).anonymised).toContain(closed.id);
    expect(await reporterOf(app, closed.id)).toEqual({ reporter_email: null, reporter_phone: null });
    // an open report keeps its reporter, however old
    expect(await reporterOf(app, open.id)).toEqual({ reporter_email: 'open@example.com', reporter_phone: '0687654321' });

    const history = (await app.inject({ method: 'GET', url: `${P}/${closed.id}/history`, headers: bearer(token) })).json() as any[];
    expect(history.filter((e) => e.what === 'UPDATE_REPORTER')).toMatchObject([
      { action: 'Contactgegevens van de melder geanonimiseerd', description: 'Contactgegevens 365 dagen na de eindstatus geanonimiseerd (bewaartermijn)', who: 'Signalen systeem' },
    ]);
    // a second run finds nothing more to do for it
    expect((await app.privacy.run()).anonymised).not.toContain(closed.id);
    expect((await app.privacy.dryRun()).map((i) => i.signalId)).not.toContain(closed.id);
  });

  it('deletes a cancelled report after a year with its attachments, and keeps a deletion record without personal data', async () => {
    const app = t().app;
    const cancelled = await report(app, 'geannuleerd@example.com', '0611112222');
    const upload = multipart([{ name: 'file', filename: 'foto.png', type: 'image/png', data: FILES.png() }]);
    expect((await app.inject({ method: 'POST', url: `/signals/v1/public/signals/${cancelled.uuid}/attachments/`, ...upload })).statusCode).toBe(201);
    const files = await app.db.selectFrom('attachment').select('file_path').where('signal_id', '=', cancelled.id).execute();
    expect(files).toHaveLength(1);
    expect(await app.storage.read(files[0]!.file_path)).toBeDefined();
    await setState(app, token, cancelled.id, 'a');

    clock.advance(364 * DAY);
    expect((await app.privacy.run()).deleted).not.toContain(cancelled.id);
    clock.advance(2 * DAY);
    expect((await app.privacy.dryRun()).filter((i) => i.signalId === cancelled.id)).toMatchObject([{ action: 'delete', rule: 'Bewaartermijn: Geannuleerd na 1 jaar verwijderd' }]);
    expect((await app.privacy.run()).deleted).toContain(cancelled.id);

    expect(await app.db.selectFrom('signal').select('id').where('id', '=', cancelled.id).executeTakeFirst()).toBeUndefined();
    expect(await app.db.selectFrom('attachment').select('id').where('signal_id', '=', cancelled.id).execute()).toEqual([]);
    expect(await app.storage.read(files[0]!.file_path)).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: `${P}/${cancelled.id}`, headers: bearer(token) })).statusCode).toBe(404);

    const record = await app.db.selectFrom('signal_deletion').selectAll().where('signal_id', '=', cancelled.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ state: 'a', category_slug: 'grofvuil', rule: 'Bewaartermijn: Geannuleerd na 1 jaar verwijderd', deleted_by: null });
    const stored = JSON.stringify(record);
    for (const personal of ['geannuleerd@example.com', '0611112222', 'Kapotte lantaarnpaal', 'foto.png']) expect(stored).not.toContain(personal);

    // the privacy officer sees it; a coordinator may not
    const officer = await mintToken(app, ACCOUNTS.beheerder.email);
    const deletions = await app.inject({ method: 'GET', url: `${R}/deletions/`, headers: bearer(officer) });
    expect(deletions.statusCode).toBe(200);
    expect(deletions.json().results.find((d: any) => d.signal_id === cancelled.id)).toMatchObject({ state_display: 'Geannuleerd', deleted_by: null });
    expect(JSON.stringify(deletions.json())).not.toContain('geannuleerd@example.com');
    const refused = await app.inject({ method: 'GET', url: `${R}/deletions/`, headers: bearer(token) });
    expect(refused.statusCode).toBe(403);
  });

  it('shows the privacy officer the figures, the last run and the dry run; refuses others', async () => {
    const app = t().app;
    const due = await report(app, 'droog@example.com', '0633334444');
    await setState(app, token, due.id, 'o');
    clock.advance(366 * DAY);
    const officer = await mintToken(app, ACCOUNTS.beheerder.email);
    const res = await app.inject({ method: 'GET', url: `${R}/retention/`, headers: bearer(officer) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.contact_days).toBe(365);
    expect(body.delete_after_years).toEqual([
      { state: 'o', state_display: 'Afgehandeld', years: 5 },
      { state: 'a', state_display: 'Geannuleerd', years: 1 },
      { state: 's', state_display: 'Gesplitst', years: 5 },
    ]);
    expect(body.dry_run.find((i: any) => i.signal_id === due.id)).toMatchObject({ action: 'anonymise', state_display: 'Afgehandeld' });
    expect(JSON.stringify(body)).not.toContain('droog@example.com');
    expect((await app.privacy.runDaily())?.anonymised).toContain(due.id);
    // once a day: the same day's second call does nothing
    expect(await app.privacy.runDaily()).toBeNull();
    const after = (await app.inject({ method: 'GET', url: `${R}/retention/`, headers: bearer(officer) })).json();
    expect(after.last_run).toMatchObject({ anonymised: expect.any(Number), deleted: expect.any(Number) });
    expect(after.last_run.finished_at).toEqual(expect.any(String));
    expect(after.dry_run.find((i: any) => i.signal_id === due.id)).toBeUndefined();

    for (const who of [ACCOUNTS.coordinator.email, ACCOUNTS.lezer.email]) {
      const refused = await app.inject({ method: 'GET', url: `${R}/retention/`, headers: bearer(await mintToken(app, who)) });
      expect(refused.statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: `${R}/retention/` })).statusCode).toBe(401);
  });

  it.runIf(target === 'postgres')('acts once on each report when two processes run the job at the same time', async () => {
    const clock = fakeClock();
    await withTwoProcesses({ now: clock.now, privacy: { checkEveryMs: 0 } }, async (a, b) => {
      const token = await mintToken(a.app, ACCOUNTS.coordinator.email);
      const closed: number[] = [];
      const cancelled: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const c = await report(a.app, `samen${i}@example.com`, '0600000000');
        await setState(i % 2 ? a.app : b.app, token, c.id, 'o');
        closed.push(c.id);
        const x = await report(b.app, `weg${i}@example.com`, '0600000001');
        await setState(a.app, token, x.id, 'a');
        cancelled.push(x.id);
      }
      clock.advance(366 * DAY);
      // runs at once, each planning the same reports: each report is acted on once
      const runs = await Promise.all([a.app.privacy.run(), b.app.privacy.run(), a.app.privacy.run()]);
      const did = runs.flatMap((r) => r.anonymised);
      const deleted = runs.flatMap((r) => r.deleted);
      expect(did.filter((id) => closed.includes(id)).sort()).toEqual([...closed].sort());
      expect(deleted.filter((id) => cancelled.includes(id)).sort()).toEqual([...cancelled].sort());
      // the daily job: of two processes, one claims the day
      clock.advance(DAY);
      const daily = await Promise.all([a.app.privacy.runDaily(), b.app.privacy.runDaily()]);
      expect(daily.filter((r) => r !== null)).toHaveLength(1);
      for (const id of closed) {
        const entries = await a.app.db.selectFrom('signal_history').select('id').where('signal_id', '=', id).where('what', '=', 'UPDATE_REPORTER').execute();
        expect(entries, `report ${id}`).toHaveLength(1);
      }
      const records = await a.app.db.selectFrom('signal_deletion').select('signal_id').where('signal_id', 'in', cancelled).execute();
      expect(records.map((r) => r.signal_id).sort()).toEqual([...cancelled].sort());
    });
  }, 120_000);
});

describe.each(DATABASE_TARGETS)('mails in the outbox under the retention rule (%s)', (target) => {
  const clock = fakeClock();
  const t = useTestApp(target, { now: clock.now, privacy: { checkEveryMs: 0 } });

  it('keeps a mail and its address for contactDays days, and removes it on the day after', async () => {
    const app = t().app;
    await report(app, 'postvak@example.com', '0644443333');
    await app.outbox.idle();
    const mails = () => app.db.selectFrom('outbox').select(['to', 'text']).where('to', '=', 'postvak@example.com').execute();
    expect(await mails()).not.toEqual([]);
    clock.advance(364 * DAY);
    expect((await app.privacy.run()).mails).toBe(0);
    expect(await mails()).not.toEqual([]);
    clock.advance(2 * DAY);
    expect((await app.privacy.run()).mails).toBeGreaterThan(0);
    expect(await mails()).toEqual([]);
    // no row of the outbox holds the address any more
    const { rows } = await sql<{ row: string }>`select row_to_json(o)::text as row from outbox o`.execute(app.db);
    expect(rows.filter((r) => r.row.includes('postvak@example.com'))).toEqual([]);
  });
});

describe.each(DATABASE_TARGETS)('who saw whose data (%s)', (target) => {
  const t = useTestApp(target, { privacy: { checkEveryMs: 0 } });

  it('logs each showing of a reporter’s contact details (detail, CSV export, reporter panel, list) and lists it per report and per staff member, paged', async () => {
    const app = t().app;
    const seen = await report(app, 'gezien@example.com', '0655556666');
    const coordinator = await mintToken(app, ACCOUNTS.coordinator.email);
    const reader = await mintToken(app, ACCOUNTS.lezer.email);
    const officer = await mintToken(app, ACCOUNTS.beheerder.email);
    const list = (query: string, token = officer) => app.inject({ method: 'GET', url: `${R}/contact-access/?${query}`, headers: bearer(token) });
    expect((await app.inject({ method: 'GET', url: `${P}/${seen.id}`, headers: bearer(coordinator) })).statusCode).toBe(200);
    // a staff member without the contact right is not shown them: nothing to log
    await app.inject({ method: 'GET', url: `${P}/${seen.id}`, headers: bearer(reader) });
    expect((await list(`signal_id=${seen.id}`)).json().results.map((r: any) => r.username)).toEqual([ACCOUNTS.coordinator.email]);
    // the reporter panel: the reporter's other reports, found by the address
    expect((await app.inject({ method: 'GET', url: `${P}/${seen.id}/context/reporter/`, headers: bearer(coordinator) })).statusCode).toBe(200);
    // the list carries each row's contact details
    const listed = await app.inject({ method: 'GET', url: `${P}/?page_size=100`, headers: bearer(coordinator) });
    expect(listed.json().results.find((r: any) => r.id === seen.id)?.reporter.email).toBe('gezien@example.com');
    const csv = await app.inject({ method: 'GET', url: EXPORT, headers: bearer(officer) });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('gezien@example.com');

    const perReport = await list(`signal_id=${seen.id}`);
    expect(perReport.statusCode).toBe(200);
    expect(perReport.json()).toMatchObject({ count: 4, page: 1, page_size: 25 });
    expect(perReport.json().results.map((r: any) => [r.username, r.via, r.via_display])).toEqual([
      [ACCOUNTS.beheerder.email, 'export', 'CSV-export met contactgegevens'],
      [ACCOUNTS.coordinator.email, 'list', 'Overzicht of zoeken'],
      [ACCOUNTS.coordinator.email, 'reporter', 'Andere meldingen van de melder'],
      [ACCOUNTS.coordinator.email, 'detail', 'Detail van de melding'],
    ]);
    // paged, newest first
    const second = (await list(`signal_id=${seen.id}&page=2&page_size=3`)).json();
    expect(second).toMatchObject({ count: 4, page: 2, page_size: 3 });
    expect(second.results.map((r: any) => r.via)).toEqual(['detail']);
    const perStaff = await list(`username=${encodeURIComponent(ACCOUNTS.coordinator.email.toUpperCase())}&signal_id=${seen.id}`);
    expect(perStaff.json().results.map((r: any) => r.via)).toEqual(['list', 'reporter', 'detail']);
    expect(perStaff.json().results[2]).toMatchObject({ signal_id: seen.id, username: ACCOUNTS.coordinator.email, when: expect.any(String) });
    expect((await list('page_size=101')).statusCode).toBe(400);
    expect((await list(`signal_id=${seen.id}`, coordinator)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${R}/contact-access/` })).statusCode).toBe(401);
  });
});
