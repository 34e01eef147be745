/**
 * Counts of the reports by state, subcategory and district, kept current in the statement that
 * writes a report (docs/performance.md). At a city's scale (2,000,000 reports) counting the overview's
 * matches row by row cost 200-600 ms a page (the whole list, a district, the open states, a main
 * category); summing this table's few thousand rows costs a millisecond. The overview's count
 * (services/signals/list.ts `countOf`) and signalering's open reports per category read it.
 *
 * Written by statement triggers with transition tables: an insert adds +count per (state,
 * category, district), a delete -count, an update the difference (nothing when none of the
 * three changed). The triggers only ever INSERT rows (deltas), never update one, so concurrent
 * writers never wait for each other on a counter row; `signal_count_compact()` folds the deltas
 * into one row per key (a delete…returning and an insert in one statement: concurrent writers and
 * a concurrent compaction keep every delta exactly once, so the sums stay right).
 *
 * With it, `signal_open_created_idx`: the open reports by creation time, from which signalering
 * counts those still within their deadline (the recent ones) instead of reading every open report.
 */
import { OPEN_STATES } from '@meldloket/engine';
import { sql, type Kysely } from 'kysely';

/** Fills signal_count from `signal` (the migration, and the bench's bulk load that writes with triggers off). */
export async function rebuildSignalCount(db: Kysely<any>): Promise<void> {
  await sql`delete from signal_count`.execute(db);
  await sql`insert into signal_count (state, category_id, stadsdeel, n) select state, category_id, stadsdeel, count(*) from signal group by 1, 2, 3`.execute(db);
}

/** The trigger function's body and signature (migration 930's `down` restores it). */
export const SIGNAL_COUNT_WRITE = ` signal_count_write() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into signal_count (state, category_id, stadsdeel, n) select state, category_id, stadsdeel, count(*) from new_rows group by 1, 2, 3;
      elsif tg_op = 'DELETE' then
        insert into signal_count (state, category_id, stadsdeel, n) select state, category_id, stadsdeel, -count(*) from old_rows group by 1, 2, 3;
      else
        insert into signal_count (state, category_id, stadsdeel, n)
          select state, category_id, stadsdeel, sum(d) from (
            select state, category_id, stadsdeel, 1 as d from new_rows
            union all select state, category_id, stadsdeel, -1 from old_rows) x
          group by 1, 2, 3 having sum(d) <> 0;
      end if;
      return null;
    end $$`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table signal_count (state text not null, category_id integer not null, stadsdeel text, n bigint not null)`.execute(db);
  await sql.raw(`create function${SIGNAL_COUNT_WRITE}`).execute(db);
  // One trigger per event: a trigger with transition tables is for one event only.
  await sql`create trigger signal_count_insert after insert on signal referencing new table as new_rows for each statement execute function signal_count_write()`.execute(db);
  await sql`create trigger signal_count_delete after delete on signal referencing old table as old_rows for each statement execute function signal_count_write()`.execute(db);
  await sql`create trigger signal_count_update after update on signal referencing old table as old_rows new table as new_rows for each statement execute function signal_count_write()`.execute(db);
  await sql`
    create function signal_count_compact() returns void language sql as $$
      with gone as (delete from signal_count returning state, category_id, stadsdeel, n)
      insert into signal_count (state, category_id, stadsdeel, n)
        select state, category_id, stadsdeel, sum(n) from gone group by 1, 2, 3 having sum(n) <> 0
    $$`.execute(db);
  await rebuildSignalCount(db);
  await openCreatedIndex(db, false);
}

/** Makes `signal_open_created_idx`; `withId`: with the report's id (migration 934). */
export async function openCreatedIndex(db: Kysely<any>, withId: boolean): Promise<void> {
  await sql`create index signal_open_created_idx on signal (created_at, category_id) ${withId ? sql`include (id)` : sql``}
    where state in (${sql.join(OPEN_STATES.map((s) => sql.lit(s)))})`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists signal_open_created_idx`.execute(db);
  for (const t of ['signal_count_insert', 'signal_count_delete', 'signal_count_update']) await sql.raw(`drop trigger if exists ${t} on signal`).execute(db);
  await sql`drop function if exists signal_count_compact()`.execute(db);
  await sql`drop function if exists signal_count_write()`.execute(db);
  await sql`drop table if exists signal_count`.execute(db);
}
