/**
 * Load test of the create call (`npm run bench:server`). For each database (PGlite, and
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) it starts the server as
 * `npm start` does on a fresh data folder (PostgreSQL: a fresh schema), warms it up, then:
 *
 *  - open loop: creates sent at a fixed offered rate (default 100/s) whatever the answers
 *    do; each latency counts from the moment the request was due, so a slow server
 *    cannot hide its queue (no coordinated omission);
 *  - back to back: N connections (default 50) each sending the next create as soon as
 *    the last is answered; its latency is about connections ÷ throughput, the figure
 *    that counts here is the throughput;
 *
 * The server runs as it ships: built first (scripts/build-server.mjs), then run by Node alone.
 * It prints throughput, p50/p95/p99 latency, the server's CPU time per create (user +
 * system of the server process and its cluster workers, from /proc, so PGlite's work
 * in the server process is included, PostgreSQL's own processes are not), and after a
 * graceful stop checks that the reports stored equal the reports acknowledged (201).
 * Every request carries its own Idempotency-Key, as the web app's submit does; a request
 * that failed is sent again with its key after the run, as the app does after a lost answer.
 *
 * Options (or the BENCH_* variables):
 *   --seconds S (BENCH_SECONDS, 15)        --connections N (BENCH_CONNECTIONS, 50)
 *   --rate R (BENCH_RATE, 100)             --processes N or a list (1,2,4): N server processes
 *   --db pglite|postgres|both (both when a PostgreSQL URL is set)   (cluster, PostgreSQL only);
 *                                          a list runs each count and prints stored/s per count
 *   --mode open|closed|both (both)          BENCH_NODE_ARGS: node flags for the server (--cpu-prof …)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { freePort, serverProcessEnv } from '../../server/test/fixtures.ts';
import { machineCpu, treeCpuMs } from './support.mjs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string' },
    connections: { type: 'string' },
    rate: { type: 'string' },
    processes: { type: 'string' },
    db: { type: 'string' },
    mode: { type: 'string' },
  },
});
const seconds = Number(args.seconds ?? process.env.BENCH_SECONDS ?? 15);
const connections = Number(args.connections ?? process.env.BENCH_CONNECTIONS ?? 50);
const rate = Number(args.rate ?? process.env.BENCH_RATE ?? 100);
const processCounts = (args.processes ?? '1').split(',').map(Number);
if (processCounts.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--processes: a number or a list like 1,2,4');
const processes = Math.max(...processCounts);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';
const dbChoice = args.db ?? (databaseUrl ? 'both' : 'pglite');
const mode = args.mode ?? 'both';
if (dbChoice !== 'pglite' && !databaseUrl) throw new Error('--db postgres needs BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
if (processes > 1 && dbChoice === 'pglite') throw new Error('--processes N > 1 needs --db postgres: PGlite is one process on one folder');

const TARGETS = { openP95Ms: 25, cpuMs: { postgres: 1, pglite: 2 }, twoProcessesPerSecond: 1000 };
/** docs/performance.md's figures before this work (50 connections, 15 s, on this machine). */
const BEFORE = {
  pglite: { cpuMs: '4–6', perSecond: '230–380' },
  postgres: { cpuMs: '1.6–2.3', perSecond: '380–660' },
  postgres2: { perSecond: '670–790' },
};

