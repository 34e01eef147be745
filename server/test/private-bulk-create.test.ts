/**
 * The staff bulk create (docs/reference/api.md#staff-create, docs/staff-auth.md's open point): an array of up to 10
 * reports, or child reports of one parent (splitting), stored together or not at all,
 * on PGlite and PostgreSQL.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BULK_MESSAGES } from '../src/services/signals/index.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { FILES, multipart, validReport } from './support.ts';

const P = '/signals/v1/private';
const BASE = 'http://localhost:8080';

describe.each(DATABASE_TARGETS)('staff bulk create (%s)', (target) => {
  const t = useTestApp(target);
  const db = () => t().app.db;
  const post = async (account: keyof typeof ACCOUNTS, payload: unknown, headers: Record<string, string> = {}) => {
    const res = await t().app.inject({ method: 'POST', url: `${P}/signals/`, headers: { ...bearer(await mintToken(t().app, ACCOUNTS[account].email)), ...headers }, payload: payload as object });
    return { status: res.statusCode, body: res.json() as any, headers: res.headers };
  };
  const staffReport = (overrides: Record<string, unknown> = {}) =>
    validReport({ source: 'Telefoon – ASC', priority: { priority: 'normal' }, type: { code: 'SIG' }, ...overrides });
  const childReport = (parent: unknown, overrides: Record<string, unknown> = {}) => {
    const body = validReport({ parent, text: 'Deel van de melding', reporter: {}, ...overrides });
    delete body.extra_properties;
    return body;
  };
  const count = async (table: 'signal' | 'outbox' | 'signal_history' | 'attachment') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const newParent = async (overrides: Record<string, unknown> = {}) => {
    const res = await post('coordinator', staffReport({ priority: { priority: 'high' }, type: { code: 'REQ' }, ...overrides }));
    expect(res.status).toBe(201);
    return res.body;
  };

  it('stores an array of reports and answers 201 with their list representations, in order', async () => {
    const res = await post('behandelaar', [staffReport({ text: 'Eerste melding' }), staffReport({ text: 'Tweede melding', priority: { priority: 'low' } })]);
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(2);
    expect(res.body.map((s: any) => s.text)).toEqual(['Eerste melding', 'Tweede melding']);
    expect(res.body[1]).toMatchObject({ source: 'Telefoon – ASC', priority: { priority: 'low' }, has_parent: false, status: { state: 'm' }, id_display: `SIG-${res.body[1].id}` });
    const stored = await db().selectFrom('signal').select(['id', 'text', 'parent_id']).where('id', 'in', res.body.map((s: any) => s.id)).execute();
    expect(stored).toHaveLength(2);
    expect(stored.every((s) => s.parent_id === null)).toBe(true);
  });

  it('is atomic: one bad item gives a 400 with one error dict per item and stores nothing', async () => {
    const before = { signals: await count('signal'), mails: await count('outbox') };
    const bad = staffReport();
    delete bad.text;
    const res = await post('behandelaar', [staffReport(), bad, staffReport({ source: 'Postduif' })]);
    expect(res.status).toBe(400);
    expect(res.body).toEqual([{}, { text: ['Dit veld is vereist.'] }, { source: ['Invalid source given, value not known'] }]);
    expect(await count('signal')).toBe(before.signals);
    expect(await count('outbox')).toBe(before.mails);
  });

  it('refuses more than 10 items, an empty list, and needs the create permissions', async () => {
    const eleven = Array.from({ length: 11 }, () => staffReport());
    expect(await post('behandelaar', eleven)).toMatchObject({ status: 400, body: { non_field_errors: [BULK_MESSAGES.tooMany] } });
    expect(await post('behandelaar', [])).toMatchObject({ status: 400, body: { non_field_errors: [BULK_MESSAGES.empty] } });
    expect((await post('lezer', [staffReport()])).status).toBe(403);
    const anonymous = await t().app.inject({ method: 'POST', url: `${P}/signals/`, payload: [staffReport()] });
    expect(anonymous.statusCode).toBe(401);
  });

  it('splits a report: children of one parent, source Interne melding, the parent priority and type, no mail, history on the parent', async () => {
    const parent = await newParent();
    const mails = await count('outbox');
    const res = await post('behandelaar', [
      childReport(parent.id, { text: 'Deel 1', reporter: { email: 'melder@example.com' } }),
      childReport(parent.id, { text: 'Deel 2', source: 'Telefoon – ASC', priority: { priority: 'low' } }),
    ]);
    expect(res.status).toBe(201);
    expect(res.body.map((c: any) => [c.text, c.source, c.has_parent, c.priority.priority, c.type.code])).toEqual([
      ['Deel 1', 'Interne melding', true, 'high', 'REQ'],
      ['Deel 2', 'Interne melding', true, 'low', 'REQ'],
    ]);
    const children = await db().selectFrom('signal').select(['id', 'parent_id', 'created_at']).where('parent_id', '=', parent.id).orderBy('id').execute();
    expect(children.map((c) => c.id)).toEqual(res.body.map((c: any) => c.id));
    // Children send the reporter no confirmation: the resident filed one report.
    expect(await count('outbox')).toBe(mails);
    const history = await db().selectFrom('signal_history').selectAll().where('signal_id', '=', parent.id).orderBy('id').execute();
    expect(history.map((h) => [h.what, h.action, h.description, h.who])).toEqual(
      children.map((c) => ['CHILD_SIGNAL_CREATED', 'Deelmelding toegevoegd', `Melding ${c.id}`, ACCOUNTS.behandelaar.email]),
    );
    // Splitting touches the parent, so its fresh children do not count as changed.
    const parentRow = await db().selectFrom('signal').select('updated_at').where('id', '=', parent.id).executeTakeFirstOrThrow();
    expect(new Date(parentRow.updated_at).getTime()).toBe(new Date(children[0].created_at).getTime());
  });

  it('one child sent as an object gets the same rules and answers with one object', async () => {
    const parent = await newParent();
    const res = await post('behandelaar', childReport(parent.id));
    expect(res.status).toBe(201);
    expect(Array.isArray(res.body)).toBe(false);
    expect(res.body).toMatchObject({ source: 'Interne melding', has_parent: true });
    expect(await post('behandelaar', childReport(res.body.id))).toMatchObject({ status: 400, body: { non_field_errors: [BULK_MESSAGES.parentIsChild] } });
    expect(await post('behandelaar', childReport(2147483000))).toMatchObject({ status: 400, body: { parent: [BULK_MESSAGES.noSuchParent(2147483000)] } });
  });

  it('refuses mixing normal and child reports, two parents, a child as parent and an unknown parent', async () => {
    const a = await newParent();
    const b = await newParent();
    const before = await count('signal');
    expect(await post('behandelaar', [childReport(a.id), staffReport()])).toMatchObject({ status: 400, body: { non_field_errors: [BULK_MESSAGES.mixed] } });
    expect(await post('behandelaar', [childReport(a.id), childReport(b.id)])).toMatchObject({ status: 400, body: { non_field_errors: [BULK_MESSAGES.sameParent] } });
    const [child] = (await post('behandelaar', [childReport(a.id)])).body;
    expect(await post('behandelaar', [childReport(child.id)])).toMatchObject({ status: 400, body: { non_field_errors: [BULK_MESSAGES.parentIsChild] } });
    expect(await post('behandelaar', [childReport(a.id), childReport(999999)])).toMatchObject({ status: 400, body: [{}, { parent: [BULK_MESSAGES.noSuchParent(999999)] }] });
    expect(await post('behandelaar', [childReport('vijf')])).toMatchObject({ status: 400, body: [{ parent: ['Een geldig geheel getal is vereist.'] }] });
    expect(await count('signal')).toBe(before + 1);
  });

  it('a parent never gets more than 10 children, also when two splits arrive at once', async () => {
    const parent = await newParent();
    const six = () => Array.from({ length: 6 }, (_, i) => childReport(parent.id, { text: `Deel ${i + 1}` }));
    const results = await Promise.all([post('behandelaar', six()), post('coordinator', six())]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.body).toEqual({ non_field_errors: [BULK_MESSAGES.wouldExceed] });
    expect((await db().selectFrom('signal').select('id').where('parent_id', '=', parent.id).execute()).length).toBe(6);
    expect((await post('behandelaar', Array.from({ length: 4 }, () => childReport(parent.id)))).status).toBe(201);
    expect(await post('behandelaar', [childReport(parent.id)])).toMatchObject({ status: 400, body: { non_field_errors: [BULK_MESSAGES.parentFull] } });
  });

  it("copies the parent's attachments a child names, with a note, and refuses others", async () => {
    const parent = await newParent();
    const other = await newParent();
    const upload = async (uuid: string) => {
      const form = multipart([{ name: 'file', filename: 'foto.png', type: 'image/png', data: FILES.png() }]);
      const res = await t().app.inject({ method: 'POST', url: `/signals/v1/public/signals/${uuid}/attachments/`, ...form });
      expect(res.statusCode).toBe(201);
      return db().selectFrom('attachment').selectAll().where('signal_id', '=', (await db().selectFrom('signal').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
    };
    const photo = await upload(parent.signal_id);
    const foreign = await upload(other.signal_id);
    const url = (signalId: number, id: number) => `${BASE}${P}/signals/${signalId}/attachments/${id}`;

    expect(await post('behandelaar', [childReport(parent.id, { attachments: [url(other.id, foreign.id)] })])).toMatchObject({ status: 400, body: [{ attachments: [BULK_MESSAGES.attachmentsNotOfParent] }] });
    expect(await post('behandelaar', [staffReport({ attachments: [url(parent.id, photo.id)] })])).toMatchObject({ status: 400, body: [{ attachments: [BULK_MESSAGES.attachmentsWithoutParent] }] });
    expect(await post('behandelaar', [childReport(parent.id, { attachments: ['https://elders.nl/foto.png'] })])).toMatchObject({ status: 400, body: [{ attachments: ['Ongeldige hyperlink - Ongeldige URL'] }] });
    expect(await post('behandelaar', [childReport(parent.id, { attachments: [url(parent.id, 99999999)] })])).toMatchObject({ status: 400, body: [{ attachments: ['Ongeldige hyperlink - Object bestaat niet.'] }] });

    const res = await post('behandelaar', [childReport(parent.id, { attachments: [url(parent.id, photo.id)] })]);
    expect(res.status).toBe(201);
    expect(res.body[0].has_attachments).toBe(true);
    const copy = await db().selectFrom('attachment').selectAll().where('signal_id', '=', res.body[0].id).executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ original_filename: 'foto.png', is_image: true, public: false, created_by: ACCOUNTS.behandelaar.email });
    expect(copy.file_path).not.toBe(photo.file_path);
    const media = path.join(t().dataDir, 'media');
    expect(await readFile(path.join(media, copy.file_path))).toEqual(await readFile(path.join(media, photo.file_path)));
    const notes = await db().selectFrom('signal_note').select('text').where('signal_id', '=', res.body[0].id).execute();
    expect(notes.map((n) => n.text)).toEqual(['Bijlage gekopieerd van hoofdmelding: foto.png']);
  });

  it('replays a bulk call under its Idempotency-Key, and refuses the key for another body', async () => {
    const body = [staffReport({ text: 'Herhaald 1' }), staffReport({ text: 'Herhaald 2' })];
    const first = await post('behandelaar', body, { 'idempotency-key': 'bulk-1' });
    const before = await count('signal');
    const [again, parallel] = await Promise.all([post('behandelaar', body, { 'idempotency-key': 'bulk-1' }), post('behandelaar', body, { 'idempotency-key': 'bulk-1' })]);
    for (const res of [again, parallel]) {
      expect(res.status).toBe(201);
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(res.body.map((s: any) => s.id)).toEqual(first.body.map((s: any) => s.id));
    }
    expect(await count('signal')).toBe(before);
    expect((await post('behandelaar', [staffReport({ text: 'Iets anders' })], { 'idempotency-key': 'bulk-1' })).status).toBe(422);
  });

  it('refuses to split a report the staff member may not see (department scoping)', async () => {
    // A subcategory none of the behandelaar's departments (ASC, AEG) handles or views.
    const hidden = await db()
      .selectFrom('category as c')
      .innerJoin('category as m', 'm.id', 'c.parent_id')
      .select(['c.slug as sub', 'm.slug as main'])
      .where('c.is_active', '=', true)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('category_department as cd').innerJoin('department as d', 'd.id', 'cd.department_id').select('cd.category_id').whereRef('cd.category_id', '=', 'c.id').where('d.code', 'in', ['ASC', 'AEG']))),
      )
      .executeTakeFirstOrThrow();
    const parent = await newParent({ category: { sub_category: `${BASE}/signals/v1/public/terms/categories/${hidden.main}/sub_categories/${hidden.sub}` } });
    expect(await post('behandelaar', [childReport(parent.id)])).toMatchObject({ status: 403, body: { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' } });
    expect((await post('coordinator', [childReport(parent.id)])).status).toBe(201);
  });
});
