/**
 * Signalering (docs/overview.md): what a team lead steers by — the open reports past their deadline
 * and past three times it, per category and per department, and the reports coming in
 * versus closed per ISO week. Counted over the overview's own filtered query (`compileFilters`:
 * the user's department scope of docs/reference/permissions.md#permissions-and-scoping, `status` = every open state) with the list's own
 * punctuality rule, so every count equals the overview's count for the filter it links to
 * (`punctuality`, `category_id` or `routing_department_code`).
 */
import { addCalendarDays, amsterdamInstant, amsterdamWallClock, calendarDaysBetween, CLOSED_STATES, LATE_FACTOR, onTimeSince, OPEN_STATES, plainDateKey, weekdayOf, type PlainDate } from '@meldloket/engine';
import { sql, type SqlBool } from 'kysely';
import type { ScopeArm, ScopeUser } from '../../auth/scoping.ts';
import type { Db } from '../../db/index.ts';
import { amsterdamIso } from '../../followup/time.ts';
import type { MainCategory } from '../categories/index.ts';
import { compactCountsNow, compileFilters, countedWhere, punctualityCondition } from '../signals/list.ts';

/** Every state that is not an end state (Afgehandeld, Geannuleerd, Gesplitst). */
export { OPEN_STATES };

export const SIGNALERING_WEEKS = { default: 12, max: 52 } as const;

interface Counts {
  open: number;
  late: number;
  late_factor_3: number;
}

/** ISO week label ('2025-W12') of the week that starts on Monday `monday`. */
export function isoWeek(monday: PlainDate): string {
  const thursday = addCalendarDays(monday, 3);
  const week = Math.floor(calendarDaysBetween({ year: thursday.year, month: 1, day: 1 }, thursday) / 7) + 1;
  return `${thursday.year}-W${String(week).padStart(2, '0')}`;
}

/** Adds counts into a map by key. */
function add<K>(into: Map<K, Counts>, key: K, c: Counts, sign = 1) {
  const t = into.get(key) ?? { open: 0, late: 0, late_factor_3: 0 };
  into.set(key, { open: t.open + sign * c.open, late: t.late + sign * c.late, late_factor_3: t.late_factor_3 + sign * c.late_factor_3 });
}

