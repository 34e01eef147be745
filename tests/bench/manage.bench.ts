/**
 * Benchmark of the back office's overview (`npm run bench:manage`, issue 15): 100,000
 * generated reports on PostgreSQL, then p50/p95 server time of the first page (as a
 * coordinator who sees everything and as a handler scoped to two departments), ten common
 * filter combinations, search, signalering and the CSV export — side by side on two
 * databases in the same run: with the overview's indexes (migrations 510, 512 and 513) and the
 * same data without them (every index those migrations make dropped).
 *
 * Server time is Fastify's `reply.elapsedTime` (request in to last byte out), measured over
 * HTTP on a local port; the CSV is read and thrown away as it arrives, while the memory of
 * the process is sampled (a streamed export stays flat, a buffered one grows with the file).
 *
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:55433/postgres), BENCH_REPORTS (100000),
 *   BENCH_RUNS (30 per query), BENCH_KEEP=1 keeps the two databases.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/src/app.ts';
import { INDEXES as SPEED_INDEXES } from '../../server/src/db/migrations/513_overview_speed.ts';
import type {} from '../../server/src/plugins/database.ts';
import { ACCOUNTS, bearer, mintToken } from '../../server/test/private-support.ts';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55433/postgres';
const REPORTS = Number(process.env.BENCH_REPORTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const TARGET_MS = 100;

/** The indexes of the overview's migrations (510_overview_search, 512_overview_indexes, 513_overview_speed). */
const OVERVIEW_INDEXES = [
  'signal_search_text_idx',
  'signal_search_postcode_idx',
  'signal_search_phone_idx',
  'signal_created_idx',
  'signal_updated_idx',
  'signal_state_created_idx',
  'signal_category_created_idx',
  'signal_stadsdeel_created_idx',
  'signal_routing_department_department_idx',
  'signal_directing_department_department_idx',
  'signal_status_log_closed_idx',
  'feedback_request_signal_created_idx',
  ...SPEED_INDEXES.map(([name]) => name),
];

interface Setup {
  label: string;
  app: FastifyInstance;
  base: string;
  database: string;
  timings: Map<string, number>;
  tokens: { coordinator: string; behandelaar: string };
}

const admin = async <T>(f: (c: pg.Client) => Promise<T>) => {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
};

