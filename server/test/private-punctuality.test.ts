/**
 * The list's `punctuality` filter (SQL, one threshold per SLA) says exactly what the
 * engine's SLA rule says for each report (weekends, Dutch public holidays, Amsterdam
 * time, calendar and working days), for reports made over the last ten weeks.
 */
import { randomUUID } from 'node:crypto';
import { slaDeadlines, slaPunctuality, type Sla } from '@meldloket/engine';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';

const SLAS: Sla[] = [
  { n_days: 1, use_calendar_days: false },
  { n_days: 3, use_calendar_days: true },
  { n_days: 5, use_calendar_days: false },
];

describe.each(DATABASE_TARGETS)('punctuality filter = engine rule (%s)', (target) => {
  const t = useTestApp(target);
  const expected = new Map<number, string | null>();
  let token = '';

  beforeAll(async () => {
    const db = t().app.db;
    const subs = (await db.selectFrom('category').select('id').where('parent_id', 'is not', null).orderBy('id').limit(4).execute()).map((s) => s.id);
    for (const [i, sla] of SLAS.entries()) await db.updateTable('category').set({ sla_n_days: sla.n_days, sla_use_calendar_days: sla.use_calendar_days }).where('id', '=', subs[i]!).execute();
    await db.updateTable('category').set({ sla_n_days: null }).where('id', '=', subs[3]!).execute();
    const now = Date.now();
    const rows = [];
    for (let k = 0; k < 300; k++) {
      const created = new Date(now - k * (5 * 3600000 + 17 * 60000)); // every 5h17m back, ~66 days
      const which = k % 4;
      const sla = SLAS[which] ?? null;
      const d = slaDeadlines(created, sla);
      // Leave out reports whose deadline falls within ten minutes of now: the server's now is a little later.
      if (d && [d.deadline, d.deadline_factor_3].some((x) => Math.abs(x.getTime() - now) < 600000)) continue;
      rows.push({ created, category: subs[which]!, punctuality: slaPunctuality(created, sla, new Date(now)) });
    }
    for (const r of rows) {
      const { id } = await db
        .insertInto('signal')
        .values({ uuid: randomUUID(), source: 'online', text: 'x', category_id: r.category, lng: 4.9, lat: 52.37, incident_date_start: r.created, created_at: r.created, updated_at: r.created })
        .returning('id')
        .executeTakeFirstOrThrow();
      expected.set(id, r.punctuality);
    }
    token = await mintToken(t().app, ACCOUNTS.coordinator.email);
  });

  const ids = async (value: string) => {
    const res = await t().app.inject({ method: 'GET', url: `/signals/v1/private/signals/?punctuality=${value}&page_size=1000`, headers: bearer(token) });
    return (res.json().results as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  };
  const where = (f: (p: string | null) => boolean) => [...expected].filter(([, p]) => f(p)).map(([id]) => id).sort((a, b) => a - b);

  it('on_time, late (with 3x late), late_factor_3 and null match the engine for every report', async () => {
    expect(await ids('on_time')).toEqual(where((p) => p === 'on_time'));
    expect(await ids('late')).toEqual(where((p) => p === 'late' || p === 'late_factor_3'));
    expect(await ids('late_factor_3')).toEqual(where((p) => p === 'late_factor_3'));
    expect(await ids('null')).toEqual(where((p) => p === null));
    // The seeds reach every outcome, so the comparison says something.
    for (const p of ['on_time', 'late', 'late_factor_3', null]) expect(where((x) => x === p).length).toBeGreaterThan(5);
  });
});
