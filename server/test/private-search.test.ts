/**
 * GET /signals/v1/private/search/?q= ('Zoek op meldingsinformatie'): by report number,
 * words (Dutch full text, prefixes), address, postcode, and reporter e-mail/phone only
 * with sia_can_view_contact_details; list filters, paging and scoping on top; the same
 * results on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_MAX, SEARCH_COUNT_READ, SEARCH_NEWEST } from '../src/services/overview/search.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';

const S = '/signals/v1/private/search/';

const SEEDS = [
  { key: 'lamp', text: 'De lantaarnpalen zijn kapot bij de speeltuin', address_text: 'Damrak 12, 1012LG Amsterdam', postcode: '1012LG', email: 'Melder@Example.com', phone: '06-12 34 56 78', state: 'm', mine: true },
  { key: 'afval', text: 'Grofvuil naast de container', address_text: 'Buiksloterweg 5, 1031CC Amsterdam', postcode: '1031CC', email: null, phone: '+31 20 123 4567', state: 'b', mine: true },
  { key: 'boom', text: 'Boom omgewaaid over het fietspad', address_text: 'Damstraat 3, 1012JM Amsterdam', postcode: '1012 JM', email: 'boom@example.com', phone: null, state: 'o', mine: false },
  { key: 'herrie', text: 'Harde muziek uit een café', address_text: null, postcode: null, email: null, phone: null, state: 'm', mine: true },
];

describe.each(DATABASE_TARGETS)('private search (%s)', (target) => {
  const t = useTestApp(target);
  const ids: Record<string, number> = {};
  const tokens: Partial<Record<keyof typeof ACCOUNTS, string>> = {};

  beforeAll(async () => {
    const db = t().app.db;
    const subs = await db.selectFrom('category').select(['id', 'parent_id']).where('parent_id', 'is not', null).orderBy('id').execute();
    const grn = (await db.selectFrom('department').select('id').where('code', '=', 'GRN').executeTakeFirstOrThrow()).id;
    // GRN sees category 'mine' only.
    const [mine, other] = [subs[0]!.id, subs.find((s) => s.parent_id !== subs[0]!.parent_id)!.id];
    await db.deleteFrom('category_department').where('category_id', 'in', [mine, other]).execute();
    await db.insertInto('category_department').values({ category_id: mine, department_id: grn, is_responsible: true, can_view: true }).execute();
    let n = 0;
    for (const s of SEEDS) {
      const created = new Date(Date.UTC(2024, 0, 1 + n++));
      const row = await db
        .insertInto('signal')
        .values({
          uuid: randomUUID(), source: 'online', text: s.text, state: s.state, category_id: s.mine ? mine : other, lng: 4.9, lat: 52.37,
          address: s.postcode ? JSON.stringify({ openbare_ruimte: 'x', postcode: s.postcode }) : null, address_text: s.address_text,
          reporter_email: s.email, reporter_phone: s.phone, incident_date_start: created, created_at: created, updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[s.key] = row.id;
    }
    for (const account of ['coordinator', 'lezer'] as const) tokens[account] = await mintToken(t().app, ACCOUNTS[account].email);
  });

  const search = async (query: string, account: 'coordinator' | 'lezer' = 'coordinator') => {
    const res = await t().app.inject({ method: 'GET', url: `${S}?${query}`, headers: bearer(tokens[account]!) });
    return { status: res.statusCode, body: res.json() as any };
  };
  /** The seed keys a search gives, in order. */
  const found = async (q: string, account: 'coordinator' | 'lezer' = 'coordinator', extra = '') => {
    const { status, body } = await search(`q=${encodeURIComponent(q)}${extra}`, account);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.results.map((r: any) => Object.keys(ids).find((k) => ids[k] === r.id));
  };

  it('needs a token and a q', async () => {
    expect((await t().app.inject({ method: 'GET', url: `${S}?q=boom` })).statusCode).toBe(401);
    expect(await search('')).toEqual({ status: 400, body: { q: ['Dit veld is vereist.'] } });
    expect(await search('q=%20%20')).toEqual({ status: 400, body: { q: ['Dit veld is vereist.'] } });
    expect((await search(`q=${'a'.repeat(201)}`)).status).toBe(400);
  });

  it('finds a report by its number: SIG-123, sig 123 or 123', async () => {
    expect(await found(`SIG-${ids.boom}`)).toEqual(['boom']);
    expect(await found(`sig ${ids.boom}`)).toEqual(['boom']);
    expect(await found(String(ids.boom))).toEqual(['boom']);
    expect(await found('SIG-99999999')).toEqual([]);
  });

  it('finds words of the text with Dutch stemming and prefixes, every word must match', async () => {
    expect(await found('lantaarnpaal')).toEqual(['lamp']); // 'lantaarnpalen' stems to the same word
    expect(await found('lantaarn kapotte')).toEqual(['lamp']);
    expect(await found('LANTAARN fiets')).toEqual([]);
    expect(await found('fiets')).toEqual(['boom']);
    expect(await found('café')).toEqual(['herrie']);
  });

  it('finds by street and by postcode (with or without space, any case, or the four digits)', async () => {
    expect(await found('Damrak')).toEqual(['lamp']);
    expect(await found('dam')).toEqual(['boom', 'lamp']); // Damstraat, Damrak; newest first
    expect(await found('Buiksloterweg 5')).toEqual(['afval']);
    expect(await found('1012lg')).toEqual(['lamp']);
    expect(await found('1012 JM')).toEqual(['boom']);
    expect(await found('1012')).toEqual(['boom', 'lamp']);
  });

  it('finds by reporter e-mail and phone only with sia_can_view_contact_details', async () => {
    expect(await found('melder@example.com')).toEqual(['lamp']);
    expect(await found('0612345678')).toEqual(['lamp']);
    expect(await found('+31 6 12345678')).toEqual(['lamp']);
    expect(await found('020 1234567')).toEqual(['afval']);
    // lezer (GRN) sees lamp and afval but has no contact-details permission: no match, and masked results.
    expect(await found('melder@example.com', 'lezer')).toEqual([]);
    expect(await found('0612345678', 'lezer')).toEqual([]);
    const { body } = await search('q=lantaarn', 'lezer');
    expect(body.results[0].reporter).toMatchObject({ email: '*****', phone: '*****' });
  });

  it('takes the list filters and ordering, pages as the list, and is scoped by department', async () => {
    expect(await found('1012', 'coordinator', '&status=o')).toEqual(['boom']);
    expect(await found('1012', 'coordinator', '&ordering=created_at')).toEqual(['lamp', 'boom']);
    expect(await found('1012', 'lezer')).toEqual(['lamp']); // boom is not GRN's
    const page = await search('q=1012&page_size=1&page=2');
    expect(page.body).toMatchObject({ count: 2, results: [{ id: ids.lamp }] });
    expect(page.body._links.previous.href).toBe('http://localhost:8080/signals/v1/private/search/?q=1012&page_size=1');
    expect((await search('q=1012&status=x')).body).toEqual({ status: ['Selecteer een geldige keuze. x is geen beschikbare keuze.'] });
  });

  it('lists the typed number first, before other matches', async () => {
    // The number of the oldest report (lamp) also appears in the text of the newest (herrie).
    const q = String(ids.lamp);
    await t().app.db.updateTable('signal').set({ text: `Harde muziek bij huisnummer ${q}` }).where('id', '=', ids.herrie!).execute();
    expect(await found(q)).toEqual(['lamp', 'herrie']);
    expect(await found(q, 'coordinator', '&ordering=-created_at')).toEqual(['lamp', 'herrie']);
  });

  it('counts up to SEARCH_COUNT_MAX matches past the page and then says there are more (count_capped), every page still reachable', async () => {
    expect((await search('q=1012')).body).toMatchObject({ count: 2, count_capped: false });
    const matches = SEARCH_COUNT_MAX + 2;
    const category = (await t().app.db.selectFrom('category').select('id').where('parent_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()).id;
    await sql`insert into signal (uuid, source, text, category_id, state, lng, lat, incident_date_start, created_at, updated_at)
      select gen_random_uuid(), 'online', 'Kapotte bank op het plein', ${category}, 'm', 4.9, 52.37, now(), now() - g * interval '1 minute', now()
      from generate_series(1, ${matches}) g`.execute(t().app.db);
    const first = await search('q=kapotte%20bank');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: SEARCH_COUNT_MAX + 1, count_capped: true });
    // the newest 50 of the matches, newest first
    const newest = await t().app.db.selectFrom('signal').select('id').where('text', '=', 'Kapotte bank op het plein').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(50).execute();
    expect(first.body.results.map((r: any) => r.id)).toEqual(newest.map((r) => r.id));
    expect(new URL(first.body._links.next.href).searchParams.get('page')).toBe('2');
    // the page past the cap: counted as far as that page, here to the end
    const last = await search(`q=kapotte%20bank&page=${Math.ceil(matches / 50)}`);
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ count: matches, count_capped: false });
    expect(last.body.results).toHaveLength(matches % 50);
    expect(last.body._links.next.href).toBeNull();
  });

  it('of more reports than the newest it looks at first, a match too common to count cheaply says how many of those match, a lower bound ("Meer dan …"), every page still reachable', async () => {
    // one report in thirty matches: counting to the cap would read (cap + 1) · 30 reports, more than SEARCH_COUNT_READ
    expect((SEARCH_COUNT_MAX + 1) * 30).toBeGreaterThan(SEARCH_COUNT_READ);
    const category = (await t().app.db.selectFrom('category').select('id').where('parent_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()).id;
    const insert = (reports: number, text: string) =>
      sql`insert into signal (uuid, source, text, category_id, state, lng, lat, incident_date_start, created_at, updated_at)
        select gen_random_uuid(), 'online', case when g % 30 = 0 then ${text} else 'Overlast van meeuwen' end, ${category}, 'm', 4.9, 52.37,
          now(), now() - g * interval '1 second', now()
        from generate_series(1, ${reports}) g`.execute(t().app.db);
    // while every report is among the newest it looks at, the sample's count is exact
    const before = Number((await t().app.db.selectFrom('signal').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const few = Math.floor((SEARCH_NEWEST - before) / 30) * 30;
    expect(few / 30).toBeGreaterThan(50);
    await insert(few, 'Scheve paaltjes op de stoep');
    expect((await search('q=scheve%20paaltjes%20stoep')).body).toMatchObject({ count: few / 30, count_capped: false });

    const reports = SEARCH_NEWEST + 1000;
    await insert(reports, 'Losliggende stoeptegel bij de ingang');
    const matching = sql`text = 'Losliggende stoeptegel bij de ingang'`;
    const { rows } = await sql<{ newest: string; all: string }>`select
        (select count(*) from (select text from signal order by created_at desc, id desc limit ${SEARCH_NEWEST}) s where ${matching}) as newest,
        (select count(*) from signal where ${matching}) as "all"`.execute(t().app.db);
    const [newest, all] = [Number(rows[0]!.newest), Number(rows[0]!.all)];
    expect(newest).toBeGreaterThan(50);
    expect(all).toBe(Math.floor(reports / 30));
    const first = await search('q=losliggende%20stoeptegel%20ingang');
    expect(first.status).toBe(200);
    // what the overview shows: 'Meer dan {count - 1} meldingen', true
    expect(first.body).toMatchObject({ count: newest, count_capped: true });
    expect(first.body.count - 1).toBeLessThan(all);
    expect(first.body.results).toHaveLength(50);
    expect(new URL(first.body._links.next.href).searchParams.get('page')).toBe('2');
    // a page past those matches counts as far as it needs: here all of them
    const last = await search(`q=losliggende%20stoeptegel%20ingang&page=${Math.ceil(all / 50)}`);
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ count: all, count_capped: false });
    expect(last.body._links.next.href).toBeNull();
  });
});
