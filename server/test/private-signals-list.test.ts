/**
 * GET /signals/v1/private/signals/ and /geography (docs/reference/api.md#private, docs/reference/permissions.md#permissions-and-scoping): every filter of
 * the docs/reference/api.md#private table (multi-valued and null cases), ordering, paging, the 400 shape,
 * department scoping and masked contact details, on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';

const P = '/signals/v1/private/signals';
const DAY = 86400000;

interface Seed {
  text: string;
  cat: 'x' | 'y';
  state?: string;
  priority?: string;
  type_code?: string;
  source?: string;
  stadsdeel?: string | null;
  buurt_code?: string;
  area_code?: string;
  area_type_code?: string;
  area_name?: string;
  address_text?: string;
  postcode?: string;
  email?: string | null;
  phone?: string | null;
  created: string;
  updated?: string;
  incident?: string;
  lng?: number;
}

// x: a category with a 3 calendar-day SLA, department GRN; y: no SLA, not GRN's.
const SEEDS: Seed[] = [
  { text: 'een', cat: 'x', state: 'm', priority: 'high', type_code: 'SIG', source: 'online', stadsdeel: 'A', buurt_code: 'A00a', area_code: 'a1', area_type_code: 'stadsdeel', area_name: 'Centrum', address_text: 'Damrak 1, 1012LG Amsterdam', postcode: '1012LG', email: 'een@example.com', phone: null, created: '2020-01-06T10:00:00Z', incident: '2020-01-05T10:00:00Z' },
  { text: 'twee', cat: 'x', state: 'b', priority: 'normal', type_code: 'REQ', source: 'Telefoon – ASC', stadsdeel: 'N', buurt_code: 'N01b', area_name: 'Noord', address_text: 'Buiksloterweg 5, 1031CC Amsterdam', postcode: '1031CC', email: null, phone: '0612345678', created: '2020-02-03T10:00:00Z', incident: '2020-02-01T10:00:00Z' },
  { text: 'drie', cat: 'y', state: 'o', priority: 'low', type_code: 'QUE', source: 'online', stadsdeel: null, address_text: 'Zuidas 9, 1082MA Amsterdam', postcode: '1082MA', email: '', phone: '', created: '2020-03-02T10:00:00Z', incident: '2020-03-01T23:30:00Z' },
  { text: 'vier', cat: 'y', state: 'reopened', priority: 'normal', type_code: 'SIG', source: 'online', stadsdeel: 'A', email: 'vier@example.com', phone: '0687654321', created: '2020-04-06T10:00:00Z', updated: '2020-05-01T10:00:00Z' },
  { text: 'vijf (recent)', cat: 'x', state: 'i', priority: 'normal', type_code: 'COM', source: 'online', stadsdeel: 'T', email: null, phone: null, created: 'recent' },
];

describe.each(DATABASE_TARGETS)('private signal list (%s)', (target) => {
  const t = useTestApp(target);
  const ids: Record<string, number> = {};
  const tokens: Partial<Record<keyof typeof ACCOUNTS, string>> = {};
  let catX: { id: number; slug: string; main_slug: string; name: string; main_name: string };
  let catY: { id: number; slug: string; main_slug: string; name: string; main_name: string };

  beforeAll(async () => {
    const db = t().app.db;
    const subs = await db
      .selectFrom('category as c')
      .innerJoin('category as p', 'p.id', 'c.parent_id')
      .select(['c.id', 'c.slug', 'c.name', 'p.slug as main_slug', 'p.name as main_name', 'p.id as main_id'])
      .orderBy('c.id')
      .execute();
    catX = subs[0]!;
    catY = subs.find((s) => s.main_id !== subs[0]!.main_id)!;
    const dept = async (code: string) => (await db.selectFrom('department').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    const [grn, asc] = [await dept('GRN'), await dept('ASC')];
    // Scoping: x belongs to GRN only, y to ASC only.
    await db.deleteFrom('category_department').where('category_id', 'in', [catX.id, catY.id]).execute();
    await db.insertInto('category_department').values([{ category_id: catX.id, department_id: grn, is_responsible: true, can_view: true }, { category_id: catY.id, department_id: asc, is_responsible: true, can_view: true }]).execute();
    await db.updateTable('category').set({ sla_n_days: 3, sla_use_calendar_days: true }).where('id', '=', catX.id).execute();
    await db.updateTable('category').set({ sla_n_days: null }).where('id', '=', catY.id).execute();
    const now = Date.now();
    for (const s of SEEDS) {
      const created = s.created === 'recent' ? new Date(now - DAY) : new Date(s.created);
      const row = await db
        .insertInto('signal')
        .values({
          uuid: randomUUID(),
          source: s.source ?? 'online',
          text: s.text,
          state: s.state,
          priority: s.priority,
          type_code: s.type_code,
          category_id: (s.cat === 'x' ? catX : catY).id,
          lng: s.lng ?? 4.9 + SEEDS.indexOf(s) / 100,
          lat: 52.37,
          address: s.postcode ? JSON.stringify({ postcode: s.postcode }) : null,
          address_text: s.address_text ?? null,
          stadsdeel: s.stadsdeel ?? null,
          buurt_code: s.buurt_code ?? null,
          area_code: s.area_code ?? null,
          area_type_code: s.area_type_code ?? null,
          area_name: s.area_name ?? null,
          reporter_email: s.email ?? null,
          reporter_phone: s.phone ?? null,
          incident_date_start: s.incident ? new Date(s.incident) : created,
          created_at: created,
          updated_at: s.updated ? new Date(s.updated) : created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[s.text.split(' ')[0]!] = row.id;
    }
    // vier (category y, ASC's) is routed to GRN as well; twee has a note.
    await db.insertInto('signal_routing_department').values({ signal_id: ids.vier!, department_id: grn }).execute();
    await db.insertInto('signal_note').values({ signal_id: ids.twee!, text: 'Bewoner belt terug over de Container' }).execute();
    // een lies in an area 'a1' of the type stadsdeel (signal_area, docs/routing.md)
    const stadsdeelType = (await db.selectFrom('area_type').select('id').where('code', '=', 'stadsdeel').executeTakeFirstOrThrow()).id;
    const area = await db.insertInto('area').values({ type_id: stadsdeelType, code: 'a1', name: 'Centrum', geometry: JSON.stringify({ type: 'Polygon', coordinates: [[[4.8, 52.3], [5, 52.3], [5, 52.4], [4.8, 52.3]]] }) }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('signal_area').values({ signal_id: ids.een!, area_id: area.id }).execute();
    // Workflow (migration 500): drie is the parent of vier (changed after drie), twee the parent of een (not changed since);
    // drie is directed by ASC; twee is assigned to the behandelaar, een to the coordinator.
    await db.updateTable('signal').set({ parent_id: ids.drie! }).where('id', '=', ids.vier!).execute();
    await db.updateTable('signal').set({ parent_id: ids.twee! }).where('id', '=', ids.een!).execute();
    await db.insertInto('signal_directing_department').values({ signal_id: ids.drie!, department_id: asc }).execute();
    const userId = async (email: string) => (await db.selectFrom('staff_user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    await db.updateTable('signal').set({ assigned_user_id: await userId(ACCOUNTS.behandelaar.email) }).where('id', '=', ids.twee!).execute();
    await db.updateTable('signal').set({ assigned_user_id: await userId(ACCOUNTS.coordinator.email) }).where('id', '=', ids.een!).execute();
    const uuidOf = async (id: number) => (await db.selectFrom('signal').select('uuid').where('id', '=', id).executeTakeFirstOrThrow()).uuid;
    const feedback = async (id: number, created: string, submitted: string | null, satisfied: boolean | null) =>
      db.insertInto('feedback_request').values({ uuid: randomUUID(), signal_uuid: await uuidOf(id), submit_before: new Date('2030-01-01'), created_at: new Date(created), submitted_at: submitted ? new Date(submitted) : null, is_satisfied: satisfied }).execute();
    await feedback(ids.een!, '2020-01-10T00:00:00Z', '2020-01-11T00:00:00Z', true);
    await feedback(ids.drie!, '2020-03-10T00:00:00Z', '2020-03-11T00:00:00Z', true);
    await feedback(ids.drie!, '2020-03-20T00:00:00Z', '2020-03-21T00:00:00Z', false); // the latest counts
    await feedback(ids.vier!, '2020-04-10T00:00:00Z', null, null);
    for (const account of ['coordinator', 'lezer', 'behandelaar', 'admin'] as const) tokens[account] = await mintToken(t().app, ACCOUNTS[account].email);
  });

  const get = async (query: string, account: keyof typeof ACCOUNTS = 'coordinator', path = '/') => {
    const res = await t().app.inject({ method: 'GET', url: `${P}${path}${query ? `?${query}` : ''}`, headers: bearer(tokens[account]!) });
    return { status: res.statusCode, body: res.json() as any, headers: res.headers };
  };
  /** The report words (een, twee, …) a filter gives, in the list's order. */
  const words = async (query: string, account: keyof typeof ACCOUNTS = 'coordinator') => {
    const { status, body } = await get(query, account);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.results.map((r: any) => r.text.split(' ')[0]);
  };
  const bad = async (query: string) => (await get(query)).body;
  const choice = (param: string, value: string) => ({ [param]: [`Selecteer een geldige keuze. ${value} is geen beschikbare keuze.`] });

  it('needs a token and sia_read', async () => {
    expect((await t().app.inject({ method: 'GET', url: `${P}/` })).statusCode).toBe(401);
    expect((await t().app.inject({ method: 'GET', url: `${P}/geography` })).statusCode).toBe(401);
  });

  it('lists newest first as a HAL page of the list representation', async () => {
    const { body } = await get('');
    expect(body.count).toBe(5);
    expect(body.results.map((r: any) => r.text.split(' ')[0])).toEqual(['vijf', 'vier', 'drie', 'twee', 'een']);
    expect(body._links).toEqual({ self: { href: `http://localhost:8080${P}/` }, next: { href: null }, previous: { href: null } });
    const een = body.results[4];
    expect(een).toMatchObject({ id: ids.een, id_display: `SIG-${ids.een}`, status: { state: 'm', state_display: 'Gemeld' }, priority: { priority: 'high' }, category: { sub_slug: catX.slug, main_slug: catX.main_slug } });
    expect(een.category.deadline).toBe('2020-01-09T11:00:00.000000+01:00');
  });

  it('pages by page and page_size (default 50), out of range is 404', async () => {
    const first = await get('page_size=2');
    expect(first.body.count).toBe(5);
    expect(first.body.results.map((r: any) => r.id)).toEqual([ids.vijf, ids.vier]);
    expect(first.body._links.next.href).toBe(`http://localhost:8080${P}/?page_size=2&page=2`);
    const third = await get('page_size=2&page=3');
    expect(third.body.results.map((r: any) => r.id)).toEqual([ids.een]);
    expect(third.body._links.previous.href).toBe(`http://localhost:8080${P}/?page_size=2&page=2`);
    expect(third.body._links.next.href).toBeNull();
    expect(await get('page_size=2&page=4')).toMatchObject({ status: 404, body: { detail: 'Ongeldige pagina.' } });
    expect((await get('page=0')).status).toBe(400);
    // Huge numbers are a 404 or a whole list, never a database error.
    expect(await get('page=999999999999999&page_size=999999999999999')).toMatchObject({ status: 404, body: { detail: 'Ongeldige pagina.' } });
    expect((await get('page_size=999999999999999')).body.count).toBe(5);
    expect((await get('geopage=999999999999999', 'coordinator', '/geography')).body.features).toEqual([]);
  });

  it('orders by every docs/reference/api.md#private field, ascending and descending, several at once', async () => {
    expect(await words('ordering=created_at')).toEqual(['een', 'twee', 'drie', 'vier', 'vijf']);
    expect(await words('ordering=-id')).toEqual(['vijf', 'vier', 'drie', 'twee', 'een']);
    expect(await words('ordering=id')).toEqual(['een', 'twee', 'drie', 'vier', 'vijf']);
    expect((await words('ordering=-updated_at'))[0]).toBe('vijf');
    expect((await words('ordering=updated_at'))).toEqual(['een', 'twee', 'drie', 'vier', 'vijf']);
    // by meaning, not by code: Hoog, Normaal, Laag (equal values by id), and the workflow's order
    expect(await words('ordering=priority')).toEqual(['een', 'twee', 'vier', 'vijf', 'drie']);
    expect(await words('ordering=-priority')).toEqual(['drie', 'vijf', 'vier', 'twee', 'een']);
    expect(await words('ordering=status,id')).toEqual(['een', 'vijf', 'twee', 'drie', 'vier']); // m, i, b, o, reopened
    expect(await words('ordering=stadsdeel,-created_at')).toEqual(['vier', 'een', 'twee', 'vijf', 'drie']); // A, A, N, T, null last
    expect(await words('ordering=-stadsdeel')).toEqual(['drie', 'vijf', 'twee', 'vier', 'een']); // null first descending, equal values by id descending
    expect((await words('ordering=address'))).toEqual(['twee', 'een', 'drie', 'vier', 'vijf']);
    expect((await words('ordering=postcode'))).toEqual(['een', 'twee', 'drie', 'vier', 'vijf']);
    expect((await words('ordering=area_name')).slice(0, 2)).toEqual(['een', 'twee']);
    const bySub = await words('ordering=sub_category,id');
    const byMain = await words('ordering=-main_category,id');
    const xFirst = catX.name < catY.name;
    expect(bySub).toEqual(xFirst ? ['een', 'twee', 'vijf', 'drie', 'vier'] : ['drie', 'vier', 'een', 'twee', 'vijf']);
    expect(byMain).toEqual(catX.main_name > catY.main_name ? ['een', 'twee', 'vijf', 'drie', 'vier'] : ['drie', 'vier', 'een', 'twee', 'vijf']);
    // behandelaar@ < coordinator@ < unassigned (nulls last ascending, first descending), then the id.
    expect(await words('ordering=assigned_user_email')).toEqual(['twee', 'een', 'drie', 'vier', 'vijf']);
    expect(await words('ordering=-assigned_user_email')).toEqual(['vijf', 'vier', 'drie', 'een', 'twee']);
  });

  it('an unknown ordering field is a 400 in the ordering key', async () => {
    expect(await bad('ordering=-text')).toEqual(choice('ordering', '-text'));
  });

  it('id', async () => {
    expect(await words(`id=${ids.drie}`)).toEqual(['drie']);
    expect(await words(`id=${ids.drie}.0`)).toEqual(['drie']);
    expect(await words('id=1.5')).toEqual([]);
    expect(await words('id=99999999999999')).toEqual([]);
    expect(await bad('id=abc')).toEqual({ id: ['Voer een getal in.'] });
  });

  it('status: one, repeated, invalid', async () => {
    expect(await words('status=m')).toEqual(['een']);
    expect(await words('status=m&status=reopened&status=o')).toEqual(['vier', 'drie', 'een']);
    expect(await bad('status=x')).toEqual(choice('status', 'x'));
  });

  it('priority: one, repeated, invalid', async () => {
    expect(await words('priority=high')).toEqual(['een']);
    expect(await words('priority=high&priority=low')).toEqual(['drie', 'een']);
    expect(await bad('priority=urgent')).toEqual(choice('priority', 'urgent'));
  });

  it('type: one, repeated, invalid', async () => {
    expect(await words('type=SIG')).toEqual(['vier', 'een']);
    expect(await words('type=REQ&type=COM')).toEqual(['vijf', 'twee']);
    expect(await bad('type=XYZ')).toEqual(choice('type', 'XYZ'));
  });

  it('source: one, repeated, invalid', async () => {
    expect(await words('source=' + encodeURIComponent('Telefoon – ASC'))).toEqual(['twee']);
    expect(await words('source=online&source=' + encodeURIComponent('Telefoon – ASC'))).toHaveLength(5);
    expect(await bad('source=fax')).toEqual(choice('source', 'fax'));
  });

  it('stadsdeel: codes, null, both, invalid', async () => {
    expect(await words('stadsdeel=A')).toEqual(['vier', 'een']);
    expect(await words('stadsdeel=A&stadsdeel=T')).toEqual(['vijf', 'vier', 'een']);
    expect(await words('stadsdeel=null')).toEqual(['drie']);
    expect(await words('stadsdeel=null&stadsdeel=N')).toEqual(['drie', 'twee']);
    expect(await bad('stadsdeel=Z')).toEqual(choice('stadsdeel', 'Z'));
  });

  it('buurt_code, area_code (repeated) and area_type_code', async () => {
    expect(await words('buurt_code=A00a&buurt_code=N01b')).toEqual(['twee', 'een']);
    expect(await words('area_code=a1')).toEqual(['een']);
    expect(await words('area_type_code=stadsdeel')).toEqual(['een']);
  });

  it('category_id (repeated, invalid), category_slug OR maincategory_slug, both ignored under category_id', async () => {
    expect(await words(`category_id=${catY.id}`)).toEqual(['vier', 'drie']);
    expect(await words(`category_id=${catY.id}&category_id=${catX.id}`)).toHaveLength(5);
    expect(await bad('category_id=99999')).toEqual(choice('category_id', '99999'));
    expect(await words(`category_slug=${catX.slug}`)).toEqual(['vijf', 'twee', 'een']);
    expect(await words(`maincategory_slug=${catY.main_slug}`)).toEqual(['vier', 'drie']);
    expect(await words(`category_slug=${catX.slug}&maincategory_slug=${catY.main_slug}`)).toHaveLength(5);
    expect(await words(`category_id=${catY.id}&category_slug=${catX.slug}`)).toEqual(['vier', 'drie']);
    expect(await bad('category_slug=bestaat-niet')).toEqual(choice('category_slug', 'bestaat-niet'));
    expect(await bad('maincategory_slug=bestaat-niet')).toEqual(choice('maincategory_slug', 'bestaat-niet'));
  });

  it('created_before/after and updated_before/after (inclusive ISO datetimes); a bad datetime is a 400', async () => {
    expect(await words('created_after=2020-02-03T11:00:00%2B01:00&created_before=2020-03-02T10:00:00Z')).toEqual(['drie', 'twee']);
    expect(await words('updated_after=2020-04-30T00:00:00')).toEqual(['vijf', 'vier']);
    expect(await words('updated_before=2020-02-03T10:00:00Z')).toEqual(['twee', 'een']);
    expect(await bad('created_after=gisteren')).toEqual({ created_after: ['Voer een geldige datum/tijd in.'] });
    expect(await bad('created_before=2020-01-31')).toEqual({ created_before: ['Voer een geldige datum/tijd in.'] }); // a date alone is not a datetime
  });

  it('incident_date, and incident_date_before/after with their swapped meaning (Amsterdam dates)', async () => {
    expect(await words('incident_date=2020-03-02')).toEqual(['drie']); // 23:30 UTC is 00:30 the next day in Amsterdam
    expect(await words('incident_date_before=2020-03-02')).toEqual(['vijf', 'vier', 'drie']); // on or after
    expect(await words('incident_date_after=2020-02-01')).toEqual(['twee', 'een']); // on or before
    expect(await bad('incident_date=2020-13-01')).toEqual({ incident_date: ['Voer een geldige datum in.'] });
  });

  it('address_text (contains, any case), note_keyword, reporter_email', async () => {
    expect(await words('address_text=damrak')).toEqual(['een']);
    expect(await words('address_text=%25')).toEqual([]);
    expect(await words('note_keyword=container')).toEqual(['twee']);
    expect(await words('reporter_email=VIER@example.com')).toEqual(['vier']);
  });

  it('assigned_user_email: an e-mail (any case), null for the unassigned reports; an e-mail nobody has gives none', async () => {
    expect(await words('assigned_user_email=null')).toEqual(['vijf', 'vier', 'drie']);
    expect(await words('assigned_user_email=BEHANDELAAR@meldloket.local')).toEqual(['twee']);
    expect(await words('assigned_user_email=coordinator@meldloket.local')).toEqual(['een']);
    expect(await words('assigned_user_email=niemand@meldloket.local')).toEqual([]);
  });

  it('lists the workflow relations: assigned user, parent and children, routing and directing departments', async () => {
    const { body } = await get('');
    const by = Object.fromEntries(body.results.map((r: any) => [r.text.split(' ')[0], r]));
    expect(by.twee).toMatchObject({ assigned_user_email: ACCOUNTS.behandelaar.email, has_children: true, has_parent: false });
    expect(by.een).toMatchObject({ assigned_user_email: ACCOUNTS.coordinator.email, has_children: false, has_parent: true });
    expect(by.vijf).toMatchObject({ assigned_user_email: null, has_children: false, has_parent: false, routing_departments: [], directing_departments: [] });
    expect(by.vier.routing_departments).toEqual([expect.objectContaining({ code: 'GRN', name: expect.any(String), id: expect.any(Number) })]);
    expect(by.drie.directing_departments).toEqual([expect.objectContaining({ code: 'ASC' })]);
  });

  it('contact_details: email, phone, none, combined by OR', async () => {
    expect(await words('contact_details=email')).toEqual(['vier', 'een']);
    expect(await words('contact_details=phone')).toEqual(['vier', 'twee']);
    expect(await words('contact_details=none')).toEqual(['vijf', 'drie']);
    expect(await words('contact_details=email&contact_details=none')).toEqual(['vijf', 'vier', 'drie', 'een']);
    expect(await bad('contact_details=fax')).toEqual(choice('contact_details', 'fax'));
  });

  it('feedback: by the latest feedback request', async () => {
    expect(await words('feedback=satisfied')).toEqual(['een']);
    expect(await words('feedback=not_satisfied')).toEqual(['drie']);
    expect(await words('feedback=not_received')).toEqual(['vier']);
    expect(await bad('feedback=meh')).toEqual(choice('feedback', 'meh'));
  });

  it('punctuality from the SLA: on_time, late, late_factor_3, null', async () => {
    expect(await words('punctuality=on_time')).toEqual(['vijf']);
    expect(await words('punctuality=late')).toEqual(['twee', 'een']);
    expect(await words('punctuality=late_factor_3')).toEqual(['twee', 'een']);
    expect(await words('punctuality=null')).toEqual(['vier', 'drie']);
    expect(await bad('punctuality=soon')).toEqual(choice('punctuality', 'soon'));
  });

  it('kind: signal, parent_signal, exclude_parent_signal, child_signal, combined by OR', async () => {
    expect(await words('kind=signal')).toEqual(['vijf']);
    expect(await words('kind=parent_signal')).toEqual(['drie', 'twee']);
    expect(await words('kind=child_signal')).toEqual(['vier', 'een']);
    expect(await words('kind=exclude_parent_signal')).toEqual(['vijf', 'vier', 'een']);
    expect(await words('kind=signal&kind=child_signal')).toEqual(['vijf', 'vier', 'een']);
    expect(await words('kind=parent_signal&kind=child_signal')).toEqual(['vier', 'drie', 'twee', 'een']);
    expect(await bad('kind=x')).toEqual(choice('kind', 'x'));
  });

  it('has_changed_children: parents with a child changed after them (true), without (false), both', async () => {
    expect(await words('has_changed_children=true')).toEqual(['drie']);
    expect(await words('has_changed_children=False')).toEqual(['twee']);
    expect(await words('has_changed_children=true&has_changed_children=false')).toEqual(['drie', 'twee']);
    expect(await bad('has_changed_children=maybe')).toEqual(choice('has_changed_children', 'maybe'));
  });

  it('routing_department_code (repeated): the routed department, else the subcategory\'s responsible one', async () => {
    // vier (category y, ASC's) is routed to GRN; the others are routed nowhere and count under their category's department
    expect(await words('routing_department_code=GRN')).toEqual(['vijf', 'vier', 'twee', 'een']);
    expect(await words('routing_department_code=ASC')).toEqual(['drie']);
    expect(await words('routing_department_code=GRN&routing_department_code=ASC')).toEqual(['vijf', 'vier', 'drie', 'twee', 'een']);
    expect(await bad('routing_department_code=NOPE')).toEqual(choice('routing_department_code', 'NOPE'));
  });

  it('directing_department: codes, null (no directing department), both; child reports never match', async () => {
    expect(await words('directing_department=ASC')).toEqual(['drie']);
    expect(await words('directing_department=GRN')).toEqual([]);
    expect(await words('directing_department=null')).toEqual(['vijf', 'twee']);
    expect(await words('directing_department=null&directing_department=ASC')).toEqual(['vijf', 'drie', 'twee']);
    expect(await bad('directing_department=NOPE')).toEqual(choice('directing_department', 'NOPE'));
  });

  it('every bad value of a request is reported at once, per parameter', async () => {
    expect(await bad('status=x&status=y&priority=z')).toEqual({
      status: ['Selecteer een geldige keuze. x is geen beschikbare keuze.', 'Selecteer een geldige keuze. y is geen beschikbare keuze.'],
      priority: ['Selecteer een geldige keuze. z is geen beschikbare keuze.'],
    });
  });

  it('department scoping: a GRN member sees its category and what is routed to GRN; superuser and coordinator see all', async () => {
    expect(await words('', 'lezer')).toEqual(['vijf', 'vier', 'twee', 'een']);
    expect(await words('', 'behandelaar')).toEqual(['vier', 'drie']); // ASC, AEG
    expect(await words('', 'admin')).toHaveLength(5);
    expect((await get('', 'lezer')).body.count).toBe(4);
    expect(await words('stadsdeel=null', 'lezer')).toEqual([]);
  });

  it('department scoping: a report of one of the user’s categories that is also routed to the user’s department counts once', async () => {
    const db = t().app.db;
    const asc = (await db.selectFrom('department').select('id').where('code', '=', 'ASC').executeTakeFirstOrThrow()).id;
    await db.insertInto('signal_routing_department').values({ signal_id: ids.vier!, department_id: asc }).execute();
    try {
      const { body } = await get('', 'behandelaar');
      expect(body.results.map((r: { text: string }) => r.text.split(' ')[0])).toEqual(['vier', 'drie']);
      expect(body.count).toBe(2);
      expect((await get('status=reopened', 'behandelaar')).body.count).toBe(1);
      expect((await get('', 'lezer')).body.count).toBe(4);
    } finally {
      await db.deleteFrom('signal_routing_department').where('signal_id', '=', ids.vier!).where('department_id', '=', asc).execute();
    }
  });

  it('reporter e-mail and phone are masked without sia_can_view_contact_details', async () => {
    const shown = (await get(`id=${ids.vier}`, 'coordinator')).body.results[0].reporter;
    expect(shown).toMatchObject({ email: 'vier@example.com', phone: '0687654321' });
    const masked = (await get(`id=${ids.vier}`, 'lezer')).body.results[0].reporter;
    expect(masked).toMatchObject({ email: '*****', phone: '*****' });
  });

  it('refuses the reporter_email filter without sia_can_view_contact_details: it would tell whether an address reported', async () => {
    const forbidden = { status: 403, body: { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' } };
    for (const address of ['vier@example.com', 'niemand@example.com']) {
      expect(await get(`reporter_email=${address}`, 'lezer')).toMatchObject(forbidden);
      expect(await get(`reporter_email=${address}`, 'lezer', '/geography')).toMatchObject(forbidden);
    }
    // an empty value is no filter; with the permission the filter works
    expect(await words('reporter_email=', 'lezer')).toEqual(['vijf', 'vier', 'twee', 'een']);
    expect(await words('reporter_email=vier@example.com', 'coordinator')).toEqual(['vier']);
  });

  it('geography: the same filters and scoping, id and created_at, paged by geopage', async () => {
    const { status, body, headers } = await get('status=m&status=b', 'coordinator', '/geography');
    expect(status).toBe(200);
    expect(headers['x-total-count']).toBe('2');
    expect(headers.link).toBe(`<http://localhost:8080${P}/geography?status=m&status=b>; rel="self"`);
    expect(body).toEqual({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [4.91, 52.37] }, properties: { id: ids.twee, created_at: '2020-02-03T10:00:00.000000+00:00' } },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [4.9, 52.37] }, properties: { id: ids.een, created_at: '2020-01-06T10:00:00.000000+00:00' } },
      ],
    });
    expect((await get('', 'behandelaar', '/geography')).body.features.map((f: any) => f.properties.id)).toEqual([ids.vier, ids.drie]);
    expect((await get('stadsdeel=Q', 'coordinator', '/geography'))).toMatchObject({ status: 400, body: choice('stadsdeel', 'Q') });
  });
});
