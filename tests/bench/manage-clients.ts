/**
 * `npm run bench:manage -- --clients 50` (docs/performance.md): fifty staff at once against a real server
 * process (`build/server/main.js`, as `npm start` runs it) on the bench's database, with
 * WEB_CONCURRENCY=1 and then 2 (`--processes 1,2`).
 *
 * Each client is a staff member at work: the overview with one of the common filters (sometimes
 * page 2), a report opened from it, a search, each followed by a think time (BENCH_THINK_MS, a
 * person reads before the next click), and every 30 seconds the overview's check for new reports
 * (`created_after` the last check), as the open overview does. Clients alternate between a
 * coordinator and a handler scoped to two departments. Printed per process count: requests/s,
 * p50/p95 per kind of request, errors, and the server's CPU per request (user + system of the
 * server's process tree, from /proc); then a phase of overview pages only gives the CPU per page.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, loadAverage, treeCpuMs } from './support.mjs';

export interface ClientsOptions {
  databaseUrl: string;
  clients: number;
  processes: number[];
  tokens: { coordinator: string; behandelaar: string };
  /** Overview URLs with filters (path and query). */
  overview: string[];
  searches: string[];
  /** Report ids to open, per account: each opens what its own overview shows (a handler's scope is two departments). */
  reportIds: { coordinator: number[]; behandelaar: number[] };
  publicUrl: string;
  durationS: number;
  thinkMs: number;
}

const L = '/signals/v1/private/signals/';
const root = path.resolve(import.meta.dirname, '../..');

interface Sample {
  kind: 'overview' | 'report' | 'search' | 'new-report check';
  ms: number;
  ok: boolean;
  /** Why it failed: the HTTP status with the body's `detail`, or the socket error's code. */
  cause?: string;
}

const pct = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

function get(agent: http.Agent, base: URL, url: string, token: string): Promise<Omit<Sample, 'kind'>> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.get(new URL(url, base), { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } }, (res) => {
      const ok = res.statusCode === 200;
      let body = '';
      if (ok) res.resume();
      else res.on('data', (chunk: Buffer) => void (body.length < 500 && (body += chunk.toString())));
      res.on('end', () => {
        const ms = performance.now() - started;
        if (ok) return resolve({ ms, ok });
        let detail = body.slice(0, 120);
        try {
          detail = String((JSON.parse(body) as { detail?: unknown }).detail ?? detail);
        } catch {
          // not JSON: the start of the body
        }
        resolve({ ms, ok, cause: `${res.statusCode} ${detail}` });
      });
      res.on('error', (error: NodeJS.ErrnoException) => resolve({ ms: performance.now() - started, ok: false, cause: `response: ${error.code ?? error.message}` }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ ms: performance.now() - started, ok: false, cause: `request: ${error.code ?? error.message}` }));
  });
}

