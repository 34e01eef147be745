/**
 * signal_department (migration 920, docs/performance.md): a report's department(s) — the ones it is
 * routed to, else its subcategory's responsible one(s) — kept on the report by triggers instead of
 * the view whose anti-join read every report. After each kind of change (create, route, re-route,
 * un-route, subcategory, state and district changes, a subcategory's responsible department
 * added, changed and removed, deletes), many at once with compactions between them, the table
 * holds exactly what the view's rule says and signal_department_count sums to it; the overview's
 * 'Afdeling' count read from it equals the reports it lists. PGlite and PostgreSQL.
 */
import { OPEN_STATES } from '@meldloket/engine';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { writeManyReports } from './support.ts';

/** The table's pairs and copies, and what the rule (the view of migration 860) says they are. */
async function keptAndRule(db: Db) {
  const { rows: kept } = await sql<{ row: string }>`
    select signal_id || '|' || department_id || '|' || routed || '|' || state || '|' || category_id || '|' || coalesce(stadsdeel, '-') as row
    from signal_department order by 1`.execute(db);
  const { rows: rule } = await sql<{ row: string }>`
    select x.signal_id || '|' || x.department_id || '|' || x.routed || '|' || s.state || '|' || s.category_id || '|' || coalesce(s.stadsdeel, '-') as row
    from (
      select rd.signal_id, rd.department_id, true as routed from signal_routing_department rd
      union all
      select s.id, cd.department_id, false from signal s
        join category_department cd on cd.category_id = s.category_id and cd.is_responsible
        where not exists (select 1 from signal_routing_department rd where rd.signal_id = s.id)) x
    join signal s on s.id = x.signal_id order by 1`.execute(db);
  return { kept: kept.map((r) => r.row), rule: rule.map((r) => r.row) };
}

/** signal_department_count summed per key, and the table counted per key. */
async function countsAndTruth(db: Db) {
  const key = sql`state || '|' || category_id || '|' || coalesce(stadsdeel, '-') || '|' || department_id`;
  const { rows: counted } = await sql<{ key: string; n: string }>`select ${key} as key, sum(n) as n from signal_department_count group by 1 having sum(n) <> 0 order by 1`.execute(db);
  const { rows: truth } = await sql<{ key: string; n: string }>`select ${key} as key, count(*) as n from signal_department group by 1 order by 1`.execute(db);
  return { counted: counted.map((r) => [r.key, Number(r.n)]), truth: truth.map((r) => [r.key, Number(r.n)]) };
}

