/**
 * Signalering's weeks kept as counts (docs/performance.md, docs/overview.md): the reports created per
 * ISO week (Amsterdam) and subcategory, and the reports closed per ISO week. At a city's scale
 * (2,000,000 reports) counting twelve weeks' reports cost 300 ms and their closings in the status
 * log 200 ms a page; summing a few hundred rows of these tables costs a millisecond.
 *
 * - `signal_week_count` (week, category_id, n): written as deltas by statement triggers on `signal`
 *   (create, delete, a changed subcategory or creation time), as signal_count (migration 883).
 * - `signal_closed_week_count` (week, n): the reports with a closing (a CLOSED state in
 *   `signal_status_log`) in that week, each once however often it was closed that week — as
 *   signalering counted them (`count(distinct signal_id)`). Written by statement triggers on the
 *   status log: a closing adds 1 when the report had none that week; a deleted closing (a report
 *   deleted, its log with it) subtracts 1 when none is left that week. The status log is written in
 *   the statement that changes a report's state, with the report's row locked, so two closings of one
 *   report never count at the same time.
 * Both are folded as the others (`signal_week_count_compact()`), only the keys with deltas.
 */
import { CLOSED_STATES } from '@meldloket/engine';
import { sql, type Kysely } from 'kysely';

/** The Monday (Amsterdam) of the week of `column`, as a date. */
const WEEK = (column: string) => `(date_trunc('week', ${column} at time zone 'Europe/Amsterdam'))::date`;
const CLOSED = `(${CLOSED_STATES.map((s) => `'${s}'`).join(', ')})`;

/** Fills both tables from the reports and the status log (the migration, and the bench's bulk load that writes with triggers off). */
export async function rebuildWeekCounts(db: Kysely<any>): Promise<void> {
  await sql`delete from signal_week_count`.execute(db);
  await sql.raw(`insert into signal_week_count (week, category_id, n) select ${WEEK('created_at')}, category_id, count(*) from signal group by 1, 2`).execute(db);
  await sql`delete from signal_closed_week_count`.execute(db);
  await sql
    .raw(`insert into signal_closed_week_count (week, n)
      select week, count(*) from (select distinct signal_id, ${WEEK('created_at')} as week from signal_status_log where state in ${CLOSED}) x group by 1`)
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table signal_week_count (week date not null, category_id integer not null, n bigint not null)`.execute(db);
  await sql`create table signal_closed_week_count (week date not null, n bigint not null)`.execute(db);
  await sql
    .raw(`
    create function signal_week_count_write() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into signal_week_count (week, category_id, n) select ${WEEK('created_at')}, category_id, count(*) from new_rows group by 1, 2;
      elsif tg_op = 'DELETE' then
        insert into signal_week_count (week, category_id, n) select ${WEEK('created_at')}, category_id, -count(*) from old_rows group by 1, 2;
      else
        insert into signal_week_count (week, category_id, n)
          select week, category_id, sum(d) from (
            select ${WEEK('created_at')} as week, category_id, 1 as d from new_rows
            union all select ${WEEK('created_at')}, category_id, -1 from old_rows) x
          group by 1, 2 having sum(d) <> 0;
      end if;
      return null;
    end $$`)
    .execute(db);
  for (const [event, refs] of [['insert', 'new table as new_rows'], ['delete', 'old table as old_rows'], ['update', 'old table as old_rows new table as new_rows']]) {
    await sql.raw(`create trigger signal_week_count_${event} after ${event} on signal referencing ${refs} for each statement execute function signal_week_count_write()`).execute(db);
  }
  // A closing counts when it is the report's first that week; a deleted one when it was the last.
  await sql
    .raw(`
    create function signal_closed_week_count_write() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into signal_closed_week_count (week, n)
          select week, count(*) from (select distinct n.signal_id, ${WEEK('n.created_at')} as week from new_rows n where n.state in ${CLOSED}) x
          where not exists (
            select 1 from signal_status_log l where l.signal_id = x.signal_id and l.state in ${CLOSED} and ${WEEK('l.created_at')} = x.week
              and l.id not in (select id from new_rows))
          group by 1;
      else
        insert into signal_closed_week_count (week, n)
          select week, -count(*) from (select distinct o.signal_id, ${WEEK('o.created_at')} as week from old_rows o where o.state in ${CLOSED}) x
          where not exists (
            select 1 from signal_status_log l where l.signal_id = x.signal_id and l.state in ${CLOSED} and ${WEEK('l.created_at')} = x.week)
          group by 1;
      end if;
      return null;
    end $$`)
    .execute(db);
  for (const [event, refs] of [['insert', 'new table as new_rows'], ['delete', 'old table as old_rows']]) {
    await sql
      .raw(`create trigger signal_closed_week_count_${event} after ${event} on signal_status_log referencing ${refs} for each statement execute function signal_closed_week_count_write()`)
      .execute(db);
  }
  await sql
    .raw(`
    create function signal_week_count_compact() returns void language sql as $$
      with folded as (select week, category_id from signal_week_count group by 1, 2 having count(*) > 1),
      gone as (delete from signal_week_count c using folded f where c.week = f.week and c.category_id = f.category_id returning c.week, c.category_id, c.n)
      insert into signal_week_count (week, category_id, n) select week, category_id, sum(n) from gone group by 1, 2 having sum(n) <> 0;
      with folded as (select week from signal_closed_week_count group by 1 having count(*) > 1),
      gone as (delete from signal_closed_week_count c using folded f where c.week = f.week returning c.week, c.n)
      insert into signal_closed_week_count (week, n) select week, sum(n) from gone group by 1 having sum(n) <> 0;
    $$`)
    .execute(db);
  await rebuildWeekCounts(db);
  await sql`create index signal_week_count_week_idx on signal_week_count (week)`.execute(db);
  await sql`create index signal_closed_week_count_week_idx on signal_closed_week_count (week)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const e of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists signal_week_count_${e} on signal`).execute(db);
  for (const e of ['insert', 'delete']) await sql.raw(`drop trigger if exists signal_closed_week_count_${e} on signal_status_log`).execute(db);
  for (const f of ['signal_week_count_write()', 'signal_closed_week_count_write()', 'signal_week_count_compact()']) await sql.raw(`drop function if exists ${f}`).execute(db);
  await sql`drop table if exists signal_week_count`.execute(db);
  await sql`drop table if exists signal_closed_week_count`.execute(db);
}
