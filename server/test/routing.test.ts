/**
 * Areas and routing (docs/routing.md): every report gets its areas from its point
 * (stored demo areas consistent with the stand-in map), the list's area filters work from them,
 * a report in Noord about a streetlight is routed by the demo rule (with its history entry and
 * the opt-in staff mail without reporter data), a category or location change routes again
 * unless a person routed it by hand since, and the 'Afdeling' filter falls back to the
 * subcategory's responsible department. On PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { postReport, validReport } from './support.ts';
import { BY_PERSON, BY_RULE, NO_RULE } from '../src/routing/index.ts';
import { DEMO_DEPARTMENT, DEMO_RULE } from '../src/routing/seed.ts';

const P = '/signals/v1/private';
const LAMP_URL = '/signals/v1/public/terms/categories/wegen-verkeer-straatmeubilair/sub_categories/lantaarnpaal-straatverlichting';
/** A point in Noord (west of the neighbourhoods' split), one on the Dam (Centrum). */
const NOORD: [number, number] = [4.8985, 52.3885];
const DAM: [number, number] = [4.8936, 52.3731];
const at = ([lng, lat]: [number, number]) => ({ geometrie: { type: 'Point', coordinates: [lng, lat] } });

describe.each(DATABASE_TARGETS)('areas and routing (%s)', (target) => {
  const t = useTestApp(target);
  let token = '';
  const get = async (url: string) => (await t().app.inject({ method: 'GET', url: `${P}${url}`, headers: bearer(token) })).json() as any;
  const patch = async (id: number, payload: object) => t().app.inject({ method: 'PATCH', url: `${P}/signals/${id}`, headers: bearer(token), payload });
  const lamp = async (point: [number, number], email = 'melder@example.com') => {
    const res = await postReport(t().app, validReport({ text: 'De lantaarnpaal brandt niet', location: at(point), category: { sub_category: LAMP_URL }, reporter: { email }, extra_properties: [] }));
    expect(res.status).toBe(201);
    const row = await t().app.db.selectFrom('signal').select('id').where('uuid', '=', res.body.signal_id).executeTakeFirstOrThrow();
    return row.id;
  };
  const departmentId = async (code: string) => (await t().app.db.selectFrom('department').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    token = await mintToken(t().app, ACCOUNTS.admin.email);
  });

  it('stores the demo areas: every district of the stand-in map and two neighbourhoods in each', async () => {
    const types = await t().app.db.selectFrom('area_type').select('code').orderBy('code').execute();
    expect(types.map((x) => x.code)).toEqual(['buurt', 'stadsdeel']);
    const lookup = await t().app.areas.lookup();
    expect(lookup.at(...NOORD).map((a) => [a.typeCode, a.code, a.name])).toEqual([['stadsdeel', 'N', 'Noord'], ['buurt', 'N01', 'Noord-West']]);
    expect(lookup.at(...DAM).map((a) => a.code)).toEqual(['A', 'A02']);
    expect(lookup.at(3.5, 51)).toEqual([]);
  });

  it('a report in Noord about a streetlight gets Noord and its neighbourhood, and goes to the department the demo rule names', async () => {
    const id = await lamp(NOORD);
    const detail = await get(`/signals/${id}`);
    expect(detail.location).toMatchObject({ stadsdeel: 'N', buurt_code: 'N01', area_type_code: 'buurt', area_code: 'N01', area_name: 'Noord-West' });
    expect(detail.routing_departments.map((d: any) => d.code)).toEqual([DEMO_DEPARTMENT.code]);
    expect(detail.directing_departments.map((d: any) => d.code)).toEqual([DEMO_RULE.directing]);
    const history = await get(`/signals/${id}/history`);
    const routing = history.find((h: any) => h.what === 'UPDATE_ROUTING_ASSIGNMENT');
    expect(routing).toMatchObject({ action: `Routering: afdeling/afdelingen gewijzigd naar: ${DEMO_DEPARTMENT.name}`, description: BY_RULE(DEMO_RULE.name) });
    // the list: by area code, by area type, by the routed department
    const ids = async (query: string) => (await get(`/signals/?${query}`)).results.map((r: any) => r.id);
    expect(await ids('area_code=N01')).toContain(id);
    expect(await ids('area_code=N')).toContain(id);
    expect(await ids('area_code=A02')).not.toContain(id);
    expect(await ids('area_type_code=buurt&area_code=N')).not.toContain(id);
    expect(await ids(`routing_department_code=${DEMO_DEPARTMENT.code}`)).toContain(id);
    expect(await ids('routing_department_code=OVL')).not.toContain(id);
  });

  it('a report elsewhere matches no rule: nothing stored, the subcategory\'s responsible department in the Afdeling filter', async () => {
    const id = await lamp(DAM);
    const detail = await get(`/signals/${id}`);
    expect(detail.location).toMatchObject({ stadsdeel: 'A', buurt_code: 'A02' });
    expect(detail.routing_departments).toEqual([]);
    expect((await get('/signals/?routing_department_code=OVL')).results.map((r: any) => r.id)).toContain(id);
  });

  it('a location change routes again: out of Noord back to the fallback, into Noord to the rule\'s department', async () => {
    const id = await lamp(DAM);
    expect((await patch(id, { location: at(NOORD) })).statusCode).toBe(200);
    let detail = await get(`/signals/${id}`);
    expect(detail.location.stadsdeel).toBe('N');
    expect(detail.routing_departments.map((d: any) => d.code)).toEqual([DEMO_DEPARTMENT.code]);
    expect((await patch(id, { location: at(DAM) })).statusCode).toBe(200);
    detail = await get(`/signals/${id}`);
    expect(detail.location).toMatchObject({ stadsdeel: 'A', buurt_code: 'A02' });
    expect(detail.routing_departments).toEqual([]);
    const history = await get(`/signals/${id}/history`);
    expect(history[0]).toMatchObject({ what: 'UPDATE_ROUTING_ASSIGNMENT', description: NO_RULE });
  });

  it('a category change routes again: a streetlight in Noord that turns out to be bulky waste leaves the rule\'s department', async () => {
    const id = await lamp(NOORD);
    expect((await patch(id, { category: { sub_category: '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil' } })).statusCode).toBe(200);
    expect((await get(`/signals/${id}`)).routing_departments).toEqual([]);
    expect((await get(`/signals/${id}/history`)).find((h: any) => h.what === 'UPDATE_ROUTING_ASSIGNMENT')).toMatchObject({ description: NO_RULE, who: expect.any(String) });
    expect((await get('/signals/?routing_department_code=AEG')).results.map((r: any) => r.id)).toContain(id);
  });

  it('routing by hand (with a reason) is kept when the category or location changes', async () => {
    const id = await lamp(NOORD);
    const asc = await departmentId('ASC');
    expect((await patch(id, { routing_departments: [{ id: asc }], routing_reason: 'Telefonisch afgestemd' })).statusCode).toBe(200);
    expect((await get(`/signals/${id}/history`))[0]).toMatchObject({ what: 'UPDATE_ROUTING_ASSIGNMENT', description: BY_PERSON('Telefonisch afgestemd') });
    expect((await patch(id, { location: at(DAM) })).statusCode).toBe(200);
    expect((await patch(id, { location: at(NOORD) })).statusCode).toBe(200);
    expect((await get(`/signals/${id}`)).routing_departments.map((d: any) => d.code)).toEqual(['ASC']);
    expect((await patch(id, { routing_reason: 'x'.repeat(1001) })).statusCode).toBe(400);
  });

  it('mails the members of the routed department who asked for it, without reporter data', async () => {
    const db = t().app.db;
    const user = await db.selectFrom('staff_user').select('id').where('email', '=', ACCOUNTS.behandelaar.email).executeTakeFirstOrThrow();
    const ovln = await departmentId(DEMO_DEPARTMENT.code);
    await db.insertInto('user_department').values({ user_id: user.id, department_id: ovln }).execute();
    await db.updateTable('staff_user').set({ notification_on_department_assignment: true }).where('id', '=', user.id).execute();
    try {
      const id = await lamp(NOORD, 'geheim@example.com');
      const mails = await db.selectFrom('outbox').select(['subject', 'text']).where('to', '=', ACCOUNTS.behandelaar.email).where('text', 'like', `%/manage/incident/${id}`).execute();
      expect(mails).toEqual([{ subject: `Melding SIG-${id} is aan uw afdeling toegewezen`, text: `Melding SIG-${id} is aan uw afdeling toegewezen.\n\nBekijk de melding: http://localhost:8080/manage/incident/${id}` }]);
      // not routed there (Centrum): no mail
      const other = await lamp(DAM);
      expect(await db.selectFrom('outbox').select('id').where('to', '=', ACCOUNTS.behandelaar.email).where('text', 'like', `%/manage/incident/${other}`).execute()).toEqual([]);
    } finally {
      await db.deleteFrom('user_department').where('user_id', '=', user.id).where('department_id', '=', ovln).execute();
      await db.updateTable('staff_user').set({ notification_on_department_assignment: false }).where('id', '=', user.id).execute();
    }
  });
});

