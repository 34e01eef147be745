/**
 * The data of `npm run bench:manage` (docs/performance.md): a city's reports, bulk loaded.
 *
 * `generateReports(db, n)` writes `n` reports spread over five years as a municipality's
 * database holds them after that time: every subcategory, every district (with its
 * `signal_area` rows, the areas of the installation), every state — the old reports mostly
 * closed, the last quarter's mostly open — addresses of real streets of the stand-in address
 * register (their postcode area, district and position), texts of real Dutch words (a problem,
 * a place and a second sentence, so a word search finds a realistic share), contact details,
 * assignment, routing and directing departments, parents and children, feedback requests, notes
 * and followers (what the list and the report page show), and the status log.
 *
 * It is one `insert … select … from generate_series` per table, not one insert per report: the
 * indexes of the tables it fills are dropped first and made again afterwards (each in one pass
 * over the table, which is far cheaper than keeping them current row by row), and the status-log
 * trigger is off while the reports go in (the log is written in bulk as the trigger would have).
 * Deterministic for a given `n` (`setseed`).
 */
import { STADSDEEL_LABELS } from '@meldloket/engine';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/src/db/index.ts';
import { rebuildSignalCount } from '../../server/src/db/migrations/930_signal_count_priority.ts';
import { rebuildSignalDepartment } from '../../server/src/db/migrations/920_signal_department.ts';
import { rebuildWeekCounts } from '../../server/src/db/migrations/931_signal_week_counts.ts';
import { STREETS } from '../../server/src/routes/stand-ins/streets.ts';

/** What a report is about: the opening of its text (real words; the search bench looks for some). */
const PROBLEMS = [
  'Lantaarnpaal kapot', 'Lantaarnpaal brandt overdag', 'Grofvuil naast de container', 'Container vol', 'Boom omgewaaid', 'Tak hangt over het fietspad',
  'Losliggende stoeptegel', 'Gat in de weg', 'Fietswrak in het rek', 'Geluidsoverlast van een café', 'Zwerfafval in het park', 'Kapotte bank op het plein',
  'Riool verstopt', 'Graffiti op de muur', 'Verkeerslicht werkt niet', 'Scooter op de stoep', 'Dode vogel op straat', 'Ratten bij de vuilnisbakken',
  'Wateroverlast na de regen', 'Speeltoestel kapot', 'Prullenbak vol', 'Verkeersbord omgereden', 'Hondenpoep op het grasveld', 'Drugsoverlast in het portiek',
  'Olievlek op de rijbaan', 'Onkruid tussen de tegels', 'Bouwafval op de stoep', 'Lekkende brandkraan', 'Auto geparkeerd op het fietspad', 'Glas op het fietspad',
];
/** Where it is. */
const PLACES = [
  'bij de school', 'bij het station', 'bij de speeltuin', 'op de brug', 'bij de markt', 'langs het water', 'voor de supermarkt', 'op de hoek',
  'bij de bushalte', 'naast de kerk', 'in het plantsoen', 'bij de ingang van het park', 'tegenover de bibliotheek', 'achter het winkelcentrum', 'bij de tramhalte',
];
/** A second sentence a resident adds. */
const DETAILS = [
  'Dit is al weken zo.', 'Graag snel oplossen, het is gevaarlijk voor kinderen.', 'Ik heb het eerder gemeld maar er gebeurt niets.',
  'Vooral s avonds is het erg.', 'Er zijn al mensen over gestruikeld.', 'Het stinkt enorm.', 'Buren ergeren zich er ook aan.',
  'Fietsers moeten uitwijken naar de rijbaan.', 'Het is sinds het weekend zo.', 'Zie de foto.', 'Er ligt ook glas omheen.',
  'De gemeente was hier vorige maand ook al.', 'Het wordt steeds erger.', 'Misschien door de storm van gisteren.', 'Dank u wel alvast.',
  'Ouderen kunnen er niet langs met de rollator.', 'Het ligt er al sinds de markt van zaterdag.', 'Ook de lamp ernaast flikkert.',
  'Het water staat tot over de stoep.', 'Er spelen daar veel kinderen.',
];
/** A note staff leave. */
const NOTES = [
  'Aannemer ingeschakeld.', 'Melder gebeld, komt terug op de planning.', 'Doorgezet naar de stadsdeelploeg.', 'Ter plaatse geweest, niets aangetroffen.',
  'Onderdelen besteld, levertijd twee weken.', 'Zelfde probleem als de melding van vorige week.', 'Handhaving gevraagd mee te kijken.',
];

const lit = (values: readonly string[]) => sql`${sql.val([...values])}::text[]`;

