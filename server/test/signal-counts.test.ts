/**
 * signal_count (migration 883, docs/performance.md): the counts of the reports by state, subcategory and
 * district that the overview's count and signalering read instead of counting every report. Kept
 * by the statement that writes a report: after creates, state changes, category and district
 * changes and deletes — many at once, with compactions running between them — the table sums to
 * exactly what `signal` holds, and the overview's count read from it equals the reports listed.
 * PGlite and PostgreSQL.
 */
import { OPEN_STATES } from '@meldloket/engine';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { writeManyReports } from './support.ts';

/** signal_count summed per key, and what `signal` holds per key; equal when the counts are right. */
async function countsAndTruth(db: Db) {
  const { rows: counted } = await sql<{ key: string; n: string }>`
    select state || '|' || category_id || '|' || coalesce(stadsdeel, '-') as key, sum(n) as n from signal_count group by 1 having sum(n) <> 0 order by 1`.execute(db);
  const { rows: truth } = await sql<{ key: string; n: string }>`
    select state || '|' || category_id || '|' || coalesce(stadsdeel, '-') as key, count(*) as n from signal group by 1 order by 1`.execute(db);
  return { counted: counted.map((r) => [r.key, Number(r.n)]), truth: truth.map((r) => [r.key, Number(r.n)]) };
}

describe.each(DATABASE_TARGETS)('signal_count (%s)', (target) => {
  const t = useTestApp(target);

  it('sums to what signal holds after concurrent creates, state, category and district changes, deletes and compactions', async () => {
    const db = t().app.db;
    const subs = (await db.selectFrom('category').select('id').where('parent_id', 'is not', null).orderBy('id').limit(3).execute()).map((c) => c.id);
    // Many writers at once (separate pooled connections on PostgreSQL), a bulk insert among them.
    const ids = await writeManyReports(db, subs);
    const compact = () => sql`select signal_count_compact()`.execute(db);
    await Promise.all([
      ...ids.slice(0, 15).map((id, i) => db.updateTable('signal').set({ state: i % 2 ? 'o' : 'i' }).where('id', '=', id).execute()),
      compact(),
      ...ids.slice(15, 25).map((id, i) => db.updateTable('signal').set({ category_id: subs[(i + 1) % 3]!, stadsdeel: 'N' }).where('id', '=', id).execute()),
      compact(),
      // an update that changes none of the counted columns writes no delta
      ...ids.slice(25, 30).map((id) => db.updateTable('signal').set({ text: 'aangepast' }).where('id', '=', id).execute()),
      db.deleteFrom('signal').where('id', 'in', ids.slice(30, 35)).execute(),
      compact(),
      sql`update signal set state = 'ingepland' where text = 'bulk'`.execute(db),
    ]);
    const after = await countsAndTruth(db);
    expect(after.counted).toEqual(after.truth);
    expect(after.truth.length).toBeGreaterThan(3);

    // A compaction leaves one row per key with the same sums.
    await compact();
    const { rows } = await sql<{ dupes: string }>`select count(*) - count(distinct (state, category_id, coalesce(stadsdeel, '-'))) as dupes from signal_count`.execute(db);
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
});
