/**
 * Priority and assignment (assigned or not) join the key of signal_count (migration 883,
 * docs/performance.md): the overview's filters `priority` and `assigned_user_email=null` ('Niet
 * toegewezen') are then counted from it too, alone or with state, subcategory and district; at a
 * city's scale (2,000,000 reports) counting their matches row by row cost 450-850 ms a page.
 *
 * The triggers and the folding are those of migration 883 with the two columns more: a delta is
 * written when any of the five changes (a report taken or handed back, its priority changed), and
 * still only inserted, never updated, so concurrent writers never wait on a counter row.
 *
 * Folding (here and for signal_department_count, migration 920) now rewrites only the keys that have
 * deltas (more than one row): it rewrote every row once a minute, 0.9 s at 2,000,000 reports.
 */
import { sql, type Kysely } from 'kysely';
import { SIGNAL_COUNT_WRITE } from './883_signal_counts.ts';

const KEY = 'state, category_id, stadsdeel, priority, assigned';
/** The key of a row of `signal` (the transition tables are rows of `signal`). */
const KEY_OF_SIGNAL = 'state, category_id, stadsdeel, priority, assigned_user_id is not null';

/** Fills signal_count from `signal` (the migration, and the bench's bulk load that writes with triggers off). */
export async function rebuildSignalCount(db: Kysely<any>): Promise<void> {
  await sql`delete from signal_count`.execute(db);
  await sql.raw(`insert into signal_count (${KEY}, n) select ${KEY_OF_SIGNAL}, count(*) from signal group by 1, 2, 3, 4, 5`).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table signal_count add column priority text, add column assigned boolean not null default false`.execute(db);
  await sql
    .raw(`
    create or replace function signal_count_write() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into signal_count (${KEY}, n) select ${KEY_OF_SIGNAL}, count(*) from new_rows group by 1, 2, 3, 4, 5;
      elsif tg_op = 'DELETE' then
        insert into signal_count (${KEY}, n) select ${KEY_OF_SIGNAL}, -count(*) from old_rows group by 1, 2, 3, 4, 5;
      else
        insert into signal_count (${KEY}, n)
          select ${KEY}, sum(d) from (
            select ${KEY_OF_SIGNAL} as assigned, 1 as d from new_rows
            union all select ${KEY_OF_SIGNAL}, -1 from old_rows) x
          group by 1, 2, 3, 4, 5 having sum(d) <> 0;
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql.raw(compact('signal_count', KEY.split(', '))).execute(db);
  await sql.raw(compact('signal_department_count', ['state', 'category_id', 'stadsdeel', 'department_id'])).execute(db);
  await rebuildSignalCount(db);
}

/**
 * The folding of a table of deltas: the rows of every key that has more than one become one row (none
 * when they sum to 0). A delta written meanwhile is not seen by the delete and stays a row of its own.
 */
function compact(table: string, key: string[]) {
  const same = key.map((k) => `c.${k} is not distinct from f.${k}`).join(' and ');
  return `
    create or replace function ${table}_compact() returns void language sql as $$
      with folded as (select ${key.join(', ')} from ${table} group by ${key.join(', ')} having count(*) > 1),
      gone as (delete from ${table} c using folded f where ${same} returning ${key.map((k) => `c.${k}`).join(', ')}, c.n)
      insert into ${table} (${key.join(', ')}, n)
        select ${key.join(', ')}, sum(n) from gone group by ${key.join(', ')} having sum(n) <> 0
    $$`;
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`create or replace function${SIGNAL_COUNT_WRITE}`).execute(db);
  await sql`
    create or replace function signal_count_compact() returns void language sql as $$
      with gone as (delete from signal_count returning state, category_id, stadsdeel, n)
      insert into signal_count (state, category_id, stadsdeel, n)
        select state, category_id, stadsdeel, sum(n) from gone group by 1, 2, 3 having sum(n) <> 0
    $$`.execute(db);
  await sql`
    create or replace function signal_department_count_compact() returns void language sql as $$
      with gone as (delete from signal_department_count returning state, category_id, stadsdeel, department_id, n)
      insert into signal_department_count (state, category_id, stadsdeel, department_id, n)
        select state, category_id, stadsdeel, department_id, sum(n) from gone group by 1, 2, 3, 4 having sum(n) <> 0
    $$`.execute(db);
  await sql`alter table signal_count drop column priority, drop column assigned`.execute(db);
  await sql`
    with gone as (delete from signal_count returning state, category_id, stadsdeel, n)
    insert into signal_count (state, category_id, stadsdeel, n) select state, category_id, stadsdeel, sum(n) from gone group by 1, 2, 3 having sum(n) <> 0`.execute(db);
}
