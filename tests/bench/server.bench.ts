/**
 * Load test of the create call (`npm run bench:server`): starts the server as
 * `npm start` does on a fresh data folder, creates reports from many connections
 * for a fixed time with autocannon, stops the server, and then counts the reports
 * in the database: the number stored must equal the number acknowledged (201).
 * Prints throughput and latency percentiles.
 *
 * Every request carries its own Idempotency-Key, as the web app's submit does. When
 * the clock stops, the requests still in flight are cut off by autocannon: the server
 * may have stored them without the client seeing the 201. Those keys are sent once
 * more, as the app does after a lost answer; the server then answers with the report
 * it already has (or stores it now), so every stored report is an acknowledged one.
 *
 *   BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10),
 *   BENCH_DATABASE_URL: run against PostgreSQL (a fresh schema) instead of PGlite.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../../server/test/fixtures.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';

const SUB = '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil';
const body = JSON.stringify({
  text: 'Er staat een oude kast naast de container',
  location: { geometrie: { type: 'Point', coordinates: [4.8936, 52.3731] }, address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam' } },
  category: { sub_category: SUB },
  reporter: { email: 'melder@example.com', sharing_allowed: false },
  incident_date_start: new Date().toISOString(),
  extra_properties: [{ id: 'extra_test', label: 'Test', answer: 'ja', category_url: SUB }],
});

async function waitUp(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url, { method: 'HEAD' }).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not come up at ${url}`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-bench-'));
const schema = `bench_${randomBytes(4).toString('hex')}`;
let exitCode = 0;
try {
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
  }
  const serverUrl = databaseUrl ? `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}` : '';
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: serverUrl, STATIC_DIR: '', PUBLIC_THROTTLE_RATE: '100000000', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  await waitUp(`${base}/signals/`, 120_000);

  const sent = new Set<string>();
  const acknowledgedKeys = new Set<string>();
  const acknowledgedIds = new Set<number>();
  let nextKey = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: `${base}/signals/v1/public/signals/`,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            setupRequest: (request, context) => {
              const key = `bench-${process.pid}-${(nextKey += 1)}`;
              sent.add(key);
              (context as { key?: string }).key = key;
              return { ...request, headers: { 'content-type': 'application/json', 'idempotency-key': key }, body };
            },
            onResponse: (status, responseBody, context) => {
              if (status !== 201) return;
              acknowledgedKeys.add((context as { key: string }).key);
              acknowledgedIds.add((JSON.parse(responseBody) as { id: number }).id);
            },
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
  });
  const inBenchmark = acknowledgedKeys.size;

  // The requests cut off when the clock stopped: retried with the same key.
  const cutOff = [...sent].filter((key) => !acknowledgedKeys.has(key));
  let replayed = 0;
  for (const key of cutOff) {
    const res = await fetch(`${base}/signals/v1/public/signals/`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body });
    if (res.status !== 201) continue;
    if (res.headers.get('idempotent-replayed') === 'true') replayed += 1;
    acknowledgedKeys.add(key);
    acknowledgedIds.add(((await res.json()) as { id: number }).id);
  }
  const acknowledged = acknowledgedIds.size;

  // A graceful stop: the server finishes what it accepted, then closes the database.
  server.kill('SIGTERM');
  await exited;

  let stored: number;
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    stored = Number((await c.query(`select count(*)::int as n from ${schema}.signal`)).rows[0].n);
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  } else {
    const db = new PGlite(path.join(dataDir, 'pgdata'));
    stored = (await db.query<{ n: number }>('select count(*)::int as n from signal')).rows[0].n;
    await db.close();
  }

  const l = result.latency;
  console.log(`\ncreate call, ${connections} connections, ${seconds} s, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  console.log(`  throughput: ${result.requests.average.toFixed(1)} req/s (total ${result.requests.total})`);
  console.log(`  latency ms: p50 ${l.p50}  p90 ${l.p90}  p99 ${l.p99}  max ${l.max}`);
  console.log(`  acknowledged (201) during the run: ${inBenchmark}, other status: ${result.non2xx}, errors: ${result.errors}, timeouts: ${result.timeouts}`);
  console.log(`  cut off when the clock stopped: ${cutOff.length}, retried with their Idempotency-Key: ${replayed} already stored, ${cutOff.length - replayed} stored now`);
  console.log(`  acknowledged: ${acknowledged} reports, stored after shutdown: ${stored}`);
  if (acknowledgedKeys.size !== sent.size) {
    console.error(`FAIL: ${sent.size - acknowledgedKeys.size} requests were never acknowledged, not even on retry`);
    exitCode = 1;
  }
  if (stored !== acknowledged) {
    console.error(`FAIL: stored (${stored}) != acknowledged (${acknowledged})`);
    exitCode = 1;
  } else {
    console.log('  OK: stored == acknowledged');
  }
  if (result.non2xx > 0 || result.errors > 0) exitCode = 1;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
