#!/usr/bin/env node
/**
 * npm run bench:start: how long `npm start` (node scripts/start.mjs, build check included)
 * takes until the server answers HEAD /signals/, on a fresh data folder (migrations and
 * seeding) and again on the folder it left (a restart). Targets: 5 s fresh, 2 s restart.
 * Prints the load average with every run: on a shared machine the wall times swing with it,
 * so it prints the CPU time the start used as well (npm start and every process under it,
 * until the first answer), which hardly does.
 * Options: --runs N (default 3), --root DIR (measure another checkout, e.g. an older commit).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, loadAverage, treeCpuMs } from './support.mjs';

const argRuns = process.argv.indexOf('--runs');
const RUNS = argRuns > 0 ? Number(process.argv[argRuns + 1]) : 3;
const argRoot = process.argv.indexOf('--root');
const root = argRoot > 0 ? path.resolve(process.argv[argRoot + 1]) : path.resolve(import.meta.dirname, '../..');
const TARGETS = { fresh: 5, restart: 2 };
const BEFORE = { fresh: 8.7, restart: 5 };
const load = loadAverage;


/** Seconds from `npm start` until the server answers (wall and CPU), then a graceful stop. */
async function startOnce(dataDir) {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (await fetch(`http://127.0.0.1:${port}/signals/`, { method: 'HEAD' }).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return { wall: (performance.now() - t0) / 1000, cpu: treeCpuMs(child.pid) / 1000 };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

console.log(`npm start in ${root}; load average at start: ${load()} (${availableParallelism()} cores)`);
// a first start builds dist/ and the server when they are stale, and the prepared empty database
// (build/pglite-template) when it is missing: not what is measured here. A fresh data folder below
// is a copy of that template, as for every `npm start` after `npm run build`.
const warm = mkdtempSync(path.join(tmpdir(), 'meldloket-start-'));
await startOnce(warm);
rmSync(warm, { recursive: true, force: true });

const fresh = [];
const restart = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-start-'));
  try {
    const before = load();
    const f = await startOnce(dataDir);
    const r = await startOnce(dataDir);
    fresh.push(f);
    restart.push(r);
    console.log(`  run ${i + 1}: fresh ${f.wall.toFixed(2)} s (CPU ${f.cpu.toFixed(2)} s), restart ${r.wall.toFixed(2)} s (CPU ${r.cpu.toFixed(2)} s)  (load ${before})`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const wall = (runs) => median(runs.map((r) => r.wall));
const cpu = (runs) => median(runs.map((r) => r.cpu));
console.log(`\nmedian of ${RUNS} (load average now ${load()})     before #20    now (wall / CPU)    target`);
console.log(`  fresh data folder                      ${BEFORE.fresh} s     ${wall(fresh).toFixed(2)} s / ${cpu(fresh).toFixed(2)} s   <= ${TARGETS.fresh} s`);
console.log(`  existing data folder (restart)         ${BEFORE.restart} s       ${wall(restart).toFixed(2)} s / ${cpu(restart).toFixed(2)} s   <= ${TARGETS.restart} s`);
if (wall(fresh) > TARGETS.fresh || wall(restart) > TARGETS.restart) process.exitCode = 1;