describe.each(DATABASE_TARGETS)('signal_department (%s)', (target) => {
  const t = useTestApp(target);

  it("stays what the rule says after creates, routing, re-routing, category, state and district changes, a subcategory's responsible department changing, and deletes", async () => {
    const db = t().app.db;
    const links = await db.selectFrom('category_department').select(['category_id', 'department_id']).where('is_responsible', '=', true).orderBy('category_id').execute();
    const subs = [...new Set(links.map((l) => l.category_id))].slice(0, 3);
    const departments = (await db.selectFrom('department').select('id').orderBy('id').execute()).map((d) => d.id);
    expect(subs).toHaveLength(3);
    expect(departments.length).toBeGreaterThan(2);
    // Many writers at once (separate pooled connections on PostgreSQL), a bulk insert among them.
    const ids = await writeManyReports(db, subs);
    const before = await keptAndRule(db);
    expect(before.kept).toEqual(before.rule);
    expect(before.kept.length).toBeGreaterThanOrEqual(65);

    const route = (id: number, to: number[]) =>
      db.transaction().execute(async (trx) => {
        await trx.deleteFrom('signal_routing_department').where('signal_id', '=', id).execute();
        if (to.length) await trx.insertInto('signal_routing_department').values(to.map((department_id) => ({ signal_id: id, department_id }))).execute();
      });
    const compact = () => sql`select signal_department_count_compact()`.execute(db);
    // Routed (to one, to two), then re-routed and un-routed; changes of subcategory, state and district.
    await Promise.all(ids.slice(0, 12).map((id, i) => route(id, i % 3 === 0 ? [departments[0]!, departments[1]!] : [departments[i % departments.length]!])));
    await Promise.all([
      ...ids.slice(0, 4).map((id) => route(id, [departments[2]!])),
      ...ids.slice(4, 7).map((id) => route(id, [])),
      compact(),
      ...ids.slice(15, 25).map((id, i) => db.updateTable('signal').set({ category_id: subs[(i + 1) % 3]!, stadsdeel: 'N' }).where('id', '=', id).execute()),
      ...ids.slice(8, 11).map((id) => db.updateTable('signal').set({ category_id: subs[2]! }).where('id', '=', id).execute()),
      ...ids.slice(25, 30).map((id, i) => db.updateTable('signal').set({ state: i % 2 ? 'o' : 'i' }).where('id', '=', id).execute()),
      ...ids.slice(30, 32).map((id) => db.updateTable('signal').set({ text: 'aangepast' }).where('id', '=', id).execute()),
      sql`update signal set state = 'ingepland' where text = 'bulk'`.execute(db),
    ]);
    const routed = await keptAndRule(db);
    expect(routed.kept).toEqual(routed.rule);
    expect(routed.kept.some((row) => row.split('|')[2] === 'true')).toBe(true);

    // A subcategory gets another responsible department (set-based over its reports routed nowhere),
    // gets a second one, loses one, and a department stops being responsible.
    const [a, b] = [subs[0]!, subs[1]!];
    const linkedToA = (await db.selectFrom('category_department').select('department_id').where('category_id', '=', a).execute()).map((l) => l.department_id);
    const other = departments.find((d) => !linkedToA.includes(d))!;
    await db.updateTable('category_department').set({ is_responsible: false }).where('category_id', '=', a).execute();
    await db.insertInto('category_department').values({ category_id: a, department_id: other, is_responsible: true, can_view: false }).execute();
    let now = await keptAndRule(db);
    expect(now.kept).toEqual(now.rule);
    // the reports of `a` routed nowhere are now the other department's
    expect(now.kept.some((row) => { const [, department, isRouted, , category] = row.split('|'); return department === String(other) && isRouted === 'false' && category === String(a); })).toBe(true);
    await db.deleteFrom('category_department').where('category_id', '=', b).execute();
    await db.updateTable('category_department').set({ is_responsible: true }).where('category_id', '=', a).execute();
    await compact();
    now = await keptAndRule(db);
    expect(now.kept).toEqual(now.rule);

    // Deletes: reports (their routing and rows go with them).
    await db.deleteFrom('signal').where('id', 'in', [...ids.slice(0, 2), ...ids.slice(35, 38)]).execute();
    const after = await keptAndRule(db);
    expect(after.kept).toEqual(after.rule);

    const counts = await countsAndTruth(db);
    expect(counts.counted).toEqual(counts.truth);
    await compact();
    const { rows } = await sql<{ dupes: string }>`select count(*) - count(distinct (state, category_id, coalesce(stadsdeel, '-'), department_id)) as dupes from signal_department_count`.execute(db);
    expect(Number(rows[0]!.dupes)).toBe(0);
    expect((await countsAndTruth(db)).counted).toEqual(counts.truth);
  });

  it("the overview's 'Afdeling' count (one department, with and without states) equals the reports it lists", async () => {
    const { app } = t();
    const token = await mintToken(app, ACCOUNTS.coordinator.email);
    const { rows: used } = await sql<{ code: string; id: number }>`
      select d.code, d.id from department d where exists (select 1 from signal_department sd where sd.department_id = d.id) order by d.code`.execute(app.db);
    expect(used.length).toBeGreaterThan(0);
    const open = OPEN_STATES.map((s) => `status=${encodeURIComponent(s)}`).join('&');
    for (const { code, id } of used) {
      for (const [query, states] of [[`routing_department_code=${code}`, null], [`routing_department_code=${code}&${open}`, OPEN_STATES]] as const) {
        const res = await app.inject({ method: 'GET', url: `/signals/v1/private/signals/?${query}&page_size=100`, headers: bearer(token) });
        expect(res.statusCode, query).toBe(200);
        const { rows } = await sql<{ n: string }>`select count(*) as n from signal s where s.id in (
          select rd.signal_id from signal_routing_department rd where rd.department_id = ${id}
          union
          select s2.id from signal s2 join category_department cd on cd.category_id = s2.category_id and cd.is_responsible and cd.department_id = ${id}
            where not exists (select 1 from signal_routing_department rd where rd.signal_id = s2.id))
          ${states ? sql`and s.state in (${sql.join([...states])})` : sql``}`.execute(app.db);
        expect(res.json().count, query).toBe(Number(rows[0]!.n));
      }
    }
  });
});
