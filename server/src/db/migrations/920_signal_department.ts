/**
 * A report's department(s) kept on the report (docs/performance.md, docs/routing.md): the
 * departments it is routed to, else its subcategory's responsible one(s) — what the view
 * `signal_department` of migration 860 computed with an anti-join over every report (7-9 s at
 * 2,000,000 reports for the overview's 'Afdeling' filter and signalering's 'Per afdeling').
 *
 * `signal_department` is now a table with the same two columns (plus `routed`, and the report's
 * state, subcategory and district, copied so the counts below need no join), kept by triggers in
 * the statement that changes what it depends on:
 * - a report is created (its subcategory's responsible departments), changes subcategory (again
 *   from scratch), or changes state or district (the copies);
 * - its routing changes (`signal_routing_department`: create, a rule, a person, re-routing);
 * - a subcategory's responsible departments change (`category_department`): every report of
 *   those subcategories that is routed nowhere, in one set-based statement per change;
 * - a report or a department is deleted (foreign keys, cascade).
 *
 * `signal_department_count` holds the pairs (report, department) per (state, subcategory, district,
 * department) as deltas, as signal_count (migration 883) does for the reports: written by statement
 * triggers on `signal_department`, folded by `signal_department_count_compact()`. The overview's
 * count for one department and signalering's open reports per department sum it.
 */
import { sql, type Kysely } from 'kysely';

/** The department rows of the reports `ids` (a subquery of signal ids), as the rule says. */
const DEPARTMENTS_OF = `
  select s.id, x.department_id, s.state, s.category_id, s.stadsdeel, x.routed
  from signal s cross join lateral (
    select rd.department_id, true as routed from signal_routing_department rd where rd.signal_id = s.id
    union all
    select cd.department_id, false from category_department cd
      where cd.category_id = s.category_id and cd.is_responsible
        and not exists (select 1 from signal_routing_department rd where rd.signal_id = s.id)) x`;

