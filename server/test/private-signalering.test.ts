/**
 * Signalering (docs/overview.md, /manage/signalering): open reports past their deadline and 3x past it,
 * per category and per department (by routing, as the overview's 'Afdeling' filter), incoming
 * versus closed per ISO week; scoped as the overview (docs/reference/permissions.md#permissions-and-scoping); every count equals what the overview
 * shows for the filter the page links to, for a coordinator and for handlers; PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoWeek, OPEN_STATES, signalering } from '../src/services/overview/signalering.ts';
import type { Db } from '../src/db/index.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';

const NOW = new Date('2025-03-20T12:00:00+01:00'); // Thursday of ISO week 12

describe('isoWeek', () => {
  it('names the ISO week of a Monday, across year ends', () => {
    expect(isoWeek({ year: 2025, month: 3, day: 17 })).toBe('2025-W12');
    expect(isoWeek({ year: 2024, month: 12, day: 30 })).toBe('2025-W01');
    expect(isoWeek({ year: 2020, month: 12, day: 28 })).toBe('2020-W53');
  });
});

/**
 * Two sub-categories of different main categories: X with GRN responsible (2 calendar days),
 * Y with ASC responsible (`ySla` calendar days, or none); and a function that stores a report.
 */
async function twoDepartments(db: Db, ySla: number | null) {
  const subs = await db.selectFrom('category').select(['id', 'parent_id']).where('parent_id', 'is not', null).orderBy('id').execute();
  const catX = subs[0]!.id;
  const catY = subs.find((s) => s.parent_id !== subs[0]!.parent_id)!.id;
  const dept = async (code: string) => (await db.selectFrom('department').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const [grn, asc] = [await dept('GRN'), await dept('ASC')];
  await db.deleteFrom('category_department').where('category_id', 'in', [catX, catY]).execute();
  await db.insertInto('category_department').values([{ category_id: catX, department_id: grn, is_responsible: true, can_view: true }, { category_id: catY, department_id: asc, is_responsible: true, can_view: true }]).execute();
  await db.updateTable('category').set({ sla_n_days: 2, sla_use_calendar_days: true }).where('id', '=', catX).execute();
  await db.updateTable('category').set({ sla_n_days: ySla, sla_use_calendar_days: true }).where('id', '=', catY).execute();
  const add = async (key: string, category: number, at: Date, state = 'm') =>
    (await db.insertInto('signal').values({ uuid: randomUUID(), source: 'online', text: key, category_id: category, state, lng: 4.9, lat: 52.37, incident_date_start: at, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id;
  return { catX, catY, grn, asc, add };
}

describe.each(DATABASE_TARGETS)('signalering (%s)', (target) => {
  const t = useTestApp(target);
  const ids: Record<string, number> = {};
  let catX = 0;
  let catY = 0;
  const tokens: Partial<Record<'coordinator' | 'lezer', string>> = {};

  beforeAll(async () => {
    const db = t().app.db;
    const setup = await twoDepartments(db, null);
    ({ catX, catY } = setup);
    const { grn, asc } = setup;
    const add = async (key: string, category: number, created: string, state = 'm') => {
      ids[key] = await setup.add(key, category, new Date(created), state);
    };
    await add('x1', catX, '2025-03-19T12:00:00+01:00'); // deadline 21 March: on time
    await add('x2', catX, '2025-03-17T12:00:00+01:00', 'b'); // deadline 19 March: late; 3x on 23 March: not yet
    await add('x3', catX, '2025-03-10T12:00:00+01:00', 'i'); // 3x deadline 16 March: 3x late
    await add('x4', catX, '2025-03-01T12:00:00+01:00'); // closed on 18 March
    await db.updateTable('signal').set({ state: 'o', updated_at: new Date('2025-03-18T10:00:00+01:00') }).where('id', '=', ids.x4!).execute();
    // Routing: x2 and x3 to GRN (their category's department), y1 to ASC; x1 is not routed.
    await db.insertInto('signal_routing_department').values([{ signal_id: ids.x2!, department_id: grn }, { signal_id: ids.x3!, department_id: grn }]).execute();
    await add('y1', catY, '2025-03-18T09:00:00+01:00'); // no SLA: open, never late
    await add('y2', catY, '2025-03-11T09:00:00+01:00', 'a'); // cancelled: not open
    await db.insertInto('signal_routing_department').values({ signal_id: ids.y1!, department_id: asc }).execute();
    for (const account of ['coordinator', 'lezer'] as const) tokens[account] = await mintToken(t().app, ACCOUNTS[account].email);
  });

  const everyone = { is_superuser: true, roles: [], permissions: [], departments: [] };

  it('counts open, late and 3x late reports per category and per department (an unrouted report under its subcategory\'s responsible department), most late first', async () => {
    const s = await signalering(t().app.db, everyone, await t().app.categories.tree(), { now: NOW, weeks: 3 });
    expect(s.totals).toEqual({ open: 4, late: 2, late_factor_3: 1 });
    expect(s.per_category.map(({ category_id, open, late, late_factor_3 }) => ({ category_id, open, late, late_factor_3 }))).toEqual([
      { category_id: catX, open: 3, late: 2, late_factor_3: 1 },
      { category_id: catY, open: 1, late: 0, late_factor_3: 0 },
    ]);
    expect(s.per_category[0]).toMatchObject({ sub_slug: expect.any(String), sub: expect.any(String), main_slug: expect.any(String), main: expect.any(String) });
    expect(s.per_department.map(({ code, open, late, late_factor_3 }) => ({ code, open, late, late_factor_3 }))).toEqual([
      // x1 is routed nowhere: it counts under its category's responsible department GRN (docs/routing.md)
      { code: 'GRN', open: 3, late: 2, late_factor_3: 1 },
      { code: 'ASC', open: 1, late: 0, late_factor_3: 0 },
    ]);
    expect(s.open_states).not.toContain('o');
    expect(s.open_states).toContain('reopened');
    expect(s.generated_at).toBe('2025-03-20T12:00:00.000000+01:00');
  });

  it('charts incoming versus closed per ISO week, the current week last', async () => {
    const s = await signalering(t().app.db, everyone, await t().app.categories.tree(), { now: NOW, weeks: 3 });
    expect(s.weeks).toEqual([
      { week: '2025-W10', start: '2025-03-03', incoming: 0, closed: 0 },
      { week: '2025-W11', start: '2025-03-10', incoming: 2, closed: 1 }, // x3, y2; y2 cancelled on creation
      { week: '2025-W12', start: '2025-03-17', incoming: 3, closed: 1 }, // x1, x2, y1; x4 closed
    ]);
  });

  it('is scoped to the departments of the user', async () => {
    const lezer = await t().app.db.selectFrom('department').select('id').where('code', '=', 'GRN').execute();
    const s = await signalering(t().app.db, { is_superuser: false, roles: [], permissions: [], departments: lezer }, await t().app.categories.tree(), { now: NOW, weeks: 3 });
    expect(s.totals).toEqual({ open: 3, late: 2, late_factor_3: 1 });
    // y1 (ASC's category, routed to ASC) is outside the GRN handler's scope, so ASC has no row.
    expect(s.per_department.map((d) => d.code)).toEqual(['GRN']);
    expect(s.weeks.map((w) => w.incoming)).toEqual([0, 1, 2]);
  });

  it('GET /signals/v1/private/signalering/: token, weeks, and counts the linked overview repeats', async () => {
    expect((await t().app.inject({ method: 'GET', url: '/signals/v1/private/signalering/' })).statusCode).toBe(401);
    const get = (url: string, account: 'coordinator' | 'lezer' = 'coordinator') => t().app.inject({ method: 'GET', url, headers: bearer(tokens[account]!) });
    const res = await get('/signals/v1/private/signalering/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.weeks).toHaveLength(12);
    expect((await get('/signals/v1/private/signalering/?weeks=0')).statusCode).toBe(400);
    expect((await get('/signals/v1/private/signalering/?weeks=53')).statusCode).toBe(400);
    // Every count is what the overview shows for the filters the page links to (now: every seeded report is 3x late or closed).
    const status = OPEN_STATES.map((s) => `status=${encodeURIComponent(s)}`).join('&');
    for (const c of body.per_category) {
      for (const p of ['late', 'late_factor_3'] as const) {
        const list = (await get(`/signals/v1/private/signals/?${status}&punctuality=${p}&category_id=${c.category_id}`)).json();
        expect(list.count).toBe(c[p]);
      }
      expect((await get(`/signals/v1/private/signals/?${status}&category_id=${c.category_id}`)).json().count).toBe(c.open);
    }
    for (const d of body.per_department) {
      expect((await get(`/signals/v1/private/signals/?${status}&routing_department_code=${d.code}&punctuality=late`)).json().count).toBe(d.late);
      expect((await get(`/signals/v1/private/signals/?${status}&routing_department_code=${d.code}`)).json().count).toBe(d.open);
    }
    expect(body.per_department.map((d: any) => d.code)).toEqual(['GRN', 'ASC']);
    expect(body.per_category.find((c: any) => c.category_id === catX)).toMatchObject({ open: 3, late: 3, late_factor_3: 3 });
    expect((await get('/signals/v1/private/signalering/', 'lezer')).json().totals.open).toBe(3);
  });
});

describe.each(DATABASE_TARGETS)('signalering of a handler equals the overview (%s)', (target) => {
  const t = useTestApp(target);
  const ids: Record<string, number> = {};
  let catX = 0;
  let catY = 0;
  const tokens: Partial<Record<'coordinator' | 'lezer' | 'behandelaar', string>> = {};
  const P = '/signals/v1/private';
  const get = (account: keyof typeof tokens, url: string) => t().app.inject({ method: 'GET', url, headers: bearer(tokens[account]!) });
  const DAY = 24 * 3600 * 1000;

  beforeAll(async () => {
    const db = t().app.db;
    // X is GRN's category (2 calendar days), Y is ASC's (1 calendar day).
    const setup = await twoDepartments(db, 1);
    ({ catX, catY } = setup);
    const { grn, asc } = setup;
    const now = Date.now();
    const add = async (key: string, category: number, ageDays: number, state = 'm') => {
      ids[key] = await setup.add(key, category, new Date(now - ageDays * DAY), state);
    };
    await add('a1', catX, 5); // late, not 3x late; not routed
    await add('a2', catX, 10); // 3x late; routed to GRN, then re-routed to ASC (below)
    await add('b1', catY, 1 / 24); // on time
    await add('b2', catY, 2); // late, not 3x late; ASC's category routed to GRN
    await add('c1', catX, 10, 'o'); // closed: counted nowhere
    for (const account of ['coordinator', 'lezer', 'behandelaar'] as const) tokens[account] = await mintToken(t().app, ACCOUNTS[account].email);
    const route = async (id: number, department: number) => {
      const res = await t().app.inject({ method: 'PATCH', url: `${P}/signals/${id}`, headers: bearer(tokens.coordinator!), payload: { routing_departments: [{ id: department }] } });
      expect(res.statusCode).toBe(200);
    };
    await route(ids.a2!, grn);
    await route(ids.a2!, asc);
    await route(ids.b2!, grn);
    await db.insertInto('signal_routing_department').values({ signal_id: ids.c1!, department_id: asc }).execute();
  });

  /** The overview's count for the filter a signalering count links to (the page's `countHref`). */
  async function overviewCount(account: keyof typeof tokens, measure: 'open' | 'late' | 'late_factor_3', filter: string) {
    const status = OPEN_STATES.map((s) => `status=${encodeURIComponent(s)}`).join('&');
    const res = await get(account, `${P}/signals/?${status}${measure === 'open' ? '' : `&punctuality=${measure}`}${filter}`);
    expect(res.statusCode).toBe(200);
    return res.json().count as number;
  }

  /** Every count of the handler's signalering next to the overview's count for the same filter. */
  async function bothSides(account: 'lezer' | 'behandelaar') {
    const res = await get(account, `${P}/signalering/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const rows: { filter: string; counts: Record<string, number> }[] = [
      { filter: '', counts: body.totals },
      ...body.per_category.map((c: any) => ({ filter: `&category_id=${c.category_id}`, counts: c })),
      ...body.per_department.map((d: any) => ({ filter: `&routing_department_code=${d.code}`, counts: d })),
    ];
    const pairs: { filter: string; measure: string; signalering: number; overview: number }[] = [];
    for (const { filter, counts } of rows) {
      for (const measure of ['open', 'late', 'late_factor_3'] as const) pairs.push({ filter, measure, signalering: counts[measure]!, overview: await overviewCount(account, measure, filter) });
    }
    return { body, pairs };
  }

  const summary = (body: any) => ({
    totals: body.totals,
    per_category: Object.fromEntries(body.per_category.map((c: any) => [c.category_id === catX ? 'X' : c.category_id === catY ? 'Y' : c.category_id, [c.open, c.late, c.late_factor_3]])),
    per_department: Object.fromEntries(body.per_department.map((d: any) => [d.code, [d.open, d.late, d.late_factor_3]])),
  });

  const HANDLERS = [
    {
      account: 'lezer',
      test: "a GRN handler's open, late and 3x late counts (total, per category, per department) equal the overview's, with a report of another department's category routed to GRN and a re-routed report counted under its new department",
      // GRN sees its category X (a1, a2) and b2 (category Y, routed to GRN); a2 now counts under ASC, not GRN; a1 (unrouted) under GRN, its category's department.
      expected: { totals: { open: 3, late: 3, late_factor_3: 1 }, per_category: { X: [2, 2, 1], Y: [1, 1, 0] }, per_department: { ASC: [1, 1, 1], GRN: [2, 2, 0] } },
    },
    {
      account: 'behandelaar',
      test: "an ASC handler's open, late and 3x late counts equal the overview's, including the report of GRN's category re-routed to ASC",
      // ASC sees its category Y (b1, b2) and a2 (category X, re-routed to ASC); b1 (unrouted) counts under ASC, its category's department.
      expected: { totals: { open: 3, late: 2, late_factor_3: 1 }, per_category: { X: [1, 1, 1], Y: [2, 1, 0] }, per_department: { ASC: [2, 1, 1], GRN: [1, 1, 0] } },
    },
  ] as const;

  for (const { account, test, expected } of HANDLERS) {
    it(test, async () => {
      const { body, pairs } = await bothSides(account);
      for (const p of pairs) expect(p, `${p.measure}${p.filter}`).toMatchObject({ signalering: p.overview });
      expect(summary(body)).toEqual(expected);
    });
  }
});