/** 100,000 reports over two years, deterministic: states, districts, categories, texts, addresses, contacts, assignment, routing, parents, feedback. */
async function generate(app: FastifyInstance) {
  const db = app.db;
  const subs = await db.selectFrom('category').select('id').where('parent_id', 'is not', null).orderBy('id').execute();
  // SLAs as municipalities set them: most 5 working days, some 3 calendar days, some none.
  await sql`update category set sla_n_days = case when id % 5 = 0 then 3 when id % 7 = 0 then null else 5 end,
    sla_use_calendar_days = (id % 5 = 0) where parent_id is not null`.execute(db);
  const users = (await db.selectFrom('staff_user').select('id').orderBy('id').execute()).map((u) => u.id);
  await sql`select setseed(0.42)`.execute(db);
  await sql`
    insert into signal (uuid, source, text, state, priority, type_code, category_id, lng, lat, address, address_text, stadsdeel,
                        reporter_email, reporter_phone, assigned_user_id, incident_date_start, created_at, updated_at)
    select gen_random_uuid(),
      (array['online', 'online', 'online', 'Telefoon – ASC', 'app'])[1 + g % 5],
      (array['Lantaarnpaal kapot', 'Grofvuil naast de container', 'Boom omgewaaid', 'Losliggende stoeptegel', 'Fiets wrak in het rek',
             'Geluidsoverlast van een café', 'Zwerfafval in het park', 'Kapotte bank op het plein', 'Riool verstopt', 'Graffiti op de muur'])[1 + (g * 7) % 10]
        || ' bij ' || (array['de school', 'het station', 'de speeltuin', 'de brug', 'de markt', 'het water'])[1 + (g * 13) % 6] || ', melding ' || g,
      (array['o', 'o', 'o', 'o', 'o', 'o', 'a', 'm', 'm', 'i', 'b', 'b', 'ingepland', 'reopened', 'reaction requested'])[1 + (g * 31) % 15],
      (array['normal', 'normal', 'normal', 'normal', 'high', 'low'])[1 + (g * 17) % 6],
      (array['SIG', 'SIG', 'SIG', 'SIG', 'REQ', 'QUE', 'COM', 'MAI'])[1 + (g * 19) % 8],
      (${sql.val(subs.map((s) => s.id))}::int[])[1 + (g * 37) % ${subs.length}],
      4.85 + random() * 0.1, 52.33 + random() * 0.07,
      jsonb_build_object('openbare_ruimte', s.street, 'huisnummer', 1 + g % 200, 'postcode', s.pc || chr(65 + g % 26) || chr(65 + (g / 26) % 26), 'woonplaats', 'Amsterdam'),
      s.street || ' ' || (1 + g % 200) || ', ' || s.pc || chr(65 + g % 26) || chr(65 + (g / 26) % 26) || ' Amsterdam',
      (array['A', 'B', 'E', 'M', 'N', 'T', 'K', 'F', 'H', 'W', null])[1 + (g * 23) % 11],
      case when g % 3 = 0 then 'melder' || g || '@example.com' end,
      case when g % 4 = 0 then '06' || lpad((g * 7919 % 100000000)::text, 8, '0') end,
      case when g % 6 = 0 then (${sql.val(users)}::int[])[1 + g % ${users.length}] end,
      t, t, t + (g % 20) * interval '1 day'
    from generate_series(1, ${REPORTS}) g
    cross join lateral (select now() - (${REPORTS} - g) * (interval '2 years' / ${REPORTS}) as t) tt
    cross join lateral (select (array['Damrak', 'Rokin', 'Kalverstraat', 'Buiksloterweg', 'Bijlmerplein', 'Overtoom', 'Javastraat', 'Ferdinand Bolstraat',
                                      'Osdorpplein', 'Spuistraat', 'Nieuwendijk', 'Van Woustraat'])[1 + (g * 11) % 12] as street,
                               (array['1012', '1012', '1017', '1031', '1102', '1054', '1094', '1072', '1068', '1012', '1012', '1073'])[1 + (g * 11) % 12] as pc) s
  `.execute(db);
  const [{ min }] = (await sql<{ min: number }>`select min(id) as min from signal`.execute(db)).rows;
  // 1% parents with two children each; 5% routed to a department; 20% with a feedback request.
  await sql`update signal c set parent_id = p.id from signal p where p.id % 100 = 0 and c.id in (p.id + 1, p.id + 2)`.execute(db);
  await sql`insert into signal_directing_department (signal_id, department_id) select s.id, d.id from signal s, department d
    where s.id % 100 = 0 and d.code = 'ASC'`.execute(db);
  await sql`insert into signal_routing_department (signal_id, department_id)
    select s.id, (select id from department order by id offset (s.id % (select count(*) from department)) limit 1) from signal s where s.id % 20 = 0`.execute(db);
  await sql`insert into feedback_request (uuid, signal_uuid, submit_before, created_at, submitted_at, is_satisfied)
    select gen_random_uuid(), s.uuid::text, s.updated_at + interval '14 days', s.updated_at,
           case when s.id % 3 <> 0 then s.updated_at + interval '1 day' end, case when s.id % 3 <> 0 then s.id % 3 = 1 end
    from signal s where s.state = 'o' and s.id % 5 = 0`.execute(db);
  return min;
}

