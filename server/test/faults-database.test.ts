/**
 * Fault tests: the database goes away under the server and comes back.
 *
 * - PostgreSQL: the real server process (as `npm start` runs it) on a PostgreSQL of the
 *   test's own (pg-server.ts), under a steady load of report creates. The database is
 *   stopped (sessions ended, as by a restart or failover) and started again; the process
 *   keeps answering — 503 with Retry-After and `{"detail"}` while the database is away,
 *   201 again once it is back — and every acknowledged report is stored. Then every
 *   session of the server is ended while idle (pg_terminate_backend, as
 *   idle_session_timeout does): the process lives and answers 201.
 * - PGlite: the embedded instance is closed under the app: 503 with Retry-After, and the
 *   pool opens the same data folder again for the next request, with the data.
 *
 * Every wait is a poll with a bound (waitFor), never a sleep. Runs in CI (.ci/run installs
 * PostgreSQL); without PostgreSQL binaries the PostgreSQL part is skipped only outside CI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE } from '../src/db/unavailable.ts';
import { freePort, serverProcessEnv } from './fixtures.ts';
import { seededDataDir } from './helpers.ts';
import { postgresBinDir, startPgServer, type PgServer } from './pg-server.ts';
import { validReport } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Polls `check` every 50 ms until it holds; fails with `what` after `ms`. */
async function waitFor(what: string, ms: number, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the load saw, by outcome. */
interface Tally {
  acknowledged: string[];
  unavailable: number;
  /** Answers that are neither 201 nor a proper 503 (status and body), and requests that got no answer at all. */
  wrong: string[];
}

/** `senders` loops posting reports until `stop()`; each 503 must carry Retry-After and the detail. */
function load(baseUrl: string, senders: number) {
  const tally: Tally = { acknowledged: [], unavailable: 0, wrong: [] };
  let stopped = false;
  const loop = async (sender: number) => {
    for (let i = 0; !stopped; i++) {
      try {
        const res = await fetch(`${baseUrl}/signals/v1/public/signals/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify(validReport({ text: `Melding ${sender}-${i} tijdens de storing` })),
        });
        const body = (await res.json()) as Record<string, unknown>;
        if (res.status === 201) tally.acknowledged.push(body.signal_id as string);
        else if (res.status === 503 && res.headers.get('retry-after') === String(DATABASE_RETRY_AFTER_SECONDS) && body.detail === DATABASE_UNAVAILABLE) tally.unavailable += 1;
        else tally.wrong.push(`${res.status} ${res.headers.get('retry-after')} ${JSON.stringify(body)}`);
      } catch (error) {
        tally.wrong.push(`no answer: ${error instanceof Error ? `${error.message} ${String(error.cause)}` : String(error)}`);
        if (tally.wrong.length > 20) return;
      }
    }
  };
  const loops = Array.from({ length: senders }, (_, i) => loop(i));
  return {
    tally,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

const inCi = Boolean(process.env.CI);
const havePostgres = postgresBinDir() !== undefined;
if (inCi && !havePostgres) throw new Error('CI runs the database fault tests: install PostgreSQL (.ci/run does) or set PG_BIN');

/** The real server process on `databaseUrl`, answering; stopped with stop(). */
async function startServer(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-faults-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: serverProcessEnv(port, dataDir, databaseUrl, {
      NODE_ENV: 'test',
      LOG_FORMAT: 'json',
      MAP_SERVICES: 'stand-in',
      OIDC_EMBEDDED: '0',
      PUBLIC_THROTTLE_RATE: '1000000',
      WEB_CONCURRENCY: '1',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const alive = () => server.exitCode === null && server.signalCode === null;
  const diagnose = () => `server ${alive() ? 'running' : `exited (${server.exitCode ?? server.signalCode})`}; its last output:\n${output.slice(-3000)}`;
  const stop = async () => {
    if (alive()) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor('the server to answer', 150_000, async () => {
      if (!alive()) throw new Error(`the server stopped while starting\n${diagnose()}`);
      return fetch(`${baseUrl}/signals/`, { method: 'HEAD' }).then((r) => r.ok, () => false);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, alive, diagnose, stop };
}

describe.runIf(havePostgres)('the PostgreSQL database goes away under the running server', () => {
  let database: PgServer;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const alive = () => server!.alive();
  const diagnose = () => server!.diagnose();

  /** Each test: a database of its own on the test's PostgreSQL, and a server process on it. */
  const serverOnNewDatabase = async (name: string) => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(database.url);
    url.pathname = `/${name}`;
    server = await startServer(url.toString());
    return { baseUrl: server.baseUrl, databaseUrl: url.toString() };
  };

  beforeAll(async () => {
    database = await startPgServer();
  }, 120_000);

  afterEach(async () => {
    await server?.stop();
    server = undefined;
  }, 60_000);

  afterAll(async () => {
    await database?.destroy();
  }, 120_000);

  it("the server's sessions ended while idle (pg_terminate_backend): the process lives and answers 201", { timeout: 240_000 }, async () => {
    const { baseUrl, databaseUrl } = await serverOnNewDatabase('faults_idle');
    // fill the pool: ten reports at once leave ten idle connections (on a busy machine opening them
    // can take longer than the pool waits: that is a 503, and the report is sent again, as a client does)
    const create = () => fetch(`${baseUrl}/signals/v1/public/signals/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(validReport()) });
    const burst = await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let attempt = 0; ; attempt++) {
          const res = await create();
          if (res.status !== 503 || attempt === 5) return res.status;
        }
      }),
    );
    expect(burst, diagnose()).toEqual(Array(10).fill(201));
    expect(await database.terminateSessions('faults_idle')).toBeGreaterThanOrEqual(2); // the pool's and the change listener's
    // the server has taken the news in when its change listener is back (it reconnects on the lost connection's event,
    // as the pool drops its idle ones on theirs)
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await waitFor('the change listener to connect again', 30_000, async () => {
        if (!alive()) throw new Error(`the server stopped\n${diagnose()}`);
        const { rows } = await admin.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name like 'meldloket-changes%'`);
        return rows[0].n >= 1;
      });
    } finally {
      await admin.end();
    }

    const statuses: number[] = [];
    await waitFor('a report acknowledged after the sessions ended', 30_000, async () => {
      if (!alive()) throw new Error(`the server stopped\n${diagnose()}`);
      const res = await create();
      statuses.push(res.status);
      return res.status === 201;
    });
    // nothing in between but "come back later"
    expect(statuses.filter((s) => s !== 201 && s !== 503)).toEqual([]);
    expect(alive(), diagnose()).toBe(true);
  });

  it('restarted under load: 503 with Retry-After while it is away, 201 again after, nothing acknowledged lost', { timeout: 300_000 }, async () => {
    const { baseUrl, databaseUrl } = await serverOnNewDatabase('faults_restart');
    const traffic = load(baseUrl, 6);
    try {
      await waitFor('20 reports acknowledged before the restart', 60_000, () => traffic.tally.acknowledged.length >= 20 || traffic.tally.wrong.length > 0);
      await database.stop();
      await waitFor('503 answers while the database is away', 30_000, () => traffic.tally.unavailable >= 10 || traffic.tally.wrong.length > 0);
      expect(alive(), diagnose()).toBe(true);
      // the health check the apps call before the wizard says the same
      const health = await fetch(`${baseUrl}/signals/`, { method: 'HEAD' });
      expect([health.status, health.headers.get('retry-after')]).toEqual([503, String(DATABASE_RETRY_AFTER_SECONDS)]);

      const before = traffic.tally.acknowledged.length;
      await database.start();
      await waitFor('20 reports acknowledged after the restart, without restarting the server', 60_000, () => traffic.tally.acknowledged.length >= before + 20 || traffic.tally.wrong.length > 0);
    } finally {
      await traffic.stop();
    }
    const { acknowledged, unavailable, wrong } = traffic.tally;
    expect(wrong, diagnose()).toEqual([]);
    expect(alive(), diagnose()).toBe(true);
    expect(unavailable).toBeGreaterThanOrEqual(10);

    // every acknowledged report is stored, once
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>('select count(distinct uuid) as n from signal where uuid = any($1::uuid[])', [acknowledged]);
      expect(Number(rows[0]!.n)).toBe(new Set(acknowledged).size);
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
    } finally {
      await client.end();
    }
  });
});

describe('the embedded database (PGlite) stops under the app', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'meldloket-faults-pglite-'));
  const pgdata = path.join(dir, 'pgdata');
  let first: PGlite;
  let app: Awaited<ReturnType<typeof buildApp>>;
  /** Whether the data folder can be opened again: the test says when (a background job of the app may try first). */
  let openable = true;

  beforeAll(async () => {
    await seededDataDir(dir);
    first = new PGlite(pgdata);
    await first.waitReady;
    app = await buildApp({
      config: { dataDir: dir, databaseUrl: '', staticDir: '', publicUrl: 'http://localhost:8080', publicThrottlePerHour: 1000 },
      database: {
        pglite: first,
        reopenPglite: async () => {
          if (!openable) throw new Error('the data folder cannot be opened yet');
          return new PGlite(pgdata);
        },
      },
    });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After, then opens the data folder again and has every report', { timeout: 120_000 }, async () => {
    const create = () => app.inject({ method: 'POST', url: '/signals/v1/public/signals/', payload: validReport() });
    const stored = await create();
    expect(stored.statusCode).toBe(201);

    openable = false;
    await first.close(); // the instance ends under the server, and cannot be opened again for now
    const away = await create();
    expect({ status: away.statusCode, retryAfter: away.headers['retry-after'], body: away.json() }).toEqual({
      status: 503,
      retryAfter: String(DATABASE_RETRY_AFTER_SECONDS),
      body: { detail: DATABASE_UNAVAILABLE },
    });

    openable = true;
    let again = await create();
    await waitFor('a report acknowledged once the instance is open again', 30_000, async () => {
      if (again.statusCode === 201) return true;
      expect(again.statusCode).toBe(503);
      again = await create();
      return again.statusCode === 201;
    });
    const uuid = stored.json().signal_id as string;
    expect((await app.inject({ method: 'GET', url: `/signals/v1/public/signals/${uuid}` })).statusCode).toBe(200);
  });
});