/** Streets per district code, so a report's address, position and district agree. */
function streets() {
  const codeOf = new Map(Object.entries(STADSDEEL_LABELS).map(([code, label]) => [label, code]));
  const rows = STREETS.filter((s) => codeOf.has(s[6]));
  return {
    name: rows.map((s) => s[0]),
    lat: rows.map((s) => s[1]),
    lng: rows.map((s) => s[2]),
    pc: rows.map((s) => s[5]),
    district: rows.map((s) => codeOf.get(s[6])!),
  };
}

/** The tables the generator fills; their secondary indexes are made again after the load. */
const FILLED = ['signal', 'signal_status_log', 'signal_area', 'signal_note', 'signal_follower', 'feedback_request', 'signal_routing_department', 'signal_directing_department', 'signal_department'];

export interface Generated {
  /** Seconds per phase. */
  phases: [string, number][];
}

/** `reports` reports over five years ending now (see the module's comment). */
export async function generateReports(pool: Kysely<Database>, reports: number, log: (line: string) => void = () => {}): Promise<Generated> {
  // One connection: the session settings below hold for every statement of the load.
  return pool.connection().execute((db) => load(db, reports, log));
}

async function load(db: Kysely<Database>, reports: number, log: (line: string) => void): Promise<Generated> {
  const phases: [string, number][] = [];
  let t = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases.push([name, (now - t) / 1000]);
    log(`  ${name}: ${((now - t) / 1000).toFixed(1)} s`);
    t = now;
  };
  const subs = (await db.selectFrom('category').select('id').where('parent_id', 'is not', null).orderBy('id').execute()).map((s) => s.id);
  const users = (await db.selectFrom('staff_user').select('id').orderBy('id').execute()).map((u) => u.id);
  // SLAs as municipalities set them: most 5 working days, some 3 calendar days, some none.
  await sql`update category set sla_n_days = case when id % 5 = 0 then 3 when id % 7 = 0 then null else 5 end,
    sla_use_calendar_days = (id % 5 = 0) where parent_id is not null`.execute(db);

  // Secondary indexes off (kept: primary keys and unique constraints), made again at the end.
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i join pg_class t on t.oid = i.indrelid
    where t.relname in (${sql.join(FILLED)}) and t.relnamespace = current_schema()::regnamespace
      and not i.indisprimary and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`.execute(db);
  for (const { name } of indexes) await sql`drop index ${sql.raw(name)}`.execute(db);
  await sql`alter table signal disable trigger signal_status_log_trigger`.execute(db);
  // The search's words (migration 921) are written by a row trigger, which replica mode would skip.
  await sql`alter table signal enable always trigger signal_search_vector_insert`.execute(db);
  // The rows are consistent by construction: no foreign-key check per row while loading.
  await sql`set session_replication_role = replica`.execute(db);
  await sql`select setseed(0.42)`.execute(db);
  const s = streets();
  phase('indexes off');

  // The reports. `age` (days before now) runs evenly over five years; the state depends on it:
  // of the last 90 days' reports most are still open, of older ones 3% (the long-running cases).
  // The 8-digit phone suffix is computed in bigint (g * 7919 overflowed int4 past 271,000 reports).
  await sql`
    insert into signal (uuid, source, text, state, priority, type_code, category_id, lng, lat, address, address_text, stadsdeel,
                        reporter_email, reporter_phone, assigned_user_id, incident_date_start, created_at, updated_at)
    select gen_random_uuid(),
      (array['online', 'online', 'online', 'Telefoon – ASC', 'app'])[1 + g % 5],
      (${lit(PROBLEMS)})[1 + (g * 7) % ${PROBLEMS.length}] || ' ' || (${lit(PLACES)})[1 + (g * 13) % ${PLACES.length}] || '. '
        || (${lit(DETAILS)})[1 + (g * 29) % ${DETAILS.length}],
      case when age > 90 then (case when g % 33 = 0 then (array['m', 'b', 'ingepland'])[1 + g % 3] when g % 9 = 0 then 'a' else 'o' end)
           else (array['o', 'o', 'o', 'o', 'a', 'm', 'm', 'm', 'i', 'b', 'b', 'ingepland', 'reopened', 'reaction requested', 'm'])[1 + (g * 31) % 15] end,
      (array['normal', 'normal', 'normal', 'normal', 'high', 'low'])[1 + (g * 17) % 6],
      (array['SIG', 'SIG', 'SIG', 'SIG', 'REQ', 'QUE', 'COM', 'MAI'])[1 + (g * 19) % 8],
      (${sql.val(subs)}::int[])[1 + (g * 37) % ${subs.length}],
      st.lng + (random() - 0.5) * 0.006, st.lat + (random() - 0.5) * 0.004,
      jsonb_build_object('openbare_ruimte', st.street, 'huisnummer', 1 + g % 200, 'postcode', st.pc || chr(65 + g % 26) || chr(65 + (g / 26) % 26), 'woonplaats', 'Amsterdam'),
      st.street || ' ' || (1 + g % 200) || ', ' || st.pc || chr(65 + g % 26) || chr(65 + (g / 26) % 26) || ' Amsterdam',
      case when g % 50 = 0 then null else st.district end,
      case when g % 3 = 0 then 'melder' || g || '@example.com' end,
      case when g % 4 = 0 then '06' || lpad((g::bigint * 7919 % 100000000)::text, 8, '0') end,
      case when g % 6 = 0 then (${sql.val(users)}::int[])[1 + g % ${users.length}] end,
      created, created, least(now(), created + (g % 20) * interval '1 day')
    from generate_series(1, ${reports}) g
    cross join lateral (select (${reports} - g) * (5 * 365.0 / ${reports}) as age) a
    cross join lateral (select now() - age * interval '1 day' as created) c
    cross join lateral (select i, (${lit(s.name)})[i] as street, (${lit(s.pc)})[i] as pc, (${lit(s.district)})[i] as district,
                               (${sql.val(s.lng)}::float8[])[i] as lng, (${sql.val(s.lat)}::float8[])[i] as lat
                        from (select 1 + (g * 11) % ${s.name.length} as i) x) st
  `.execute(db);
  const [{ min }] = (await sql<{ min: number }>`select min(id)::int as min from signal`.execute(db)).rows;
  phase('reports');

  // The status log as the trigger writes it: the creation ('m'), and the current state when it is another.
  await sql`insert into signal_status_log (signal_id, state, text, created_at)
    select id, 'm', null, created_at from signal union all select id, state, state_text, updated_at from signal where state <> 'm'`.execute(db);
  await sql`alter table signal enable trigger signal_status_log_trigger`.execute(db);
  await sql`alter table signal enable trigger signal_search_vector_insert`.execute(db);
  phase('status log');

  // The areas a report's district is (the installation's areas of type stadsdeel).
  await sql`insert into signal_area (signal_id, area_id)
    select s.id, a.id from signal s join area a on a.code = s.stadsdeel join area_type t on t.id = a.type_id and t.code = 'stadsdeel'`.execute(db);
  // 1% parents with two children each; 1% directed by ASC; 5% routed to a department; a feedback
  // request for a fifth of the closed reports; a note on a third of the reports (two on a tenth);
  // followers on 2% (verified on most).
  await sql`update signal c set parent_id = c.id - c.id % 100 where c.id % 100 in (1, 2) and c.id - c.id % 100 >= ${min}`.execute(db);
  await sql`insert into signal_directing_department (signal_id, department_id) select s.id, d.id from signal s, department d
    where s.id % 100 = 0 and d.code = 'ASC'`.execute(db);
  await sql`insert into signal_routing_department (signal_id, department_id)
    select s.id, (${sql`(select array_agg(id order by id) from department)`})[1 + s.id % (select count(*) from department)::int] from signal s where s.id % 20 = 0`.execute(db);
  await sql`insert into feedback_request (uuid, signal_uuid, submit_before, created_at, submitted_at, is_satisfied)
    select gen_random_uuid(), s.uuid::text, s.updated_at + interval '14 days', s.updated_at,
           case when s.id % 3 <> 0 then s.updated_at + interval '1 day' end, case when s.id % 3 <> 0 then s.id % 3 = 1 end
    from signal s where s.state = 'o' and s.id % 5 = 0`.execute(db);
  await sql`insert into signal_note (signal_id, text, created_by, created_at)
    select s.id, (${lit(NOTES)})[1 + (s.id + k) % ${NOTES.length}], 'behandelaar', s.created_at + k * interval '1 hour'
    from signal s cross join generate_series(1, 2) k where s.id % 3 = 0 and (k = 1 or s.id % 10 = 0)`.execute(db);
  await sql`insert into signal_follower (signal_id, origin_signal_id, kind, email, email_lower, verified, unsubscribe_token, created_at)
    select s.id, s.id, 'follower', 'volger' || s.id || '@example.com', 'volger' || s.id || '@example.com', s.id % 5 <> 0, md5(s.uuid::text), s.created_at + interval '2 hours'
    from signal s where s.id % 50 = 7`.execute(db);
  // The counts and the reports' departments the triggers keep (off while loading).
  await rebuildSignalCount(db);
  await rebuildSignalDepartment(db);
  await rebuildWeekCounts(db);
  phase('relations');

  await sql`set session_replication_role = default`.execute(db);
  await sql`set maintenance_work_mem = '512MB'`.execute(db);
  for (const { definition } of indexes) await sql.raw(definition).execute(db);
  phase(`indexes (${indexes.length})`);
  // As autovacuum leaves a live database: statistics and the visibility map (index-only counts).
  await sql`vacuum analyze`.execute(db);
  phase('vacuum analyze');
  return { phases };
}