const SUB = '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil';
const body = JSON.stringify({
  text: 'Er staat een oude kast naast de container',
  location: { geometrie: { type: 'Point', coordinates: [4.8936, 52.3731] }, address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam' } },
  category: { sub_category: SUB },
  reporter: { email: 'melder@example.com', sharing_allowed: false },
  incident_date_start: new Date().toISOString(),
  extra_properties: [{ id: 'extra_test', label: 'Test', answer: 'ja', category_url: SUB }],
});

async function waitUp(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    const ok = await fetch(url, { method: 'HEAD' }).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not come up at ${url}`);
}

interface Outcome {
  key: string;
  status: number;
  id?: number;
  ms: number;
}

/** One create with its own key over a keep-alive agent; latency from `due` (the moment it should have left). */
function create(agent: http.Agent, base: URL, key: string, due: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request(
      { agent, host: base.hostname, port: base.port, method: 'POST', path: '/signals/v1/public/signals/', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': key } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => {
          const ms = performance.now() - due;
          const status = response.statusCode ?? 0;
          let id: number | undefined;
          if (status === 201) id = (JSON.parse(Buffer.concat(chunks).toString()) as { id: number }).id;
          resolve({ key, status, id, ms });
        });
        response.on('error', () => resolve({ key, status: 0, ms: performance.now() - due }));
      },
    );
    request.on('error', () => resolve({ key, status: 0, ms: performance.now() - due }));
    request.end(body);
  });
}

let keyCounter = 0;
const nextKey = () => `bench-${process.pid}-${(keyCounter += 1)}`;

/** Open loop: one create every 1/rate s for `durationS`, sent whether or not the earlier ones were answered. */
async function openLoop(base: URL, perSecond: number, durationS: number): Promise<Outcome[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const start = performance.now();
  const total = Math.round(perSecond * durationS);
  const pending: Promise<Outcome>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(create(agent, base, nextKey(), due));
  }
  const outcomes = await Promise.all(pending);
  agent.destroy();
  return outcomes;
}

/** Back to back: `n` connections, each sending its next create when the last is answered, for `durationS`. */
async function closedLoop(base: URL, n: number, durationS: number): Promise<{ outcomes: Outcome[]; elapsedS: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: n });
  const outcomes: Outcome[] = [];
  const start = performance.now();
  const end = start + durationS * 1000;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (performance.now() < end) outcomes.push(await create(agent, base, nextKey(), performance.now()));
    }),
  );
  agent.destroy();
  return { outcomes, elapsedS: (performance.now() - start) / 1000 };
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);

interface PhaseResult {
  name: string;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  ok: number;
  failed: number;
  cpuPerCreate: number;
  load: string;
  /** where the machine's CPU went in this phase, in cores (of availableParallelism()) */
  cores?: { busy: number; server: number; loadGenerator: number };
}

function summarize(name: string, outcomes: Outcome[], elapsedS: number, cpu: number, load: string): PhaseResult {
  const ok = outcomes.filter((o) => o.status === 201);
  const latencies = ok.map((o) => o.ms).sort((a, b) => a - b);
  return {
    name,
    perSecond: ok.length / elapsedS,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    ok: ok.length,
    failed: outcomes.length - ok.length,
    cpuPerCreate: cpu / Math.max(1, ok.length),
    load,
  };
}

/** Where the CPU went: the server (its processes), this load generator, and the rest (the database, the kernel, other jobs). */
const describeCores = (c: { busy: number; server: number; loadGenerator: number }) =>
  `machine ${c.busy.toFixed(2)} of ${availableParallelism()} cores busy: server ${c.server.toFixed(2)}, load generator ${c.loadGenerator.toFixed(2)}, ` +
  `the rest (${dbChoice === 'pglite' ? 'kernel' : 'PostgreSQL, kernel'}, other jobs) ${Math.max(0, c.busy - c.server - c.loadGenerator).toFixed(2)}`;

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

async function runDatabase(kind: 'pglite' | 'postgres', nProcesses: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-bench-'));
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const results: PhaseResult[] = [];
  let failure = '';
  try {
    if (kind === 'postgres') {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`create schema ${schema}`);
      await c.end();
    }
    const serverUrl = kind === 'postgres' ? `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}` : '';
    const port = await freePort();
    const base = new URL(`http://127.0.0.1:${port}`);
    // BENCH_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const server = spawn(process.execPath, [...nodeArgs, 'build/server/main.js'], {
      cwd: root,
      env: serverProcessEnv(port, dataDir, serverUrl, {
        PUBLIC_THROTTLE_RATE: '100000000',
        NODE_ENV: 'production',
        // production refuses to start without its address and a sign-in provider (never asked here: no staff calls)
        PUBLIC_URL: base.origin,
        OIDC_ISSUER: 'https://login.example.invalid/realms/bench',
        WEB_CONCURRENCY: String(nProcesses),
      }),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    await waitUp(`${base.origin}/signals/`, server, 120_000);
    const pid = server.pid!;

    const all: Outcome[] = [];
    // warm-up: compiled code paths, pooled connections, caches
    const warm = await closedLoop(base, Math.min(connections, 10), 3);
    all.push(...warm.outcomes);

    if (mode !== 'closed') {
      const before = load();
      const cpu0 = treeCpuMs(pid);
      const t0 = performance.now();
      const outcomes = await openLoop(base, rate, seconds);
      const elapsed = (performance.now() - t0) / 1000;
      results.push(summarize(`open loop ${rate}/s`, outcomes, elapsed, treeCpuMs(pid) - cpu0, before));
      all.push(...outcomes);
    }
    if (mode !== 'open') {
      const before = load();
      const cpu0 = treeCpuMs(pid);
      const machine0 = machineCpu();
      const own0 = process.cpuUsage();
      const { outcomes, elapsedS } = await closedLoop(base, connections, seconds);
      const serverMs = treeCpuMs(pid) - cpu0;
      const machine1 = machineCpu();
      const own = process.cpuUsage(own0);
      const result = summarize(`back to back, ${connections} conn.`, outcomes, elapsedS, serverMs, before);
      const wallMs = elapsedS * 1000;
      result.cores = {
        busy: ((machine1.busyMs - machine0.busyMs) / (machine1.totalMs - machine0.totalMs)) * availableParallelism(),
        server: serverMs / wallMs,
        loadGenerator: (own.user + own.system) / 1000 / wallMs,
      };
      results.push(result);
      all.push(...outcomes);
    }

    // Failed requests are sent again with their key, as the app does after a lost answer.
    const acknowledgedIds = new Set<number>();
    const failedKeys: string[] = [];
    for (const o of all) {
      if (o.status === 201 && o.id !== undefined) acknowledgedIds.add(o.id);
      else failedKeys.push(o.key);
    }
    let neverAcknowledged = 0;
    const retryAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (const key of failedKeys) {
      const o = await create(retryAgent, base, key, performance.now());
      if (o.status === 201 && o.id !== undefined) acknowledgedIds.add(o.id);
      else neverAcknowledged += 1;
    }
    retryAgent.destroy();

    // A graceful stop: the server finishes what it accepted, then closes the database.
    server.kill('SIGTERM');
    await exited;

    let stored: number;
    if (kind === 'postgres') {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      stored = Number((await c.query(`select count(*)::int as n from ${schema}.signal`)).rows[0].n);
      await c.end();
    } else {
      const db = new PGlite(path.join(dataDir, 'pgdata'));
      stored = (await db.query<{ n: number }>('select count(*)::int as n from signal')).rows[0].n;
      await db.close();
    }
    const acknowledged = acknowledgedIds.size;
    const label = `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}${nProcesses > 1 ? `, ${nProcesses} processes` : ''}`;
    console.log(`\n${label}: ${seconds} s per phase, after a 3 s warm-up`);
    for (const r of results) {
      console.log(
        `  ${r.name.padEnd(24)} ${r.perSecond.toFixed(0).padStart(6)} stored/s   p50 ${r.p50.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  max ${r.max.toFixed(0).padStart(5)} ms   server CPU ${r.cpuPerCreate.toFixed(2)} ms/create   ${r.failed} failed   (load ${r.load})`,
      );
      if (r.cores) console.log(`    ${describeCores(r.cores)}`);
    }
    console.log(`  failed requests sent again with their key: ${failedKeys.length}, never acknowledged: ${neverAcknowledged}`);
    console.log(`  acknowledged: ${acknowledged} reports, stored after shutdown: ${stored} ${stored === acknowledged ? '(stored = acknowledged)' : ''}`);
    if (neverAcknowledged > 0) failure = `${label}: ${neverAcknowledged} requests never acknowledged`;
    if (stored !== acknowledged) failure = `${label}: stored (${stored}) != acknowledged (${acknowledged})`;
    return { kind, nProcesses, label, results, failure };
  } finally {
    if (kind === 'postgres') {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The server as it ships: built (scripts/build-server.mjs), run by Node alone, no TypeScript loader.
if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('building the server failed');
console.log(`load average at start: ${load()} (1, 5, 15 min; ${availableParallelism()} cores; the machine may be shared)`);
const kinds: ('pglite' | 'postgres')[] = dbChoice === 'both' ? ['pglite', 'postgres'] : [dbChoice as 'pglite' | 'postgres'];
const runs = [];
for (const kind of kinds) {
  for (const n of kind === 'postgres' ? processCounts : [1]) runs.push(await runDatabase(kind, n));
}

const problems: string[] = [];
console.log(`\nSummary (load average now ${load()})`);
const row = (...cells: string[]) => console.log(`  ${cells[0].padEnd(40)}${cells.slice(1).map((c) => c.padStart(16)).join('')}`);
row('', 'before #20', 'now', 'target');
for (const run of runs) {
  if (run.failure) problems.push(run.failure);
  const open = run.results.find((r) => r.name.startsWith('open'));
  const closed = run.results.find((r) => r.name.startsWith('back'));
  const before = run.kind === 'pglite' ? BEFORE.pglite : run.nProcesses === 2 ? { ...BEFORE.postgres, ...BEFORE.postgres2 } : BEFORE.postgres;
  const cpuTarget = TARGETS.cpuMs[run.kind];
  if (open) {
    row(`${run.label}: open loop ${rate}/s p95`, '', `${open.p95.toFixed(1)} ms`, `<= ${TARGETS.openP95Ms} ms`);
    if (rate === 100 && open.p95 > TARGETS.openP95Ms) problems.push(`${run.label}: open-loop p95 ${open.p95.toFixed(1)} ms > ${TARGETS.openP95Ms} ms`);
  }
  if (closed) {
    row(`${run.label}: back to back stored/s`, before.perSecond, closed.perSecond.toFixed(0), run.kind === 'postgres' && run.nProcesses === 2 ? `>= ${TARGETS.twoProcessesPerSecond}` : '');
    row(`${run.label}: back to back p95`, '', `${closed.p95.toFixed(1)} ms`, '');
    row(`${run.label}: server CPU per create`, `${before.cpuMs} ms`, `${closed.cpuPerCreate.toFixed(2)} ms`, `<= ${cpuTarget} ms`);
    if (closed.cpuPerCreate > cpuTarget) problems.push(`${run.label}: server CPU ${closed.cpuPerCreate.toFixed(2)} ms per create > ${cpuTarget} ms`);
    if (run.kind === 'postgres' && run.nProcesses === 2 && closed.perSecond < TARGETS.twoProcessesPerSecond) {
      problems.push(`${run.label}: ${closed.perSecond.toFixed(0)} stored/s < ${TARGETS.twoProcessesPerSecond}`);
    }
  }
}
// Several process counts on PostgreSQL: stored/s per count, and whether 2 processes beat 1.
const byCount = runs.filter((r) => r.kind === 'postgres').map((r) => ({ n: r.nProcesses, closed: r.results.find((x) => x.name.startsWith('back')) }));
if (byCount.length > 1 && byCount.every((r) => r.closed)) {
  console.log(`\nPostgreSQL, back to back over ${connections} connections, per number of server processes:`);
  for (const { n, closed } of byCount) {
    console.log(`  ${String(n).padStart(2)} process${n > 1 ? 'es' : '  '}  ${closed!.perSecond.toFixed(0).padStart(6)} stored/s  p95 ${closed!.p95.toFixed(1).padStart(6)} ms  ${closed!.cpuPerCreate.toFixed(2)} ms CPU/create   ${describeCores(closed!.cores!)}`);
  }
  const one = byCount.find((r) => r.n === 1)?.closed;
  const two = byCount.find((r) => r.n === 2)?.closed;
  if (one && two && two.perSecond <= one.perSecond) {
    problems.push(`PostgreSQL: 2 processes (${two.perSecond.toFixed(0)} stored/s) do not beat 1 (${one.perSecond.toFixed(0)} stored/s)`);
  }
}
if (problems.length > 0) {
  console.error(`\nNot within target:\n  - ${problems.join('\n  - ')}`);
  process.exitCode = 1;
} else console.log('\nEvery figure within its target.');