async function waitUp(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (await fetch(url, { method: 'HEAD' }).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not come up at ${url}`);
}

/** Deterministic choices (a small LCG), so runs differ only by timing. */
function chooser(seed: number) {
  let s = seed;
  return <T>(items: readonly T[]): T => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return items[(s >>> 16) % items.length]!; // the high bits: the low ones of an LCG repeat with a short period
  };
}

async function runClients(o: ClientsOptions, base: URL, durationS: number, onlyOverview: boolean): Promise<{ samples: Sample[]; seconds: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.clients });
  const samples: Sample[] = [];
  const end = Date.now() + durationS * 1000;
  const started = performance.now();
  const think = (pick: <T>(items: readonly T[]) => T) => new Promise((r) => setTimeout(r, onlyOverview ? 0 : pick([0.5, 0.75, 1, 1.25, 1.5]) * o.thinkMs));
  await Promise.all(
    Array.from({ length: o.clients }, async (_, i) => {
      const pick = chooser(i + 1);
      const account = i % 2 ? 'behandelaar' : 'coordinator';
      const token = o.tokens[account];
      const record = async (kind: Sample['kind'], url: string) => {
        const r = await get(agent, base, url, token);
        samples.push({ kind, ...r, ...(r.cause ? { cause: `${r.cause} (${url.replace(/[?].*/, '?…').replace(/\d+/g, 'N')})` } : {}) });
      };
      // the clients' 30-second checks spread over the first 30 seconds
      let nextCheck = Date.now() + ((i * 30_000) / o.clients);
      let lastCheck = new Date(Date.now() - 30_000);
      while (Date.now() < end) {
        if (!onlyOverview && Date.now() >= nextCheck) {
          const since = lastCheck;
          lastCheck = new Date();
          nextCheck += 30_000;
          await record('new-report check', `${L}?created_after=${encodeURIComponent(since.toISOString())}`);
          continue;
        }
        const overview = pick(o.overview);
        // page 2 of the whole list (a filtered list may have one page only: page 2 would be a 404)
        const page = overview === L ? pick([1, 2]) : 1;
        await record('overview', `${overview}${overview.includes('?') ? '&' : '?'}page=${page}`);
        if (onlyOverview) continue;
        await think(pick);
        const action = pick(['report', 'report', 'search', 'none']);
        if (action === 'report') await record('report', `${L}${pick(o.reportIds[account])}`);
        else if (action === 'search') await record('search', pick(o.searches));
        await think(pick);
      }
    }),
  );
  agent.destroy();
  return { samples, seconds: (performance.now() - started) / 1000 };
}

export async function benchClients(o: ClientsOptions): Promise<void> {
  const summary: string[] = [];
  buildServer();
  for (const processes of o.processes) {
    const { base, pid, stop } = await startServer(o, processes);
    try {
      await runClients({ ...o, clients: Math.min(o.clients, 10) }, base, 5, false); // warm-up
      const load0 = loadAverage();
      const cpu0 = treeCpuMs(pid);
      const mix = await runClients(o, base, o.durationS, false);
      const mixCpu = treeCpuMs(pid) - cpu0;
      const cpu1 = treeCpuMs(pid);
      const pages = await runClients(o, base, Math.max(10, o.durationS / 2), true);
      const pageCpu = treeCpuMs(pid) - cpu1;
      const load1 = loadAverage();

      const all = mix.samples;
      const failed = [...all, ...pages.samples].filter((s) => !s.ok);
      const errors = failed.length;
      console.log(`\n-- ${o.clients} staff clients, ${processes} server process(es), ${o.durationS} s mix, think time ~${o.thinkMs} ms (load average ${load0} → ${load1})`);
      console.log(`${'request'.padEnd(22)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}`);
      for (const kind of ['overview', 'report', 'search', 'new-report check'] as const) {
        const ms = all.filter((s) => s.kind === kind && s.ok).map((s) => s.ms);
        console.log(`${kind.padEnd(22)} ${String(ms.length).padStart(7)} ${pct(ms, 50).toFixed(1).padStart(8)} ${pct(ms, 95).toFixed(1).padStart(8)}`);
      }
      const okMs = all.filter((s) => s.ok).map((s) => s.ms);
      const perPage = pageCpu / Math.max(1, pages.samples.length);
      console.log(`${'all'.padEnd(22)} ${String(all.length).padStart(7)} ${pct(okMs, 50).toFixed(1).padStart(8)} ${pct(okMs, 95).toFixed(1).padStart(8)}   (target p95 ≤ 300 ms)`);
      console.log(`throughput ${(all.length / mix.seconds).toFixed(1)} requests/s; errors ${errors}; server CPU ${(mixCpu / Math.max(1, all.length)).toFixed(2)} ms per request of the mix`);
      const causes = new Map<string, number>();
      for (const f of failed) causes.set(`${f.kind}: ${f.cause}`, (causes.get(`${f.kind}: ${f.cause}`) ?? 0) + 1);
      for (const [cause, n] of [...causes].sort((a, b) => b[1] - a[1])) console.log(`  error ×${n}  ${cause}`);
      console.log(`overview pages only, back to back: ${(pages.samples.length / pages.seconds).toFixed(1)} pages/s, p95 ${pct(pages.samples.map((s) => s.ms), 95).toFixed(1)} ms, server CPU ${perPage.toFixed(2)} ms per page (target ≤ 5 ms)`);
      summary.push(`${processes} process(es): mix ${(all.length / mix.seconds).toFixed(1)} req/s p95 ${pct(okMs, 95).toFixed(0)} ms, ${errors} errors; overview pages ${(pages.samples.length / pages.seconds).toFixed(1)}/s, ${perPage.toFixed(2)} ms CPU per page`);
    } finally {
      await stop();
    }
  }
  console.log(`\n${summary.join('\n')}`);
}

/** The server as `npm start` runs it: built (scripts/build-server.mjs, a few seconds), by Node alone. */
function buildServer() {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('building the server failed');
}

/** `build/server/main.js` in a process of its own, WEB_CONCURRENCY=`processes`, on a free port; up when this resolves. */
async function startServer(o: Pick<ClientsOptions, 'databaseUrl' | 'publicUrl'>, processes: number) {
  const port = await freePort();
  const base = new URL(`http://127.0.0.1:${port}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-bench-clients-'));
  // BENCH_NODE_ARGS: e.g. "--cpu-prof --cpu-prof-dir=<folder>" to profile the server under the mix, "--trace-gc"
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, path.join(root, 'build', 'server', 'main.js')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: o.databaseUrl, STATIC_DIR: '', LOG_LEVEL: 'warn', PUBLIC_URL: o.publicUrl, WEB_CONCURRENCY: String(processes), PUBLIC_THROTTLE_RATE: '100000000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUp(`${base.origin}/signals/`, server, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: server.pid!, stop };
}

/** Resident memory of a process in bytes (VmRSS, /proc). */
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Reads a response body to its end, throwing the bytes away as they come; bytes and lines counted. */
export async function readCounting(body: AsyncIterable<unknown>) {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of body) {
    const data = chunk as Uint8Array;
    bytes += data.byteLength;
    for (let i = data.indexOf(10); i !== -1; i = data.indexOf(10, i + 1)) lines += 1;
  }
  return { bytes, lines };
}