describe.each(DATABASE_TARGETS)('staff notification settings (%s)', (target) => {
  const t = useTestApp(target);
  it('a staff member switches their own mails on and off; bad input is a 400; no token a 401', async () => {
    const token = await mintToken(t().app, ACCOUNTS.lezer.email);
    const set = (payload: unknown, headers: Record<string, string> = bearer(token)) =>
      t().app.inject({ method: 'PATCH', url: `${P}/me/notifications/`, headers, payload: payload as object });
    const on = await set({ notification_on_department_assignment: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().profile).toMatchObject({ notification_on_department_assignment: true, notification_on_user_assignment: false });
    expect((await t().app.db.selectFrom('staff_user').select('notification_on_department_assignment').where('email', '=', ACCOUNTS.lezer.email).executeTakeFirstOrThrow()).notification_on_department_assignment).toBe(true);
    expect((await set({ notification_on_department_assignment: false, notification_on_user_assignment: true })).json().profile).toMatchObject({ notification_on_department_assignment: false, notification_on_user_assignment: true });
    expect((await set({})).statusCode).toBe(400);
    expect((await set({ notification_on_user_assignment: 'ja' })).statusCode).toBe(400);
    expect((await set({ is_superuser: true })).statusCode).toBe(400);
    expect((await set({ notification_on_user_assignment: true }, {})).statusCode).toBe(401);
  });
});
