/**
 * Signalering (issue 15): what a team lead steers by — the open reports past their deadline
 * and past three times it, per category and per department, and the reports coming in
 * versus closed per ISO week. Counted over the overview's own filtered query (`compileFilters`:
 * the user's department scope of §13, `status` = every open state) with the list's own
 * punctuality rule, so every count equals the overview's count for the filter it links to
 * (`punctuality`, `category_id` or `routing_department_code`).
 */
import { addCalendarDays, amsterdamInstant, amsterdamWallClock, calendarDaysBetween, CLOSED_STATES, END_STATES, LATE_FACTOR, plainDateKey, STATE_CODES, weekdayOf, type PlainDate } from '@meldloket/engine';
import { sql } from 'kysely';
import type { ScopeUser } from '../../auth/scoping.ts';
import type { Db } from '../../db/index.ts';
import { amsterdamIso } from '../../followup/time.ts';
import type { MainCategory } from '../categories/index.ts';
import { compileFilters, punctualityCondition } from '../signals/list.ts';

/** Every state that is not an end state (Afgehandeld, Geannuleerd, Gesplitst). */
export const OPEN_STATES: string[] = STATE_CODES.filter((s) => !END_STATES.includes(s));

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

export async function signalering(db: Db, user: ScopeUser, tree: MainCategory[], { now, weeks }: { now: Date; weeks: number }) {
  // The overview's own query for the user (its department scope, §13) and for the filter a
  // count links to (`status` = every open state), so a count and its overview cannot disagree.
  const [open, all, categories] = await Promise.all([
    compileFilters(db, { status: OPEN_STATES }, { user, now }),
    compileFilters(db, {}, { user, now }),
    db.selectFrom('category').select(['id', 'sla_n_days', 'sla_use_calendar_days']).execute(),
  ]);
  const late = punctualityCondition(categories, 'late', now);
  const late3 = punctualityCondition(categories, 'late_factor_3', now);
  const counted = [
    sql<number>`count(*)::int`.as('open'),
    sql<number>`(count(*) filter (where ${late}))::int`.as('late'),
    sql<number>`(count(*) filter (where ${late3}))::int`.as('late_factor_3'),
  ];

  // Open reports per category, with how many are late and 3x late ---------------------------
  const perCategoryRows = await open.query().select('signal.category_id').select(counted).groupBy('signal.category_id').execute();

  const subs = tree.flatMap((main) => main.sub_categories.map((sub) => ({ main, sub })));
  const byLate = <T extends Counts & { name: string }>(a: T, b: T) => b.late - a.late || b.late_factor_3 - a.late_factor_3 || b.open - a.open || a.name.localeCompare(b.name, 'nl');
  const per_category = perCategoryRows
    .map((row) => {
      const found = subs.find((s) => s.sub.id === row.category_id);
      return {
        category_id: row.category_id,
        sub_slug: found?.sub.slug ?? '',
        sub: found?.sub.name ?? '',
        main_slug: found?.main.slug ?? '',
        main: found?.main.name ?? '',
        name: found?.sub.name ?? '',
        open: row.open,
        late: row.late,
        late_factor_3: row.late_factor_3,
      };
    })
    .sort(byLate)
    .map(({ name: _name, ...rest }) => rest);

  // Per department as the overview's 'Afdeling' filter (`routing_department_code`) attributes a
  // report: to the departments it is routed to, whatever its category; a report no rule or
  // person routed to its subcategory's responsible department(s) (the view of migration 860).
  const per_department = (
    await open
      .query()
      .innerJoin('signal_department as rd', 'rd.signal_id', 'signal.id')
      .innerJoin('department as d', 'd.id', 'rd.department_id')
      .select(['d.id as department_id', 'd.code', 'd.name'])
      .select(counted)
      .groupBy(['d.id', 'd.code', 'd.name'])
      .execute()
  ).sort(byLate);

  // Incoming versus closed per ISO week (Amsterdam), the current week last ------------------------
  const today = amsterdamWallClock(now).date;
  const thisMonday = addCalendarDays(today, -((weekdayOf(today) + 6) % 7));
  const mondays = Array.from({ length: weeks }, (_, i) => addCalendarDays(thisMonday, -7 * (weeks - 1 - i)));
  const since = amsterdamInstant(mondays[0]!, 0);
  const weekOf = (column: string) => sql<string>`to_char(date_trunc('week', ${sql.ref(column)} at time zone 'Europe/Amsterdam'), 'YYYY-MM-DD')`;
  const [incoming, closed] = await Promise.all([
    all
      .query()
      .where('signal.created_at', '>=', since)
      .select([weekOf('signal.created_at').as('week'), sql<number>`count(*)::int`.as('n')])
      .groupBy(sql`1`)
      .execute(),
    // The status log (migration 300) is written by a trigger on every state change.
    sql<{ week: string; n: number }>`
      select ${weekOf('l.created_at')} as week, count(distinct l.signal_id)::int as n
      from signal_status_log l
      where l.state in (${sql.join(CLOSED_STATES)}) and l.created_at >= ${since}
        and l.signal_id in ${all.query().select('signal.id')}
      group by 1`
      .execute(db)
      .then((r) => r.rows),
  ]);
  const count = (rows: { week: string; n: number }[], key: string) => rows.find((r) => r.week === key)?.n ?? 0;

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