/** Reads `url` to its end (readCounting). */
async function drain(base: URL, url: string, token: string) {
  const res = await fetch(new URL(url, base), { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return readCounting(res.body!);
}

/**
 * The CSV export's memory, measured on the server's own process (the reader here is another
 * process, so its buffers do not count): the peak growth of the server's resident memory while
 * one export of every report streams through, then while two do at once. The server first
 * answers a small export and an overview page, so what it loads once (code, categories) is
 * there before the measurement starts.
 */
export async function benchExportMemory(o: Pick<ClientsOptions, 'databaseUrl' | 'publicUrl'> & { token: string; url: string; warmUrl: string }): Promise<void> {
  buildServer();
  const { base, pid, stop } = await startServer(o, 1);
  try {
    await drain(base, o.warmUrl, o.token);
    await drain(base, L, o.token);
    console.log(`\n-- CSV export, memory of the server process alone (built server, PostgreSQL; target: growth ≤ 50 MB, two at once not double)`);
    for (const n of [1, 2]) {
      await new Promise((r) => setTimeout(r, 2000)); // what the previous run left is collected first (V8 frees idle memory)
      const before = rssOf(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
      const load = loadAverage();
      const cpu0 = treeCpuMs(pid);
      const started = performance.now();
      try {
        const runs = await Promise.all(Array.from({ length: n }, () => drain(base, o.url, o.token)));
        const ms = performance.now() - started;
        const rows = runs.reduce((sum, r) => sum + r.lines - 1, 0);
        console.log(`${`${n} export(s) of all reports at once`.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms  ${(runs.reduce((a, r) => a + r.bytes, 0) / 2 ** 20).toFixed(1).padStart(6)} MB  ` +
          `${rows.toLocaleString('en')} rows, server CPU ${((treeCpuMs(pid) - cpu0) / rows * 1000).toFixed(0)} µs per row, ` +
          `rss ${(before / 2 ** 20).toFixed(0)} MB, peak +${((peak - before) / 2 ** 20).toFixed(1)} MB  (load ${load} → ${loadAverage()})`);
      } finally {
        clearInterval(sampler);
      }
    }
  } finally {
    await stop();
  }
}