async function setUp(label: string, withIndexes: boolean): Promise<Setup> {
  // A database of its own for each side: Kysely's migrator looks for its tables in every
  // schema of a database, so two fresh schemas in one database would collide.
  const database = `bench_manage_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${database}`));
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-bench-manage-'));
  const app = await buildApp({ config: { dataDir, databaseUrl: url.href, staticDir: '', publicUrl: 'http://localhost:8080' } });
  const timings = new Map<string, number>();
  app.addHook('onResponse', async (request, reply) => {
    const id = request.headers['x-bench-id'];
    if (typeof id === 'string') timings.set(id, reply.elapsedTime);
  });
  app.addHook('onClose', async () => rmSync(dataDir, { recursive: true, force: true }));
  await app.ready();
  const started = performance.now();
  await generate(app);
  if (!withIndexes) for (const name of OVERVIEW_INDEXES) await sql`drop index if exists ${sql.ref(name)}`.execute(app.db);
  // As autovacuum leaves a live database: statistics and the visibility map (index-only counts).
  await sql`vacuum analyze`.execute(app.db);
  process.stderr.write(`${label}: ${REPORTS} reports generated in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens = { coordinator: await mintToken(app, ACCOUNTS.coordinator.email, { expiresIn: 3600 }), behandelaar: await mintToken(app, ACCOUNTS.behandelaar.email, { expiresIn: 3600 }) };
  return { label, app, base, database, timings, tokens };
}

let counter = 0;
/** One request; returns the server's time in ms (and the bytes read, thrown away as they come). */
async function timed(s: Setup, url: string, account: keyof Setup['tokens'] = 'coordinator'): Promise<{ ms: number; bytes: number; lines: number; status: number }> {
  const id = String(++counter);
  const res = await fetch(`${s.base}${url}`, { headers: { ...bearer(s.tokens[account]), 'x-bench-id': id } });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body!) {
    const data = chunk as Uint8Array;
    bytes += data.byteLength;
    for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, i + 1)) lines += 1;
  }
  for (let i = 0; i < 50 && !s.timings.has(id); i++) await new Promise((r) => setTimeout(r, 1));
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return { ms: s.timings.get(id)!, bytes, lines, status: res.status };
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function measure(s: Setup, url: string, account: keyof Setup['tokens'], runs: number) {
  for (let i = 0; i < WARMUP; i++) await timed(s, url, account);
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) ms.push((await timed(s, url, account)).ms);
  return { p50: pct(ms, 50), p95: pct(ms, 95) };
}

/** Peak memory growth of this process (server and the reader) while the whole CSV streams through. */
async function exportRun(s: Setup, url: string) {
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  try {
    const r = await timed(s, url);
    return { ...r, rssMb: (peakRss - before.rss) / 2 ** 20, heapMb: (peakHeap - before.heapUsed) / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

const since = new Date(Date.now() - 30 * 86400000).toISOString();
const open = ['m', 'i', 'b', 'ingepland', 'reopened', 'reaction requested'].map((s) => `status=${encodeURIComponent(s)}`).join('&');
const L = '/signals/v1/private/signals/';
const S = '/signals/v1/private/search/';

async function main() {
  const setups: Setup[] = [];
  try {
    setups.push(await setUp('with overview indexes', true));
    setups.push(await setUp('without (peer)', false));
    const [sub] = (await sql<{ slug: string; main: string }>`select c.slug, p.slug as main from category c join category p on p.id = c.parent_id order by c.id limit 1`.execute(setups[0]!.app.db)).rows;
    const someId = (await sql<{ id: number }>`select id from signal order by id offset ${Math.floor(REPORTS / 2)} limit 1`.execute(setups[0]!.app.db)).rows[0]!.id;

    const rows: { group: string; name: string; url: string; account?: keyof Setup['tokens'] }[] = [
      { group: 'page', name: 'first page (coordinator, all reports)', url: L },
      { group: 'page', name: 'first page (handler, 2 departments)', url: L, account: 'behandelaar' },
      { group: 'filter', name: 'open statuses', url: `${L}?${open}` },
      { group: 'filter', name: 'stadsdeel=A', url: `${L}?stadsdeel=A` },
      { group: 'filter', name: 'status=m & stadsdeel=N & priority=high', url: `${L}?status=m&stadsdeel=N&priority=high` },
      { group: 'filter', name: 'maincategory_slug', url: `${L}?maincategory_slug=${sub!.main}` },
      { group: 'filter', name: 'category_slug & status=o', url: `${L}?category_slug=${sub!.slug}&status=o` },
      { group: 'filter', name: 'open & punctuality=late', url: `${L}?${open}&punctuality=late` },
      { group: 'filter', name: 'unassigned & status=m', url: `${L}?assigned_user_email=null&status=m` },
      { group: 'filter', name: 'created in the last 30 days', url: `${L}?created_after=${encodeURIComponent(since)}` },
      { group: 'filter', name: 'status=b ordered by -updated_at', url: `${L}?status=b&ordering=-updated_at` },
      { group: 'filter', name: 'routing_department_code=ASC', url: `${L}?routing_department_code=ASC` },
      { group: 'filter', name: 'open, handler (scoped), ordered by address', url: `${L}?${open}&ordering=address`, account: 'behandelaar' },
      { group: 'search', name: 'search SIG-number', url: `${S}?q=SIG-${someId}` },
      { group: 'search', name: "search 'lantaarnpaal'", url: `${S}?q=lantaarnpaal` },
      { group: 'search', name: "search 'damrak 12'", url: `${S}?q=${encodeURIComponent('damrak 12')}` },
      { group: 'search', name: "search postcode '1012AB'", url: `${S}?q=1012AB` },
      { group: 'search', name: "search 'kapotte bank plein'", url: `${S}?q=${encodeURIComponent('kapotte bank plein')}` },
      { group: 'search', name: 'search e-mail', url: `${S}?q=melder${someId - (someId % 3)}%40example.com` },
      { group: 'other', name: 'signalering', url: '/signals/v1/private/signalering/' },
      { group: 'other', name: 'token check only (GET /private/me/)', url: '/signals/v1/private/me/' },
    ];

    const results = new Map<string, { p50: number; p95: number }[]>();
    for (const row of rows) {
      const perSetup = [];
      // Alternate the setups per query so both see the same machine load.
      for (const s of setups) perSetup.push(await measure(s, row.url, row.account ?? 'coordinator', RUNS));
      results.set(row.name, perSetup);
      process.stderr.write('.');
    }
    process.stderr.write('\n');

    const w = 44;
    const cell = (r: { p50: number; p95: number }) => `${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)}`;
    console.log(`\nbench:manage — ${REPORTS.toLocaleString('en')} reports on PostgreSQL, ${RUNS} runs per query (after ${WARMUP} warm-up), server time in ms`);
    console.log(`${''.padEnd(w)} ${setups[0]!.label.padStart(15)}   ${setups[1]!.label.padStart(15)}`);
    console.log(`${'query'.padEnd(w)} ${'p50'.padStart(7)} ${'p95'.padStart(7)}   ${'p50'.padStart(7)} ${'p95'.padStart(7)}`);
    let group = '';
    for (const row of rows) {
      if (row.group !== group) console.log(`-- ${(group = row.group)}`);
      const [a, b] = results.get(row.name)!;
      console.log(`${row.name.padEnd(w)} ${cell(a!)}   ${cell(b!)}${row.group === 'page' || row.group === 'search' ? (a!.p95 <= TARGET_MS ? '   ok' : `   over ${TARGET_MS} ms`) : ''}`);
    }
    const worst = (g: string, i: number) => Math.max(...rows.filter((r) => r.group === g).map((r) => results.get(r.name)![i]!.p95));
    console.log(`\nworst p95 (target ≤ ${TARGET_MS} ms): page ${worst('page', 0).toFixed(1)} ms, search ${worst('search', 0).toFixed(1)} ms, filters ${worst('filter', 0).toFixed(1)} ms` +
      `   (peer: page ${worst('page', 1).toFixed(1)}, search ${worst('search', 1).toFixed(1)}, filters ${worst('filter', 1).toFixed(1)})`);

    console.log('\n-- CSV export (3 runs each; memory = peak growth of this process while the file streams through)');
    for (const [name, url] of [['all reports', '/signals/v1/private/signals/export.csv'], ['open statuses', `/signals/v1/private/signals/export.csv?${open}`]] as const) {
      for (const s of setups) {
        const runs = [];
        for (let i = 0; i < 3; i++) runs.push(await exportRun(s, url));
        const best = runs.reduce((a, b) => (a.ms < b.ms ? a : b));
        console.log(`${`${name}, ${s.label}`.padEnd(w)} ${best.ms.toFixed(0).padStart(6)} ms  ${(best.bytes / 2 ** 20).toFixed(1).padStart(5)} MB file (${(best.lines - 1).toLocaleString('en')} rows)  ` +
          `peak +${Math.max(...runs.map((r) => r.heapMb)).toFixed(1)} MB heap, +${Math.max(...runs.map((r) => r.rssMb)).toFixed(1)} MB rss`);
      }
    }
  } finally {
    for (const s of setups) {
      await s.app.close();
      if (!process.env.BENCH_KEEP) await admin((c) => c.query(`drop database ${s.database}`));
    }
  }
}

await main();
