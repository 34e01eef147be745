/**
 * Signalering (issue 15): open reports past their deadline and 3x past it, per category
 * and per department, incoming versus closed per ISO week; scoped as the list; the
 * counts equal what the list shows for the filters the page links to; PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { isoWeek, OPEN_STATES, signalering } from '../src/services/overview/signalering.ts';
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

describe.each(DATABASE_TARGETS)('signalering (%s)', (target) => {
  const t = useTestApp(target);
  const ids: Record<string, number> = {};
  let catX = 0;
  let catY = 0;
  const tokens: Partial<Record<'coordinator' | 'lezer', string>> = {};

  beforeAll(async () => {
    const db = t().app.db;
    const subs = await db.selectFrom('category').select(['id', 'parent_id']).where('parent_id', 'is not', null).orderBy('id').execute();
    catX = subs[0]!.id;
    catY = subs.find((s) => s.parent_id !== subs[0]!.parent_id)!.id;
    const dept = async (code: string) => (await db.selectFrom('department').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
    const [grn, asc] = [await dept('GRN'), await dept('ASC')];
    await db.deleteFrom('category_department').where('category_id', 'in', [catX, catY]).execute();
    await db.insertInto('category_department').values([{ category_id: catX, department_id: grn, is_responsible: true, can_view: true }, { category_id: catY, department_id: asc, is_responsible: true, can_view: true }]).execute();
    await db.updateTable('category').set({ sla_n_days: 2, sla_use_calendar_days: true }).where('id', '=', catX).execute();
    await db.updateTable('category').set({ sla_n_days: null }).where('id', '=', catY).execute();
    const add = async (key: string, category: number, created: string, state = 'm') => {
      const at = new Date(created);
      ids[key] = (await db.insertInto('signal').values({ uuid: randomUUID(), source: 'online', text: key, category_id: category, state, lng: 4.9, lat: 52.37, incident_date_start: at, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()).id;
    };
    await add('x1', catX, '2025-03-19T12:00:00+01:00'); // deadline 21 March: on time
    await add('x2', catX, '2025-03-17T12:00:00+01:00', 'b'); // deadline 19 March: late; 3x on 23 March: not yet
    await add('x3', catX, '2025-03-10T12:00:00+01:00', 'i'); // 3x deadline 16 March: 3x late
    await add('x4', catX, '2025-03-01T12:00:00+01:00'); // closed on 18 March
    await db.updateTable('signal').set({ state: 'o', updated_at: new Date('2025-03-18T10:00:00+01:00') }).where('id', '=', ids.x4!).execute();
    await add('y1', catY, '2025-03-18T09:00:00+01:00'); // no SLA: open, never late
    await add('y2', catY, '2025-03-11T09:00:00+01:00', 'a'); // cancelled: not open
    for (const account of ['coordinator', 'lezer'] as const) tokens[account] = await mintToken(t().app, ACCOUNTS[account].email);
  });

  const everyone = { is_superuser: true, roles: [], permissions: [], departments: [] };

  it('counts open, late and 3x late reports per category and per department, most late first', async () => {
    const s = await signalering(t().app.db, everyone, await t().app.categories.tree(), { now: NOW, weeks: 3 });
    expect(s.totals).toEqual({ open: 4, late: 2, late_factor_3: 1 });
    expect(s.per_category.map(({ category_id, open, late, late_factor_3 }) => ({ category_id, open, late, late_factor_3 }))).toEqual([
      { category_id: catX, open: 3, late: 2, late_factor_3: 1 },
      { category_id: catY, open: 1, late: 0, late_factor_3: 0 },
    ]);
    expect(s.per_category[0]).toMatchObject({ sub_slug: expect.any(String), sub: expect.any(String), main_slug: expect.any(String), main: expect.any(String) });
    expect(s.per_department.map(({ code, category_ids, open, late, late_factor_3 }) => ({ code, category_ids, open, late, late_factor_3 }))).toEqual([
      { code: 'GRN', category_ids: [catX], open: 3, late: 2, late_factor_3: 1 },
      { code: 'ASC', category_ids: [catY], open: 1, late: 0, late_factor_3: 0 },
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
    expect(body.per_category.find((c: any) => c.category_id === catX)).toMatchObject({ open: 3, late: 3, late_factor_3: 3 });
    expect((await get('/signals/v1/private/signalering/', 'lezer')).json().totals.open).toBe(3);
  });
});
