/**
 * GET /signals/v1/private/signals/{id} and /history (docs/reference/api.md#private): the detail body and
 * its links, masked contact details, department scoping (403), 404s, PUT/DELETE 405,
 * the history newest first with its `what` filter, on PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { postReport, validReport } from './support.ts';

const P = '/signals/v1/private/signals';
const BASE = 'http://localhost:8080';

describe.each(DATABASE_TARGETS)('private signal detail (%s)', (target) => {
  const t = useTestApp(target);
  const tokens: Partial<Record<keyof typeof ACCOUNTS, string>> = {};
  let id: number;
  let staffId: number;

  beforeAll(async () => {
    const app = t().app;
    for (const account of ['coordinator', 'lezer', 'behandelaar', 'admin'] as const) tokens[account] = await mintToken(app, ACCOUNTS[account].email);
    const created = await postReport(app, validReport());
    expect(created.status).toBe(201);
    id = created.body.id;
    const staff = await app.inject({
      method: 'POST',
      url: `${P}/`,
      headers: bearer(tokens.behandelaar!),
      payload: { ...validReport(), source: 'Telefoon – ASC', priority: { priority: 'high' }, type: { code: 'REQ' } },
    });
    expect(staff.statusCode, staff.body).toBe(201);
    staffId = staff.json().id;
  });

  const get = async (url: string, account: keyof typeof ACCOUNTS = 'behandelaar') => {
    const res = await t().app.inject({ method: 'GET', url, headers: bearer(tokens[account]!) });
    return { status: res.statusCode, body: res.json() as any };
  };

  it('answers the detail body of docs/reference/api.md#private with its links', async () => {
    const { status, body } = await get(`${P}/${id}`);
    expect(status).toBe(200);
    expect(body._links).toEqual({
      curies: { name: 'sia', href: `${BASE}/signals/v1/relations` },
      self: { href: `${BASE}${P}/${id}` },
      archives: { href: `${BASE}${P}/${id}/history` },
      'sia:attachments': { href: `${BASE}${P}/${id}/attachments` },
      'sia:pdf': { href: `${BASE}${P}/${id}/pdf` },
      'sia:context': { href: `${BASE}${P}/${id}/context` },
    });
    for (const absent of ['signal_id', 'operational_date', 'has_parent', 'has_children']) expect(body).not.toHaveProperty(absent);
    expect(body).toMatchObject({
      id,
      id_display: `SIG-${id}`,
      text: 'Er ligt grofvuil naast de container',
      status: { state: 'm', state_display: 'Gemeld', send_email: false, user: null },
      category: { sub_slug: 'grofvuil', main_slug: 'afval', departments: 'AEG' },
      reporter: { email: 'melder@example.com', phone: '0612345678', allows_contact: true },
      priority: { priority: 'normal' },
      type: { code: 'SIG' },
      notes: [],
      routing_departments: [],
      directing_departments: [],
      assigned_user_email: null,
      attachments: [],
    });
  });

  it('names the staff member who filed a staff report', async () => {
    const { body } = await get(`${P}/${staffId}`);
    expect(body).toMatchObject({ source: 'Telefoon – ASC', status: { user: ACCOUNTS.behandelaar.email }, priority: { priority: 'high', created_by: ACCOUNTS.behandelaar.email }, type: { code: 'REQ' } });
  });

  it('masks the contact details without sia_can_view_contact_details', async () => {
    const db = t().app.db;
    const grofvuil = await db.selectFrom('category').select('id').where('slug', '=', 'grofvuil').executeTakeFirstOrThrow();
    const grn = await db.selectFrom('department').select('id').where('code', '=', 'GRN').executeTakeFirstOrThrow();
    // The reader's department GRN may look at grofvuil now.
    await db.insertInto('category_department').values({ category_id: grofvuil.id, department_id: grn.id, is_responsible: false, can_view: true }).execute();
    try {
      const { status, body } = await get(`${P}/${id}`, 'lezer');
      expect(status).toBe(200);
      expect(body.reporter).toEqual({ email: '*****', phone: '*****', sharing_allowed: false, allows_contact: true });
    } finally {
      await db.deleteFrom('category_department').where('category_id', '=', grofvuil.id).where('department_id', '=', grn.id).execute();
    }
  });

  it('is a 403 for a report outside the staff member’s departments, 404 for an unknown or malformed id', async () => {
    expect(await get(`${P}/${id}`, 'lezer')).toEqual({ status: 403, body: { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' } });
    expect(await get(`${P}/${id}/history`, 'lezer')).toMatchObject({ status: 403 });
    expect(await get(`${P}/999999`)).toEqual({ status: 404, body: { detail: 'No Signal matches the given query.' } });
    expect(await get(`${P}/abc`)).toEqual({ status: 404, body: { detail: 'Niet gevonden.' } });
    expect(await get(`${P}/99999999999`)).toEqual({ status: 404, body: { detail: 'Niet gevonden.' } });
    expect((await t().app.inject({ method: 'GET', url: `${P}/${id}` })).statusCode).toBe(401);
  });

  it('refuses PUT and DELETE with 405 (after the token check)', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t().app.inject({ method, url: `${P}/${id}`, headers: bearer(tokens.admin!), payload: {} });
      expect(res.statusCode).toBe(405);
      expect(res.json()).toEqual({ detail: `Methode "${method}" niet toegestaan.` });
      expect((await t().app.inject({ method, url: `${P}/${id}` })).statusCode).toBe(401);
    }
  });

  it('gives the history newest first, the creation by the system, notes by their author', async () => {
    const db = t().app.db;
    await db.insertInto('signal_note').values({ signal_id: id, text: 'Bijlage toegevoegd door melder: foto.jpg', created_by: null, created_at: new Date('2099-01-01T10:00:01Z') }).execute();
    await db
      .insertInto('signal_history')
      .values({ signal_id: id, what: 'UPDATE_PRIORITY', action: 'Urgentie gewijzigd naar: Hoog', who: ACCOUNTS.behandelaar.email, created_at: new Date('2099-01-01T10:00:02Z') })
      .execute();
    const { status, body } = await get(`${P}/${id}/history`);
    expect(status).toBe(200);
    expect(body.map((e: any) => e.what)).toEqual(['UPDATE_PRIORITY', 'CREATE_NOTE', 'CREATE_SIGNAL']);
    expect(body[1]).toMatchObject({ action: 'Notitie toegevoegd:', description: 'Bijlage toegevoegd door melder: foto.jpg', who: 'Signalen systeem', _signal: id });
    expect(body[2]).toMatchObject({ identifier: `CREATE_SIGNAL_${id}`, who: 'Signalen systeem', description: null });
    expect(body[0].when).toBe('2099-01-01T11:00:02.000000+01:00');
    const staffHistory = await get(`${P}/${staffId}/history`);
    expect(staffHistory.body).toEqual([expect.objectContaining({ what: 'CREATE_SIGNAL', who: ACCOUNTS.behandelaar.email })]);
  });

  it('filters the history by what and created_after; a bad value is a 400', async () => {
    expect((await get(`${P}/${id}/history?what=CREATE_NOTE`)).body.map((e: any) => e.what)).toEqual(['CREATE_NOTE']);
    expect((await get(`${P}/${id}/history?what=UPDATE_PRIORITY&what=CREATE_SIGNAL`)).body.map((e: any) => e.what)).toEqual(['UPDATE_PRIORITY', 'CREATE_SIGNAL']);
    expect((await get(`${P}/${id}/history?what=UPDATE_STATUS`)).body).toEqual([]);
    expect((await get(`${P}/${id}/history?created_after=2099-01-01T11:00:00%2B01:00`)).body.map((e: any) => e.what)).toEqual(['UPDATE_PRIORITY', 'CREATE_NOTE']);
    expect((await get(`${P}/${id}/history?created_after=2099-01-01T11:00:01%2B01:00`)).body.map((e: any) => e.what)).toEqual(['UPDATE_PRIORITY']);
    expect(await get(`${P}/${id}/history?what=NOPE`)).toEqual({ status: 400, body: { what: ['Selecteer een geldige keuze. NOPE is geen beschikbare keuze.'] } });
    expect(await get(`${P}/${id}/history?created_after=gisteren`)).toEqual({ status: 400, body: { created_after: ['Voer een geldige datum/tijd in.'] } });
  });
});
