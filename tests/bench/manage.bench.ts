/**
 * Benchmark of the back office's overview (`npm run bench:manage`, docs/overview.md): 100,000
 * generated reports on PostgreSQL, then p50/p95 server time of the first page (as a
 * coordinator who sees everything and as a handler scoped to two departments), ten common
 * filter combinations, search, signalering and the CSV export — side by side on two
 * databases in the same run: with the overview's indexes (migrations 510, 512 and 810) and the
 * same data without them (every index those migrations make dropped).
 *
 * Server time is Fastify's `reply.elapsedTime` (request in to last byte out), measured over
 * HTTP on a local port; the CSV is read and thrown away as it arrives, while the memory of
 * the process is sampled (a streamed export stays flat, a buffered one grows with the file).
 *
 * Then, on the database with the indexes, re-routing after a rule change (docs/routing.md): a rule sends
 * every report of the largest main category to another department and the background job routes
 * every open report again, in batches, while the first page of the overview is asked for back to
 * back; the job's time and progress, and the overview's p50/p95 meanwhile against the same page
 * without the job. `--reroute-only` measures only that (no query table, no export).
 *
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:55433/postgres), BENCH_REPORTS (100000),
 *   BENCH_RUNS (30 per query), BENCH_KEEP=1 keeps the two databases; `--queries-only` stops after the query table and its plans.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../server/src/app.ts';
import { INDEXES as SPEED_INDEXES } from '../../server/src/db/migrations/810_overview_speed.ts';
import type {} from '../../server/src/plugins/database.ts';
import { ACCOUNTS, bearer, mintToken } from '../../server/test/private-support.ts';
import { API_PATHS } from '@meldloket/engine';
import { benchClients, benchExportMemory, readCounting } from './manage-clients.ts';
import { generateReports } from './manage-data.ts';
import { nearbySection } from './manage-nearby.ts';
import { loadAverage } from './support.mjs';

const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:55433/postgres';
const REPORTS = Number(process.env.BENCH_REPORTS ?? 2_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;

/** The indexes of the overview's migrations (510_overview_search, 512_overview_indexes, 810_overview_speed). */
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

let generatedIn = 0;