/** Fills signal_department and its counts from the reports (the migration, and the bench's bulk load that writes with triggers off). */
export async function rebuildSignalDepartment(db: Kysely<any>): Promise<void> {
  await sql`delete from signal_department`.execute(db);
  await sql.raw(`insert into signal_department (signal_id, department_id, state, category_id, stadsdeel, routed) ${DEPARTMENTS_OF}`).execute(db);
  await sql`delete from signal_department_count`.execute(db);
  await sql`insert into signal_department_count (state, category_id, stadsdeel, department_id, n)
    select state, category_id, stadsdeel, department_id, count(*) from signal_department group by 1, 2, 3, 4`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop view if exists signal_department`.execute(db);
  await sql`create table signal_department (
      signal_id integer not null references signal (id) on delete cascade,
      department_id integer not null references department (id) on delete cascade,
      routed boolean not null,
      state text not null,
      category_id integer not null,
      stadsdeel text,
      primary key (signal_id, department_id))`.execute(db);
  await sql`create table signal_department_count (state text not null, category_id integer not null, stadsdeel text, department_id integer not null, n bigint not null)`.execute(db);
  await rebuildSignalDepartment(db);
  await sql`create index signal_department_department_idx on signal_department (department_id, signal_id)`.execute(db);

  // The rows of the reports `ids` again from scratch.
  await sql
    .raw(`
    create function signal_department_refresh(ids integer[]) returns void language sql as $$
      delete from signal_department where signal_id = any(ids);
      insert into signal_department (signal_id, department_id, state, category_id, stadsdeel, routed)
        ${DEPARTMENTS_OF} where s.id = any(ids);
    $$`)
    .execute(db);

  // The reports: created, or changed subcategory (from scratch), state or district (the copies).
  await sql
    .raw(`
    create function signal_department_signal_write() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform signal_department_refresh(array(select id from new_rows));
      else
        perform signal_department_refresh(array(
          select n.id from new_rows n join old_rows o on o.id = n.id where n.category_id is distinct from o.category_id));
        update signal_department sd set state = n.state, stadsdeel = n.stadsdeel from new_rows n
          where sd.signal_id = n.id and (sd.state is distinct from n.state or sd.stadsdeel is distinct from n.stadsdeel);
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger signal_department_insert after insert on signal referencing new table as new_rows for each statement execute function signal_department_signal_write()`.execute(db);
  await sql`create trigger signal_department_update after update on signal referencing old table as old_rows new table as new_rows for each statement execute function signal_department_signal_write()`.execute(db);

  // Routing: the reports whose routed departments changed.
  await sql
    .raw(`
    create function signal_department_routing_write() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform signal_department_refresh(array(select distinct signal_id from new_rows));
      elsif tg_op = 'DELETE' then
        perform signal_department_refresh(array(select distinct signal_id from old_rows));
      else
        perform signal_department_refresh(array(select signal_id from new_rows union select signal_id from old_rows));
      end if;
      return null;
    end $$`)
    .execute(db);
  for (const [event, refs] of [['insert', 'new table as new_rows'], ['delete', 'old table as old_rows'], ['update', 'old table as old_rows new table as new_rows']]) {
    await sql
      .raw(`create trigger signal_department_routing_${event} after ${event} on signal_routing_department referencing ${refs} for each statement execute function signal_department_routing_write()`)
      .execute(db);
  }

  // A subcategory's responsible departments: every report of it routed nowhere, set-based.
  await sql
    .raw(`
    create function signal_department_category_write() returns trigger language plpgsql as $$
    declare
      categories integer[];
    begin
      if tg_op = 'INSERT' then
        categories := array(select distinct category_id from new_rows where is_responsible);
      elsif tg_op = 'DELETE' then
        categories := array(select distinct category_id from old_rows where is_responsible);
      else
        -- the links whose responsibility (or whose subcategory or department) changed
        categories := array(
          select category_id from (select category_id, department_id, is_responsible from new_rows
                                   except select category_id, department_id, is_responsible from old_rows) changed
          union
          select category_id from (select category_id, department_id, is_responsible from old_rows
                                   except select category_id, department_id, is_responsible from new_rows) was);
      end if;
      if cardinality(categories) = 0 then return null; end if;
      delete from signal_department where category_id = any(categories) and not routed;
      insert into signal_department (signal_id, department_id, state, category_id, stadsdeel, routed)
        select s.id, cd.department_id, s.state, s.category_id, s.stadsdeel, false
        from signal s join category_department cd on cd.category_id = s.category_id and cd.is_responsible
        where s.category_id = any(categories)
          and not exists (select 1 from signal_routing_department rd where rd.signal_id = s.id);
      return null;
    end $$`)
    .execute(db);
  for (const [event, refs] of [['insert', 'new table as new_rows'], ['delete', 'old table as old_rows'], ['update', 'old table as old_rows new table as new_rows']]) {
    await sql
      .raw(`create trigger signal_department_category_${event} after ${event} on category_department referencing ${refs} for each statement execute function signal_department_category_write()`)
      .execute(db);
  }

  // The counts, as deltas (see signal_count, migration 883).
  await sql`
    create function signal_department_count_write() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into signal_department_count (state, category_id, stadsdeel, department_id, n)
          select state, category_id, stadsdeel, department_id, count(*) from new_rows group by 1, 2, 3, 4;
      elsif tg_op = 'DELETE' then
        insert into signal_department_count (state, category_id, stadsdeel, department_id, n)
          select state, category_id, stadsdeel, department_id, -count(*) from old_rows group by 1, 2, 3, 4;
      else
        insert into signal_department_count (state, category_id, stadsdeel, department_id, n)
          select state, category_id, stadsdeel, department_id, sum(d) from (
            select state, category_id, stadsdeel, department_id, 1 as d from new_rows
            union all select state, category_id, stadsdeel, department_id, -1 from old_rows) x
          group by 1, 2, 3, 4 having sum(d) <> 0;
      end if;
      return null;
    end $$`.execute(db);
  for (const [event, refs] of [['insert', 'new table as new_rows'], ['delete', 'old table as old_rows'], ['update', 'old table as old_rows new table as new_rows']]) {
    await sql
      .raw(`create trigger signal_department_count_${event} after ${event} on signal_department referencing ${refs} for each statement execute function signal_department_count_write()`)
      .execute(db);
  }
  await sql`
    create function signal_department_count_compact() returns void language sql as $$
      with gone as (delete from signal_department_count returning state, category_id, stadsdeel, department_id, n)
      insert into signal_department_count (state, category_id, stadsdeel, department_id, n)
        select state, category_id, stadsdeel, department_id, sum(n) from gone group by 1, 2, 3, 4 having sum(n) <> 0
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists signal_department cascade`.execute(db);
  await sql`drop table if exists signal_department_count`.execute(db);
  for (const t of ['signal', 'signal_routing_department', 'category_department']) {
    for (const e of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger if exists signal_department_${t === 'signal' ? '' : t === 'signal_routing_department' ? 'routing_' : 'category_'}${e} on ${t}`).execute(db);
    }
  }
  for (const f of ['signal_department_refresh(integer[])', 'signal_department_signal_write()', 'signal_department_routing_write()', 'signal_department_category_write()', 'signal_department_count_write()', 'signal_department_count_compact()']) {
    await sql.raw(`drop function if exists ${f}`).execute(db);
  }
  await sql`
    create view signal_department as
      select rd.signal_id, rd.department_id from signal_routing_department rd
      union all
      select s.id as signal_id, cd.department_id from signal s
        join category_department cd on cd.category_id = s.category_id and cd.is_responsible
        where not exists (select 1 from signal_routing_department rd where rd.signal_id = s.id)`.execute(db);
}