export async function signalering(db: Db, user: ScopeUser, tree: MainCategory[], { now, weeks }: { now: Date; weeks: number }) {
  // The overview's own query for the user (its department scope, docs/reference/permissions.md#permissions-and-scoping) and for the filter a
  // count links to (`status` = every open state), so a count and its overview cannot disagree.
  const [open, all, categories] = await Promise.all([
    compileFilters(db, { status: [...OPEN_STATES] }, { user, now }),
    compileFilters(db, {}, { user, now }),
    db.selectFrom('category').select(['id', 'sla_n_days', 'sla_use_calendar_days']).execute(),
  ]);
  compactCountsNow(db);
  const late = punctualityCondition(categories, 'late', now);
  const late3 = punctualityCondition(categories, 'late_factor_3', now);
  const counted = [
    sql<number>`count(*)::int`.as('open'),
    sql<number>`(count(*) filter (where ${late}))::int`.as('late'),
    sql<number>`(count(*) filter (where ${late3}))::int`.as('late_factor_3'),
  ];
  const withSla = categories.filter((c) => c.sla_n_days);
  // The earliest creation time a report can have and not be 3x late: every older open report of a
  // category with an SLA is late and 3x late.
  const lateSince = withSla.length
    ? new Date(Math.min(...withSla.map((c) => onTimeSince({ n_days: c.sla_n_days!, use_calendar_days: c.sla_use_calendar_days }, now, LATE_FACTOR).getTime())))
    : now;

  // Open reports per category and per department, with how many are late and 3x late. Where the
  // scope's part allows (migrations 883, 920), the open reports are counted from signal_count (per
  // department from signal_department_count) and the late ones as the open minus those still
  // within their deadline, which are recent: no open report older than `lateSince` is read.
  // Otherwise (the reports routed to a handler outside their categories) the reports themselves
  // are counted. A report counts for a department as the overview's 'Afdeling' filter
  // (`routing_department_code`) attributes it: to the departments it is routed to, whatever its
  // category; a report routed nowhere to its subcategory's responsible department(s) (signal_department).
  const sla = new Set(withSla.map((c) => c.id));
  const countsPer = async (by: 'category' | 'department') => {
    const into = new Map<number, Counts>();
    const key = sql.ref(by === 'category' ? 'signal.category_id' : 'sd.department_id');
    const over = (arm: ScopeArm | undefined) => {
      const q = open.query(arm);
      return by === 'category' ? q : q.innerJoin('signal_department as sd', 'sd.signal_id', 'signal.id');
    };
    // The open reports still within their deadline (recent ones) per key and subcategory. Per department, the
    // rows of signal_department are bounded by the smallest id among those reports (a report's id grows with its
    // creation time): PostgreSQL reads those few rows from its primary key and joins them at once (both from
    // indexes alone, migration 934) instead of looking up each report's rows (docs/performance.md).
    const recentPer = async (arm: ScopeArm | undefined) => {
      const recent = (q: ReturnType<typeof open.query>) => q.where('signal.created_at', '>=', lateSince).where('signal.category_id', 'in', withSla.map((c) => c.id));
      let fromId: number | undefined;
      if (by === 'department') {
        const first = await recent(open.query(arm)).select(sql<number | null>`min(signal.id)`.as('id')).executeTakeFirst();
        if (first?.id == null) return [];
        fromId = first.id;
      }
      return recent(over(arm))
        .where(() => (fromId === undefined ? sql<SqlBool>`true` : sql<SqlBool>`sd.signal_id >= ${fromId}`))
        .select(key.as('key'))
        .select('signal.category_id')
        .select([sql<number>`(count(*) filter (where not ${late}))::int`.as('on_time'), sql<number>`(count(*) filter (where not ${late3}))::int`.as('on_time3')])
        .groupBy([key, 'signal.category_id'])
        .execute();
    };
    for (const arm of open.arms) {
      const keys = open.counted?.(arm) ?? null;
      // (the routed part of a scope is counted from its reports: its counts per category and department are not kept)
      if (!keys || keys.routed) {
        const rows = await over(arm).select(key.as('key')).select(counted).groupBy(key).execute();
        for (const row of rows) add(into, row.key as number, row);
        continue;
      }
      const table = by === 'category' ? sql.table('signal_count') : sql.table('signal_department_count');
      const [openRows, recent] = await Promise.all([
        sql<{ key: number; category_id: number; n: string }>`select ${sql.ref(by === 'category' ? 'c.category_id' : 'c.department_id')} as key, c.category_id, sum(c.n) as n
          from ${table} c where ${countedWhere(keys)} group by 1, 2`
          .execute(db)
          .then((r) => r.rows),
        withSla.length ? recentPer(arm) : [],
      ]);
      const onTime = new Map(recent.map((r) => [`${r.key}|${r.category_id}`, r]));
      for (const row of openRows) {
        const n = Number(row.n);
        const t = onTime.get(`${row.key}|${row.category_id}`);
        add(into, row.key, sla.has(row.category_id) ? { open: n, late: n - (t?.on_time ?? 0), late_factor_3: n - (t?.on_time3 ?? 0) } : { open: n, late: 0, late_factor_3: 0 });
      }
    }
    return into;
  };
  const [perCategory, perDepartment, departments] = await Promise.all([
    countsPer('category'),
    countsPer('department'),
    db.selectFrom('department').select(['id', 'code', 'name']).execute(),
  ]);

  const subs = tree.flatMap((main) => main.sub_categories.map((sub) => ({ main, sub })));
  const byLate = <T extends Counts & { name: string }>(a: T, b: T) => b.late - a.late || b.late_factor_3 - a.late_factor_3 || b.open - a.open || a.name.localeCompare(b.name, 'nl');
  const per_category = [...perCategory]
    .filter(([, c]) => c.open > 0)
    .map(([category_id, c]) => {
      const found = subs.find((s) => s.sub.id === category_id);
      return {
        category_id,
        sub_slug: found?.sub.slug ?? '',
        sub: found?.sub.name ?? '',
        main_slug: found?.main.slug ?? '',
        main: found?.main.name ?? '',
        name: found?.sub.name ?? '',
        open: c.open,
        late: c.late,
        late_factor_3: c.late_factor_3,
      };
    })
    .sort(byLate)
    .map(({ name: _name, ...rest }) => rest);

  const per_department = departments
    .map((d) => ({ department_id: d.id, code: d.code, name: d.name, ...(perDepartment.get(d.id) ?? { open: 0, late: 0, late_factor_3: 0 }) }))
    .filter((d) => d.open > 0)
    .sort(byLate);

  // Incoming versus closed per ISO week (Amsterdam), the current week last ------------------------
  const today = amsterdamWallClock(now).date;
  const thisMonday = addCalendarDays(today, -((weekdayOf(today) + 6) % 7));
  const mondays = Array.from({ length: weeks }, (_, i) => addCalendarDays(thisMonday, -7 * (weeks - 1 - i)));
  const since = amsterdamInstant(mondays[0]!, 0);
  const weekOf = (column: string) => sql<string>`to_char(date_trunc('week', ${sql.ref(column)} at time zone 'Europe/Amsterdam'), 'YYYY-MM-DD')`;
  // Counted per week where the scope's part allows (signal_week_count, signal_closed_week_count: migration 931),
  // else from the reports and their status log.
  const weekKey = sql<string>`to_char(c.week, 'YYYY-MM-DD')`;
  const [incoming, closed] = await Promise.all([
    Promise.all(
      all.arms.map((arm) => {
        const keys = all.counted?.(arm);
        if (keys && !keys.routed) {
          return sql<{ week: string; n: number }>`select ${weekKey} as week, sum(c.n)::int as n from signal_week_count c
            where c.week >= ${plainDateKey(mondays[0]!)}::date and ${countedWhere({ categories: keys.categories })} group by 1`
            .execute(db)
            .then((r) => r.rows);
        }
        return all
          .query(arm)
          .where('signal.created_at', '>=', since)
          .select([weekOf('signal.created_at').as('week'), sql<number>`count(*)::int`.as('n')])
          .groupBy(sql`1`)
          .execute();
      }),
    ).then((parts) => parts.flat()),
    // The status log (migration 300) is written by a trigger on every state change.
    all.scoped
      ? sql<{ week: string; n: number }>`
          select ${weekOf('l.created_at')} as week, count(distinct l.signal_id)::int as n
          from signal_status_log l
          where l.state in (${sql.join(CLOSED_STATES)}) and l.created_at >= ${since} and l.signal_id in ${all.query().select('signal.id')}
          group by 1`
          .execute(db)
          .then((r) => r.rows)
      : sql<{ week: string; n: number }>`select ${weekKey} as week, sum(c.n)::int as n from signal_closed_week_count c
          where c.week >= ${plainDateKey(mondays[0]!)}::date group by 1`
          .execute(db)
          .then((r) => r.rows),
  ]);
  const count = (rows: { week: string; n: number }[], key: string) => rows.filter((r) => r.week === key).reduce((n, r) => n + r.n, 0);

  const totals = per_category.reduce<Counts>((t, c) => ({ open: t.open + c.open, late: t.late + c.late, late_factor_3: t.late_factor_3 + c.late_factor_3 }), { open: 0, late: 0, late_factor_3: 0 });
  return {
    generated_at: amsterdamIso(now),
    open_states: OPEN_STATES,
    late_factor: LATE_FACTOR,
    totals,
    per_category,
    per_department,
    weeks: mondays.map((monday) => ({ week: isoWeek(monday), start: plainDateKey(monday), incoming: count(incoming, plainDateKey(monday)), closed: count(closed, plainDateKey(monday)) })),
  };
}