/** A new database with the app's schema and seed; with `generate`, the reports too. Returns its name. */
async function createDatabase(label: string, generate: boolean, template?: string): Promise<string> {
  // A database of its own for each side: Kysely's migrator looks for its tables in every
  // schema of a database, so two fresh schemas in one database would collide.
  const database = `bench_manage_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(template ? `create database ${database} template ${template}` : `create database ${database}`));
  if (!generate) return database;
  const app = await openApp(database);
  try {
    const started = performance.now();
    process.stderr.write(`${label}: generating ${REPORTS.toLocaleString('en')} reports (load average ${loadAverage()})\n`);
    await generateReports(app.db, REPORTS, (line) => process.stderr.write(`${line}\n`));
    generatedIn = (performance.now() - started) / 1000;
    process.stderr.write(`${label}: ${REPORTS.toLocaleString('en')} reports generated in ${generatedIn.toFixed(1)} s (load average ${loadAverage()})\n`);
  } finally {
    await app.close();
  }
  return database;
}

async function openApp(database: string) {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-bench-manage-'));
  const app = await buildApp({ config: { dataDir, databaseUrl: url.href, staticDir: '', publicUrl: 'http://localhost:8080' } });
  app.addHook('onClose', async () => rmSync(dataDir, { recursive: true, force: true }));
  return app;
}

/** The app on `database`, listening; without the overview's indexes for the peer. */
async function setUp(label: string, database: string, withIndexes: boolean): Promise<Setup> {
  const app = await openApp(database);
  const timings = new Map<string, number>();
  app.addHook('onResponse', async (request, reply) => {
    const id = request.headers['x-bench-id'];
    if (typeof id === 'string') timings.set(id, reply.elapsedTime);
  });
  await app.ready();
  if (!withIndexes) {
    for (const name of OVERVIEW_INDEXES) await sql`drop index if exists ${sql.ref(name)}`.execute(app.db);
    await sql`vacuum analyze`.execute(app.db);
  }
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens = { coordinator: await mintToken(app, ACCOUNTS.coordinator.email, { expiresIn: 3600 }), behandelaar: await mintToken(app, ACCOUNTS.behandelaar.email, { expiresIn: 3600 }) };
  return { label, app, base, database, timings, tokens };
}

/**
 * The plans of a slow request: the app once more on a connection with auto_explain (PostgreSQL's
 * contrib module, loaded for the bench's database only) sending every statement of at least
 * `minMs` as a notice with `EXPLAIN (ANALYZE, BUFFERS)`; the bench prints them.
 */
async function explainRequests(database: string, requests: { name: string; url: string; account: keyof Setup['tokens'] }[], minMs: number) {
  await admin(async (c) => {
    await c.query(`alter database ${database} set session_preload_libraries = 'auto_explain'`);
    await c.query(`alter database ${database} set auto_explain.log_min_duration = ${Math.round(minMs)}`);
    await c.query(`alter database ${database} set auto_explain.log_analyze = on`);
    await c.query(`alter database ${database} set auto_explain.log_buffers = on`);
    await c.query(`alter database ${database} set auto_explain.log_level = notice`);
  });
  const notices: string[] = [];
  const connect = pg.Client.prototype.connect;
  // Every client the app's pool makes from here on hands its notices to the bench.
  pg.Client.prototype.connect = function (this: pg.Client, ...args: never[]) {
    this.on('notice', (n) => notices.push(n.message ?? ''));
    return (connect as (...a: never[]) => unknown).apply(this, args);
  } as typeof connect;
  const setup = await setUp('explain', database, true);
  try {
    for (const r of requests) {
      notices.length = 0;
      await timed(setup, r.url, r.account);
      console.log(`\n-- EXPLAIN (ANALYZE, BUFFERS) of '${r.name}' (statements of ${Math.round(minMs)} ms and more)`);
      console.log(notices.length ? notices.join('\n') : '(no statement that slow in this run)');
    }
  } finally {
    pg.Client.prototype.connect = connect;
    await setup.app.close();
    await admin((c) => c.query(`alter database ${database} reset all`));
  }
}

let counter = 0;
/** One request; returns the server's time in ms (and the bytes read, thrown away as they come). */
async function timed(s: Setup, url: string, account: keyof Setup['tokens'] = 'coordinator'): Promise<{ ms: number; bytes: number; lines: number; status: number }> {
  const id = String(++counter);
  const res = await fetch(`${s.base}${url}`, { headers: { ...bearer(s.tokens[account]), 'x-bench-id': id } });
  const { bytes, lines } = await readCounting(res.body!);
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
async function exportRun(s: Setup, urls: string[]) {
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
    const started = performance.now();
    const all = await Promise.all(urls.map((url) => timed(s, url)));
    const r = { ms: urls.length > 1 ? performance.now() - started : all[0]!.ms, bytes: all.reduce((n, x) => n + x.bytes, 0), lines: all[0]!.lines };
    return { ...r, rssMb: (peakRss - before.rss) / 2 ** 20, heapMb: (peakHeap - before.heapUsed) / 2 ** 20 };
  } finally {
    clearInterval(sampler);
  }
}

const since = new Date(Date.now() - 30 * 86400000).toISOString();
const open = ['m', 'i', 'b', 'ingepland', 'reopened', 'reaction requested'].map((s) => `status=${encodeURIComponent(s)}`).join('&');
const L = '/signals/v1/private/signals/';
const S = '/signals/v1/private/search/';

const argValue = (name: string) => {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
};
/** `--clients N`: N staff at once against a server process (manage-clients.ts); `--processes 1,2`: WEB_CONCURRENCY per run. */
const clientsArg = argValue('--clients') ? Number(argValue('--clients')) : 0;
const processesArg = (argValue('--processes') ?? '1,2').split(',').map(Number);

/** p95 targets of docs/performance.md per group of queries (one client). */
const TARGETS: Record<string, number> = { page: 50, filter: 50, search: 100, other: 100 };

/** Re-routing every open report in the background while the overview is asked for (docs/routing.md). */
async function rerouteRun(s: Setup) {
  const db = s.app.db;
  const w = 52;
  const headers = { ...bearer(s.tokens.coordinator), 'content-type': 'application/json' };
  const [main] = (await sql<{ id: number; name: string }>`select p.id, p.name from category p where p.parent_id is null order by (select count(*) from signal x join category c on c.id = x.category_id where c.parent_id = p.id) desc limit 1`.execute(db)).rows;
  const [asc] = (await sql<{ id: number }>`select id from department where code = 'ASC'`.execute(db)).rows;
  const current = (await (await fetch(`${s.base}${API_PATHS.routingRules}`, { headers })).json()) as { results: unknown[] };
  const rules = [...current.results, { name: `${main!.name} naar het ASC`, conditions: { main_categories: [main!.id] }, routing: [asc!.id] }];
  const put = await fetch(`${s.base}${API_PATHS.routingRules}`, { method: 'PUT', headers, body: JSON.stringify({ rules }) });
  if (put.status !== 200) throw new Error(`saving the rule: ${put.status}`);
  const quiet = await measure(s, L, 'coordinator', RUNS);
  const load = loadAverage();
  const started = await fetch(`${s.base}${API_PATHS.routingRulesReroute}`, { method: 'POST', headers, body: '{}' });
  if (started.status !== 202) throw new Error(`starting the job: ${started.status}`);
  const { id } = (await started.json()) as { id: number };
  const during: number[] = [];
  const progress: string[] = [];
  let job: { status: string; total: number; done: number; moved: number; started_at: Date | null; finished_at: Date | null };
  for (;;) {
    during.push((await timed(s, L)).ms);
    job = await db.selectFrom('reroute_job').select(['status', 'total', 'done', 'moved', 'started_at', 'finished_at']).where('id', '=', id).executeTakeFirstOrThrow();
    if (during.length % 100 === 0) progress.push(`${job.done}/${job.total}`);
    if (job.status === 'done' || job.status === 'failed') break;
  }
  const seconds = (job.finished_at!.getTime() - job.started_at!.getTime()) / 1000;
  console.log(`\n-- re-routing after a rule change ('${main!.name}' → ASC) on PostgreSQL, ${REPORTS.toLocaleString('en')} reports (load ${load} / ${loadAverage()})`);
  console.log(`job ${job.status}: ${job.done.toLocaleString('en')} open reports routed again in ${seconds.toFixed(1)} s (${Math.round(job.done / seconds).toLocaleString('en')}/s), ` +
    `${job.moved.toLocaleString('en')} moved; progress seen: ${progress.slice(0, 5).join(', ')}${progress.length > 5 ? ', …' : ''}`);
  console.log(`${'first page (coordinator) without the job'.padEnd(w)} p50 ${quiet.p50.toFixed(1).padStart(7)}  p95 ${quiet.p95.toFixed(1).padStart(7)} ms`);
  console.log(`${`first page (coordinator) during it (${during.length} requests)`.padEnd(w)} p50 ${pct(during, 50).toFixed(1).padStart(7)}  p95 ${pct(during, 95).toFixed(1).padStart(7)} ms  max ${Math.max(...during).toFixed(1)} ms`);
}

async function main() {
  const setups: Setup[] = [];
  const made: string[] = [];
  try {
    const database = process.env.BENCH_REUSE ?? (await createDatabase('reports', true));
    if (!process.env.BENCH_REUSE) made.push(database);
    setups.push(await setUp('with overview indexes', database, true));
    if (process.argv.includes('--reroute-only')) return await rerouteRun(setups[0]!);
    const ownUrl = new URL(databaseUrl);
    ownUrl.pathname = `/${database}`;
    /** The export's memory on a server process of its own (manage-clients.ts); `--export` measures only that. */
    const exportMemory = () =>
      benchExportMemory({ databaseUrl: ownUrl.href, publicUrl: 'http://localhost:8080', token: setups[0]!.tokens.coordinator, url: '/signals/v1/private/signals/export.csv', warmUrl: '/signals/v1/private/signals/export.csv?stadsdeel=A&status=m' });
    if (process.argv.includes('--export')) return await exportMemory();
    if (clientsArg) {
      const s = setups[0]!;
      const [sub] = (await sql<{ slug: string; main: string }>`select c.slug, p.slug as main from category c join category p on p.id = c.parent_id order by c.id limit 1`.execute(s.app.db)).rows;
      // what each account's own overview shows (a handler may not open reports outside its departments)
      const shown = async (account: keyof Setup['tokens']) => {
        const res = await fetch(`${s.base}${L}?page_size=100`, { headers: bearer(s.tokens[account]) });
        if (res.status !== 200) throw new Error(`overview as ${account}: ${res.status}`);
        return ((await res.json()) as { results: { id: number }[] }).results.map((r) => r.id);
      };
      const reportIds = { coordinator: await shown('coordinator'), behandelaar: await shown('behandelaar') };
      const url = new URL(databaseUrl);
      url.pathname = `/${database}`;
      await benchClients({
        databaseUrl: url.href,
        clients: clientsArg,
        processes: processesArg,
        tokens: s.tokens,
        publicUrl: 'http://localhost:8080',
        overview: [L, `${L}?${open}`, `${L}?stadsdeel=A`, `${L}?maincategory_slug=${sub!.main}`, `${L}?category_slug=${sub!.slug}&status=o`, `${L}?${open}&punctuality=late`, `${L}?status=m&stadsdeel=N&priority=high`, `${L}?assigned_user_email=null&status=m`],
        searches: [`${S}?q=lantaarnpaal`, `${S}?q=${encodeURIComponent('damrak 12')}`, `${S}?q=1012AB`, `${S}?q=SIG-${reportIds.coordinator[7]}`],
        reportIds,
        durationS: Number(process.env.BENCH_DURATION ?? 30),
        thinkMs: Number(process.env.BENCH_THINK_MS ?? 1000),
      });
      return;
    }
    if (process.env.BENCH_PEER === '1') {
      // The copy needs the source without connections: made before the first setup listens would be
      // cleaner, but the first setup ran its migrations; close, copy, reopen.
      await setups.pop()!.app.close();
      const peer = await createDatabase('peer', false, database);
      made.push(peer);
      setups.push(await setUp('with overview indexes', database, true));
      setups.push(await setUp('without (peer)', peer, false));
    }
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
    const loads: string[] = [loadAverage()];
    for (const row of rows) {
      const perSetup = [];
      // Alternate the setups per query so both see the same machine load.
      for (const s of setups) perSetup.push(await measure(s, row.url, row.account ?? 'coordinator', RUNS));
      results.set(row.name, perSetup);
      process.stderr.write('.');
    }
    loads.push(loadAverage());
    process.stderr.write('\n');

    const w = 44;
    const cell = (r: { p50: number; p95: number }) => `${r.p50.toFixed(1).padStart(7)} ${r.p95.toFixed(1).padStart(7)}`;
    console.log(`\nbench:manage — ${REPORTS.toLocaleString('en')} reports on PostgreSQL, ${RUNS} runs per query (after ${WARMUP} warm-up), server time in ms`);
    console.log(`load average before / after: ${loads.join(' / ')}${generatedIn ? `; generated in ${generatedIn.toFixed(1)} s (target < 300 s)` : ''}`);
    console.log(`${''.padEnd(w)} ${setups.map((s) => s.label.padStart(15)).join('   ')}`);
    console.log(`${'query'.padEnd(w)} ${setups.map(() => `${'p50'.padStart(7)} ${'p95'.padStart(7)}`).join('   ')}   target`);
    let group = '';
    const over: typeof rows = [];
    for (const row of rows) {
      if (row.group !== group) console.log(`-- ${(group = row.group)}`);
      const [a, ...rest] = results.get(row.name)!;
      const target = row.name.startsWith('token') ? null : TARGETS[row.group]!;
      if (target !== null && a!.p95 > target) over.push(row);
      const verdict = target === null ? '' : a!.p95 <= target ? `   ≤ ${target} ok` : `   ≤ ${target} OVER`;
      console.log(`${row.name.padEnd(w)} ${[a!, ...rest].map(cell).join('   ')}${verdict}`);
    }
    const worst = (g: string, i: number) => Math.max(...rows.filter((r) => r.group === g).map((r) => results.get(r.name)![i]!.p95));
    console.log(`\nworst p95: page ${worst('page', 0).toFixed(1)} ms (≤ 50), filters ${worst('filter', 0).toFixed(1)} ms (≤ 50), search ${worst('search', 0).toFixed(1)} ms (≤ 100), signalering ${results.get('signalering')![0]!.p95.toFixed(1)} ms (≤ 100)` +
      (setups[1] ? `   (peer: page ${worst('page', 1).toFixed(1)}, filters ${worst('filter', 1).toFixed(1)}, search ${worst('search', 1).toFixed(1)})` : ''));
    if (over.length && process.env.BENCH_EXPLAIN !== '0') {
      await explainRequests(database, over.map((r) => ({ name: r.name, url: r.url, account: r.account ?? 'coordinator' })), 5);
    }

    // `--queries-only`: the table and its plans, without the sections below (the CSV export takes minutes at 2,000,000)
    if (process.argv.includes('--queries-only')) return;

    // 'Is dit hetzelfde probleem?' (docs/duplicates.md): its own section, tests/bench/manage-nearby.ts
    await nearbySection(setups[0]!.app.db, async (url) => (await timed(setups[0]!, url)).ms, RUNS, pct);

    const exportRuns = REPORTS > 200_000 ? 1 : 3;
    console.log(`\n-- CSV export (${exportRuns} run(s) each; memory = peak growth of this process, server and reader together, while the file streams through; the server alone follows)`);
    for (const [name, url] of [['all reports', '/signals/v1/private/signals/export.csv'], ['open statuses', `/signals/v1/private/signals/export.csv?${open}`]] as const) {
      for (const s of setups) {
        const runs = [];
        for (let i = 0; i < exportRuns; i++) runs.push(await exportRun(s, [url]));
        const best = runs.reduce((a, b) => (a.ms < b.ms ? a : b));
        console.log(`${`${name}, ${s.label}`.padEnd(w)} ${best.ms.toFixed(0).padStart(6)} ms  ${(best.bytes / 2 ** 20).toFixed(1).padStart(5)} MB file (${(best.lines - 1).toLocaleString('en')} rows)  ` +
          `peak +${Math.max(...runs.map((r) => r.heapMb)).toFixed(1)} MB heap, +${Math.max(...runs.map((r) => r.rssMb)).toFixed(1)} MB rss  (load ${loadAverage()})`);
      }
    }
    // Two exports of every report at once: the growth should not double.
    const both = await exportRun(setups[0]!, ['/signals/v1/private/signals/export.csv', '/signals/v1/private/signals/export.csv']);
    console.log(`${'two exports of all reports at once'.padEnd(w)} ${both.ms.toFixed(0).padStart(6)} ms  ${(both.bytes / 2 ** 20).toFixed(1).padStart(5)} MB in all  ` +
      `peak +${both.heapMb.toFixed(1)} MB heap, +${both.rssMb.toFixed(1)} MB rss  (load ${loadAverage()})`);
    await exportMemory();
    await rerouteRun(setups[0]!);
  } finally {
    for (const s of setups) await s.app.close();
    if (!process.env.BENCH_KEEP) for (const d of made) await admin((c) => c.query(`drop database ${d}`));
    else if (made.length) console.log(`kept: ${made.join(', ')} (BENCH_REUSE=${made[0]} measures it again without generating)`);
  }
}

await main();
