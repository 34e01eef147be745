/**
 * docs/privacy.md, a reporter's rights: staff with sia_reporter_rights find every report of an
 * e-mail address or phone number, export what is held about that person (JSON: every report
 * of that address and nothing of others; PDF), anonymise or erase it (erasing leaves no
 * personal data anywhere in the database, nor the files), and each action is recorded.
 * Others are refused. On PGlite and PostgreSQL.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { FILES, multipart, postReport, validReport } from './support.ts';

const R = '/signals/v1/private/privacy/reporter';

async function report(app: FastifyInstance, email: string | null, phone: string | null, text: string) {
  const res = await postReport(app, validReport({ text, reporter: { email, phone, sharing_allowed: true } }));
  expect(res.status).toBe(201);
  return { id: res.body.id as number, uuid: res.body.signal_id as string };
}

/** Every row of every table of the database, as text (to look for what must be gone). */
async function everything(app: FastifyInstance): Promise<string> {
  const { rows: tables } = await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(app.db);
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(table_name)} t`.execute(app.db);
    parts.push(...rows.map((r) => `${table_name}: ${r.row}`));
  }
  return parts.join('\n');
}

describe.each(DATABASE_TARGETS)('a reporter’s rights (%s)', (target) => {
  const t = useTestApp(target, { privacy: { checkEveryMs: 0 } });

  it('finds every report of an address or number, exports them and nothing of others, erases them leaving no personal data, and records each action', async () => {
    const app = t().app;
    const officer = await mintToken(app, ACCOUNTS.beheerder.email);
    const first = await report(app, 'Inzage.Melder@example.com', '06 1234 5678', 'Losliggende Zwerkeltegel voor mijn huis');
    const second = await report(app, 'inzage.melder@example.com', null, 'Volle container bij de Quibbelschool');
    const byPhone = await report(app, null, '+31612345678', 'Lantaarnpaal stuk, bel mij terug');
    const other = await report(app, 'buurman@example.com', '0699998888', 'Grofvuil naast de bank');
    const upload = multipart([{ name: 'file', filename: 'tegel.png', type: 'image/png', data: FILES.png() }]);
    expect((await app.inject({ method: 'POST', url: `/signals/v1/public/signals/${first.uuid}/attachments/`, ...upload })).statusCode).toBe(201);
    const [file] = await app.db.selectFrom('attachment').select('file_path').where('signal_id', '=', first.id).execute();
    await app.outbox.idle();

    const get = (url: string, token = officer) => app.inject({ method: 'GET', url, headers: bearer(token) });
    const post = (url: string, payload: Record<string, string>, token = officer) => app.inject({ method: 'POST', url, headers: bearer(token), payload });
    // by address (any case) and by number (any national form)
    const byAddress = await post(`${R}/search/`, { email: 'INZAGE.melder@example.com' });
    expect(byAddress.statusCode, byAddress.body).toBe(200);
    expect(byAddress.json().results.map((r: any) => r.id)).toEqual([first.id, second.id]);
    const byNumber = (await post(`${R}/search/`, { phone: '0612345678' })).json();
    expect(byNumber.results.map((r: any) => r.id)).toEqual([first.id, byPhone.id]);

    // the export: every report of that address, with what is held about it, and nothing of others
    const exported = await post(`${R}/export/`, { email: 'inzage.melder@example.com', format: 'json' });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="inzage-\d{4}-\d\d-\d\d\.json"$/);
    const body = exported.json();
    expect(body.reports.map((r: any) => r.id)).toEqual([first.id, second.id]);
    expect(body.reports[0]).toMatchObject({
      display: `SIG-${first.id}`,
      text: 'Losliggende Zwerkeltegel voor mijn huis',
      reporter: { email: 'Inzage.Melder@example.com', phone: '06 1234 5678', sharing_allowed: true },
      attachments: [{ filename: 'tegel.png', mime_type: 'image/png', from_reporter: true }],
    });
    expect(body.reports[0].history).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'Melding aangemaakt' })]));
    expect(body.reports[0].history.every((h: any) => !('who' in h))).toBe(true);
    expect(body.mails.length).toBeGreaterThan(0);
    expect(body.mails.every((m: any) => m.to.toLowerCase() === 'inzage.melder@example.com')).toBe(true);
    const text = exported.body;
    for (const foreign of ['buurman@example.com', '0699998888', 'Grofvuil naast de bank', 'Lantaarnpaal stuk']) expect(text).not.toContain(foreign);

    const pdf = await post(`${R}/export/`, { phone: '0612345678', format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // bad input: a clear Dutch 400, nothing recorded
    expect((await post(`${R}/search/`, { email: 'geen-adres' })).json()).toEqual({ email: ['Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.'] });
    expect((await post(`${R}/search/`, {})).json()).toEqual({ non_field_errors: ['Vul een e-mailadres of een telefoonnummer in.'] });
    expect((await post(`${R}/search/`, { email: 'a@b.nl', phone: '0612345678' })).statusCode).toBe(400);

    // erase: the reports, their file, the mails, the links go; only records without personal data stay
    const erased = await app.inject({ method: 'POST', url: `${R}/erase/`, headers: bearer(officer), payload: { email: 'inzage.melder@example.com', mode: 'erase' } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toEqual({ mode: 'erase', count: 2, signal_ids: [first.id, second.id] });
    expect(await app.storage.read(file!.file_path)).toBeUndefined();
    const erasedPhone = await app.inject({ method: 'POST', url: `${R}/erase/`, headers: bearer(officer), payload: { phone: '0612345678', mode: 'erase' } });
    expect(erasedPhone.json().signal_ids).toEqual([byPhone.id]);
    const all = await everything(app);
    for (const personal of ['inzage.melder@example.com', 'Inzage.Melder', '1234 5678', '612345678', 'Zwerkeltegel', 'Quibbelschool', 'Lantaarnpaal stuk, bel', 'tegel.png']) {
      expect(all.toLowerCase().split("\n").filter((line) => line.includes(personal.toLowerCase())), personal).toEqual([]);
    }
    // the other reporter is untouched
    expect(await app.db.selectFrom('signal').select(['reporter_email', 'text']).where('id', '=', other.id).executeTakeFirst()).toEqual({ reporter_email: 'buurman@example.com', text: 'Grofvuil naast de bank' });
    const records = await app.db.selectFrom('signal_deletion').select(['signal_id', 'deleted_by', 'rule']).where('signal_id', 'in', [first.id, second.id, byPhone.id]).orderBy('signal_id').execute();
    expect(records).toEqual([first.id, second.id, byPhone.id].map((signal_id) => ({ signal_id, deleted_by: ACCOUNTS.beheerder.email, rule: `Op verzoek van de melder (${ACCOUNTS.beheerder.email})` })));

    // each action recorded: who, when, what, which reports
    const requests = (await get(`${R}/requests/`)).json().results;
    expect(requests.map((r: any) => [r.action, r.key_kind, r.signal_ids])).toEqual([
      ['erase', 'phone', [byPhone.id]],
      ['erase', 'email', [first.id, second.id]],
      ['export_pdf', 'phone', [first.id, byPhone.id]],
      ['export_json', 'email', [first.id, second.id]],
      ['search', 'phone', [first.id, byPhone.id]],
      ['search', 'email', [first.id, second.id]],
    ]);
    expect(requests.every((r: any) => r.username === ACCOUNTS.beheerder.email && typeof r.when === 'string')).toBe(true);
    expect(requests[0].action_display).toBe('Meldingen gewist');
  });

  it('anonymises: the reports stay without contact details, with a history entry; mails to the address go', async () => {
    const app = t().app;
    const officer = await mintToken(app, ACCOUNTS.beheerder.email);
    const mine = await report(app, 'anoniem@example.com', '0677776666', 'Scheve paal');
    await app.outbox.idle();
    expect(await app.db.selectFrom('outbox').select('id').where('to', '=', 'anoniem@example.com').execute()).not.toEqual([]);
    const res = await app.inject({ method: 'POST', url: `${R}/erase/`, headers: bearer(officer), payload: { email: 'anoniem@example.com', mode: 'anonymise' } });
    expect(res.json()).toEqual({ mode: 'anonymise', count: 1, signal_ids: [mine.id] });
    expect(await app.db.selectFrom('signal').select(['reporter_email', 'reporter_phone', 'sharing_allowed', 'text']).where('id', '=', mine.id).executeTakeFirst()).toEqual({
      reporter_email: null,
      reporter_phone: null,
      sharing_allowed: false,
      text: 'Scheve paal',
    });
    expect(await app.db.selectFrom('outbox').select('id').where('to', '=', 'anoniem@example.com').execute()).toEqual([]);
    const all = await everything(app);
    expect(all).not.toContain('anoniem@example.com');
    expect(all).not.toContain('0677776666');
    const history = await app.db.selectFrom('signal_history').select(['action', 'description', 'who']).where('signal_id', '=', mine.id).where('what', '=', 'UPDATE_REPORTER').execute();
    expect(history).toEqual([{ action: 'Contactgegevens van de melder geanonimiseerd', description: `Op verzoek van de melder (${ACCOUNTS.beheerder.email})`, who: ACCOUNTS.beheerder.email }]);
  });

  it('is refused to staff without the right, and without a token', async () => {
    const app = t().app;
    const coordinator = await mintToken(app, ACCOUNTS.coordinator.email);
    expect((await app.inject({ method: 'POST', url: `${R}/search/`, headers: bearer(coordinator), payload: { email: 'a@b.nl' } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `${R}/export/`, headers: bearer(coordinator), payload: { email: 'a@b.nl' } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `${R}/erase/`, headers: bearer(coordinator), payload: { email: 'a@b.nl', mode: 'erase' } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${R}/requests/`, headers: bearer(coordinator) })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: `${R}/search/`, payload: { email: 'a@b.nl' } })).statusCode).toBe(401);
    expect(await app.db.selectFrom('reporter_request').select('id').where('username', '=', ACCOUNTS.coordinator.email).execute()).toEqual([]);
  });
});
