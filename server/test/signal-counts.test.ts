/**
 * signal_count (migrations 883, 930, docs/performance.md): the counts of the reports by state, subcategory,
 * district, priority and assignment that the overview's count and signalering read instead of counting
 * every report. Kept by the statement that writes a report: after creates, state changes, category and
 * district changes, priority changes, assigning and handing back, and deletes — many at once, with
 * compactions running between them — the table sums to exactly what `signal` holds, and the
 * overview's count read from it (with punctuality and a handler's routed reports) equals the
 * reports listed. PGlite and PostgreSQL.
 */
import { OPEN_STATES } from '@meldloket/engine';
import { sql, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { writeManyReports } from './support.ts';

/** signal_count summed per key, and what `signal` holds per key; equal when the counts are right. */
async function countsAndTruth(db: Db) {
  const { rows: counted } = await sql<{ key: string; n: string }>`
    select state || '|' || category_id || '|' || coalesce(stadsdeel, '-') || '|' || priority || '|' || assigned as key, sum(n) as n
    from signal_count group by 1 having sum(n) <> 0 order by 1`.execute(db);
  const { rows: truth } = await sql<{ key: string; n: string }>`
    select state || '|' || category_id || '|' || coalesce(stadsdeel, '-') || '|' || priority || '|' || (assigned_user_id is not null) as key, count(*) as n
    from signal group by 1 order by 1`.execute(db);
  return { counted: counted.map((r) => [r.key, Number(r.n)]), truth: truth.map((r) => [r.key, Number(r.n)]) };
}

describe.each(DATABASE_TARGETS)('signal_count (%s)', (target) => {
  const t = useTestApp(target);

  it('sums to what signal holds after concurrent creates, state, category, district, priority and assignment changes, deletes and compactions', async () => {
    const db = t().app.db;
    const subs = (await db.selectFrom('category').select('id').where('parent_id', 'is not', null).orderBy('id').limit(3).execute()).map((c) => c.id);
    const staff = (await db.selectFrom('staff_user').select('id').orderBy('id').limit(2).execute()).map((u) => u.id);
    // Many writers at once (separate pooled connections on PostgreSQL), a bulk insert among them.
    const ids = await writeManyReports(db, subs);
    const compact = () => sql`select signal_count_compact()`.execute(db);
    await Promise.all(ids.slice(35, 40).map((id, i) => db.updateTable('signal').set({ assigned_user_id: staff[i % 2]! }).where('id', '=', id).execute()));
    await Promise.all([
      ...ids.slice(30, 35).map((id, i) => db.updateTable('signal').set({ priority: i % 2 ? 'high' : 'low' }).where('id', '=', id).execute()),
      ...ids.slice(35, 38).map((id) => db.updateTable('signal').set({ assigned_user_id: null }).where('id', '=', id).execute()),
      db.updateTable('signal').set({ assigned_user_id: staff[0]!, priority: 'high' }).where('id', 'in', ids.slice(10, 14)).execute(),
      compact(),
      ...ids.slice(0, 15).map((id, i) => db.updateTable('signal').set({ state: i % 2 ? 'o' : 'i' }).where('id', '=', id).execute()),
      compact(),
      ...ids.slice(15, 25).map((id, i) => db.updateTable('signal').set({ category_id: subs[(i + 1) % 3]!, stadsdeel: 'N' }).where('id', '=', id).execute()),
      compact(),
      // an update that changes none of the counted columns writes no delta
      ...ids.slice(25, 30).map((id) => db.updateTable('signal').set({ text: 'aangepast' }).where('id', '=', id).execute()),
      db.deleteFrom('signal').where('id', 'in', ids.slice(38, 40)).execute(),
      compact(),
      sql`update signal set state = 'ingepland' where text = 'bulk'`.execute(db),
    ]);
    const after = await countsAndTruth(db);
    expect(after.counted).toEqual(after.truth);
    expect(after.truth.length).toBeGreaterThan(3);

    // A compaction leaves one row per key with the same sums.
    await compact();
    const { rows } = await sql<{ dupes: string }>`select count(*) - count(distinct (state, category_id, coalesce(stadsdeel, '-'), priority, assigned)) as dupes from signal_count`.execute(db);
    expect(Number(rows[0]!.dupes)).toBe(0);
    expect((await countsAndTruth(db)).counted).toEqual(after.truth);
  });

  it("the overview's count read from signal_count equals the reports it lists (open states, a district, a category, none)", async () => {
    const { app } = t();
    const token = await mintToken(app, ACCOUNTS.coordinator.email);
    const sub = (await app.db.selectFrom('category').select(['id', 'slug']).where('parent_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow());
    const open = OPEN_STATES.map((s) => `status=${encodeURIComponent(s)}`).join('&');
    for (const query of [open, 'stadsdeel=A', 'stadsdeel=null', `category_slug=${sub.slug}&status=m`, '']) {
      const res = await app.inject({ method: 'GET', url: `/signals/v1/private/signals/?${query}`, headers: bearer(token) });
      expect(res.statusCode, query).toBe(200);
      const body = res.json();
      const { rows } = await sql<{ n: string }>`select count(*) as n from signal s where ${
        query === open ? sql`s.state in (${sql.join([...OPEN_STATES])})`
        : query === 'stadsdeel=A' ? sql`s.stadsdeel = 'A'`
        : query === 'stadsdeel=null' ? sql`s.stadsdeel is null`
        : query === '' ? sql`true`
        : sql`s.category_id = ${sub.id} and s.state = 'm'`
      }`.execute(app.db);
      expect(body.count, query).toBe(Number(rows[0]!.n));
      expect(body.count, query).toBeGreaterThan(0);
    }
  });

  it("the overview's count with priority, assignment, punctuality and a handler's routed reports equals the reports it lists", async () => {
    const { app } = t();
    const db = app.db;
    // Three subcategories outside the handler's departments (ASC, AEG) and one inside; SLAs of
    // 5 working days, 3 calendar days and none; reports of the last 40 days, so some are late,
    // some 3x late; a few routed to ASC from outside its subcategories.
    const { rows: scoped } = await sql<{ id: number; inside: boolean }>`
      select c.id, exists (select 1 from category_department cd join department d on d.id = cd.department_id
                           where cd.category_id = c.id and d.code in ('ASC', 'AEG') and (cd.is_responsible or cd.can_view)) as inside
      from category c where c.parent_id is not null order by c.id`.execute(db);
    const outside = scoped.filter((c) => !c.inside).slice(0, 3).map((c) => c.id);
    const inside = scoped.find((c) => c.inside)!.id;
    expect(outside).toHaveLength(3);
    await db.updateTable('category').set({ sla_n_days: 5, sla_use_calendar_days: false }).where('id', '=', outside[0]!).execute();
    await db.updateTable('category').set({ sla_n_days: 3, sla_use_calendar_days: true }).where('id', 'in', [outside[1]!, inside]).execute();
    await db.updateTable('category').set({ sla_n_days: null }).where('id', '=', outside[2]!).execute();
    const ids = await writeManyReports(db, outside);
    const more = await writeManyReports(db, [inside, inside, outside[0]!]);
    const { id: handler } = await db.selectFrom('staff_user').select('id').where('username', '=', ACCOUNTS.behandelaar.email).executeTakeFirstOrThrow();
    await sql`update signal set created_at = now() - (id % 40) * interval '1 day' - interval '1 hour',
      priority = (array['low', 'normal', 'high'])[1 + id % 3],
      assigned_user_id = case when id % 4 = 0 then ${handler}::int end,
      state = case when id % 5 = 0 then 'o' else state end`.execute(db);
    // routed to ASC, a few to both of the handler's departments (counted once)
    const [asc, aeg] = await Promise.all(['ASC', 'AEG'].map((code) => db.selectFrom('department').select('id').where('code', '=', code).executeTakeFirstOrThrow()));
    const routed = ids.filter((_, i) => i % 3 === 0);
    await db.insertInto('signal_routing_department').values(routed.map((signal_id) => ({ signal_id, department_id: asc!.id }))).execute();
    await db.insertInto('signal_routing_department').values(routed.filter((_, i) => i % 2 === 0).map((signal_id) => ({ signal_id, department_id: aeg!.id }))).execute();
    expect(more.length).toBeGreaterThan(0);

    const open = OPEN_STATES.map((s) => `status=${encodeURIComponent(s)}`).join('&');
    const queries = [
      '', 'priority=high', 'status=m&stadsdeel=A&priority=high', 'priority=low&priority=normal', 'assigned_user_email=null',
      'assigned_user_email=null&status=m', `assigned_user_email=${encodeURIComponent(ACCOUNTS.behandelaar.email)}`, 'punctuality=late',
      'punctuality=late_factor_3', 'punctuality=on_time', 'punctuality=null', `${open}&punctuality=late`, 'priority=high&punctuality=late',
      'stadsdeel=null&punctuality=late_factor_3', `category_id=${outside[0]}&punctuality=late&assigned_user_email=null`, 'status=b&stadsdeel=A',
    ];
    for (const account of ['coordinator', 'behandelaar'] as const) {
      const token = await mintToken(app, ACCOUNTS[account].email);
      const nonEmpty: string[] = [];
      for (const query of queries) {
        const res = await app.inject({ method: 'GET', url: `/signals/v1/private/signals/?${query}&page_size=1000`, headers: bearer(token) });
        expect(res.statusCode, `${account}: ${query}`).toBe(200);
        const body = res.json();
        expect(body.count, `${account}: ${query}`).toBe(body.results.length);
        if (body.count > 0) nonEmpty.push(query);
      }
      // the filters matched something (a count of 0 = 0 listed proves nothing)
      expect(nonEmpty.length, account).toBeGreaterThanOrEqual(queries.length - 2);
    }
  });

  it('signal_week_count and signal_closed_week_count sum to what the reports and their status log hold after concurrent creates, closings, reopenings, changes and deletes', async () => {
    const db = t().app.db;
    const subs = (await db.selectFrom('category').select('id').where('parent_id', 'is not', null).orderBy('id').limit(3).execute()).map((c) => c.id);
    const week = (column: string) => sql.raw(`to_char(date_trunc('week', ${column} at time zone 'Europe/Amsterdam'), 'YYYY-MM-DD')`);
    const keptAndTruth = async () => {
      const rowsOf = async (q: RawBuilder<{ key: string; n: string }>) => (await q.execute(db)).rows.map((r) => [r.key, Number(r.n)]);
      return {
        created: await rowsOf(sql`select to_char(week, 'YYYY-MM-DD') || '|' || category_id as key, sum(n) as n from signal_week_count group by 1 having sum(n) <> 0 order by 1`),
        createdTruth: await rowsOf(sql`select ${week('created_at')} || '|' || category_id as key, count(*) as n from signal group by 1 order by 1`),
        closed: await rowsOf(sql`select to_char(week, 'YYYY-MM-DD') as key, sum(n) as n from signal_closed_week_count group by 1 having sum(n) <> 0 order by 1`),
        closedTruth: await rowsOf(sql`select ${week('created_at')} as key, count(distinct signal_id) as n from signal_status_log where state in ('o', 'a') group by 1 order by 1`),
      };
    };
    const ids = await writeManyReports(db, subs);
    const compact = () => sql`select signal_week_count_compact()`.execute(db);
    const setState = (id: number, state: string) => db.updateTable('signal').set({ state }).where('id', '=', id).execute();
    // closed, reopened and closed again (one report, one week: once), closed twice at once, older reports
    await Promise.all([
      ...ids.slice(0, 20).map((id, i) => setState(id, i % 2 ? 'o' : 'a')),
      db.updateTable('signal').set({ created_at: sql`created_at - interval '20 days'` }).where('id', 'in', ids.slice(20, 30)).execute(),
      compact(),
    ]);
    await Promise.all([
      ...ids.slice(0, 5).map((id) => setState(id, 'reopened')),
      ...ids.slice(5, 10).map((id) => setState(id, 'o')),
      ...ids.slice(20, 25).map((id) => setState(id, 'o')),
      ...ids.slice(25, 30).map((id, i) => db.updateTable('signal').set({ category_id: subs[(i + 1) % 3]! }).where('id', '=', id).execute()),
      compact(),
    ]);
    await Promise.all([
      ...ids.slice(0, 5).map((id) => setState(id, 'o')),
      // a closing of another week (the status log as a restore or an import writes it)
      sql`insert into signal_status_log (signal_id, state, created_at) select id, 'o', now() - interval '14 days' from signal where id in (${sql.join(ids.slice(10, 13))})`.execute(db),
      db.deleteFrom('signal').where('id', 'in', [...ids.slice(8, 10), ...ids.slice(22, 24), ids[35]!]).execute(),
      sql`update signal set state = 'a' where text = 'bulk'`.execute(db),
      compact(),
    ]);
    // a deleted closing with another left that week, and the last one of its week
    await sql`delete from signal_status_log where id in (select max(id) from signal_status_log where signal_id = ${ids[0]!} and state = 'o')`.execute(db);
    await sql`delete from signal_status_log where signal_id = ${ids[11]!} and created_at < now() - interval '7 days'`.execute(db);
    const after = await keptAndTruth();
    expect(after.created).toEqual(after.createdTruth);
    expect(after.closed).toEqual(after.closedTruth);
    expect(after.closedTruth.length).toBeGreaterThanOrEqual(2);
    expect(after.createdTruth.length).toBeGreaterThanOrEqual(6);
    await compact();
    const { rows } = await sql<{ dupes: string }>`select (select count(*) - count(distinct (week, category_id)) from signal_week_count) + (select count(*) - count(distinct week) from signal_closed_week_count) as dupes`.execute(db);
    expect(Number(rows[0]!.dupes)).toBe(0);
    const compacted = await keptAndTruth();
    expect([compacted.created, compacted.closed]).toEqual([after.createdTruth, after.closedTruth]);
  });
});
