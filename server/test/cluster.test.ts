/**
 * WEB_CONCURRENCY (docs/operations.md): N server processes share one port on PostgreSQL; one of
 * them killed mid-load (after a set number of acknowledged reports, not after a time)
 * loses no acknowledged report and stores none twice (the primary starts a new one), and
 * with PGlite more than one process is refused with a clear message.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validReport } from './support.ts';
import { freePort } from './fixtures.ts';

const root = path.resolve(import.meta.dirname, '../..');
const databaseUrl = process.env.TEST_DATABASE_URL ?? '';
const REPORTS = 60;
const SENDERS = 6;
/** A worker is killed when this many reports are acknowledged. */
const KILL_AFTER = 20;

const serverEnv = (extra: Record<string, string>) => ({
  ...process.env,
  HOST: '127.0.0.1',
  STATIC_DIR: '',
  NODE_ENV: 'test',
  LOG_LEVEL: 'error',
  MAP_SERVICES: 'stand-in',
  OIDC_EMBEDDED: '0',
  ...extra,
});

describe('WEB_CONCURRENCY', () => {
  it('refuses more than one process on the embedded database, in Dutch', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: serverEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: '', PORT: '1' }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('WEB_CONCURRENCY=2 vraagt om PostgreSQL (DATABASE_URL)');
  });

  describe.runIf(databaseUrl)('on PostgreSQL', () => {
    const name = `cluster_${randomBytes(5).toString('hex')}`;
    let primary: ChildProcess | undefined;
    let port = 0;
    const admin = () => new pg.Client({ connectionString: databaseUrl });
    const url = () => {
      const u = new URL(databaseUrl);
      u.pathname = `/${name}`;
      return u.toString();
    };

    afterAll(async () => {
      if (primary && primary.exitCode === null) {
        primary.kill('SIGTERM');
        await new Promise((resolve) => primary!.once('exit', resolve));
      }
      const c = admin();
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });

    let output = '';
    beforeAll(async () => {
      const c = admin();
      await c.connect();
      await c.query(`create database ${name}`);
      await c.end();
      port = await freePort();
      primary = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: root,
        env: serverEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: url(), PORT: String(port), PUBLIC_THROTTLE_RATE: '100000' }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      primary.stdout!.on('data', (d) => (output += String(d)));
      primary.stderr!.on('data', (d) => (output += String(d)));
      await said('2 processen');
    }, 180_000);

    /** Resolves once the server's output holds `text` (what it prints, not a clock, says it is there). */
    const said = (text: string) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          stop();
          resolve();
        };
        const exited = () => {
          stop();
          reject(new Error(`server ended before saying '${text}': ${output}`));
        };
        const stop = () => {
          primary!.stdout!.off('data', check);
          primary!.stderr!.off('data', check);
          primary!.off('exit', exited);
        };
        primary!.stdout!.on('data', check);
        primary!.stderr!.on('data', check);
        primary!.once('exit', exited);
        check();
      });

    it('every process serves a category change made in the database: the same answer, the same ETag', { timeout: 120_000 }, async () => {
      expect(primary?.exitCode).toBeNull();
      const GROFVUIL = '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil';
      const MESSAGE = 'Wij halen grofvuil binnen vijf werkdagen op (gewijzigd).';
      // Each request on a new connection: the primary hands connections to the processes in turn.
      const read = () =>
        new Promise<{ status?: number; etag?: string; body: string }>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: GROFVUIL, agent: false }, (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (d: string) => (body += d));
              res.on('end', () => resolve({ status: res.statusCode, etag: res.headers.etag, body }));
            })
            .on('error', reject);
        });
      const round = async () => {
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push(await read());
        return answers;
      };
      // Both processes have the category cached.
      const warm = await round();
      expect(warm.every((a) => a.status === 200 && !a.body.includes(MESSAGE))).toBe(true);
      expect(new Set(warm.map((a) => a.etag)).size).toBe(1);

      const db = new pg.Client({ connectionString: url() });
      await db.connect();
      await db.query(`update category set handling_message = $1 where slug = 'grofvuil'`, [MESSAGE]);
      await db.end();
      await expect
        .poll(async () => {
          const answers = await round();
          return answers.every((a) => a.status === 200 && a.body.includes(MESSAGE)) && new Set(answers.map((a) => a.etag)).size === 1;
        }, { timeout: 30_000, interval: 100 })
        .toBe(true);
    });

    it('shares the port between two processes and loses no acknowledged report when one is killed', { timeout: 420_000 }, async () => {
      // the server processes the primary started (tsx may run an esbuild helper beside them)
      const workers = () =>
        execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(primary!.pid)], { encoding: 'utf8' })
          .split('\n')
          .filter((line) => line.includes('server/src/main.ts'))
          .map((line) => Number(line.trim().split(/\s+/)[0]))
          .filter(Boolean);
      const before = workers();
      expect(before).toHaveLength(2);

      // 60 reports from 6 senders that each send their next report once the last is acknowledged, each
      // retried under its own Idempotency-Key until acknowledged. When the 20th is acknowledged (the
      // other senders mid-request), one worker is killed: a count of answers, not a clock, decides when.
      const acknowledged = new Set<string>();
      let killed = false;
      const send = async (i: number) => {
        const key = `cluster-${name}-${i}`;
        for (let attempt = 0; attempt < 40; attempt++) {
          const res = await fetch(`http://127.0.0.1:${port}/signals/v1/public/signals/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'idempotency-key': key },
            body: JSON.stringify(validReport({ text: `Melding ${i} tijdens het herstarten van een proces` })),
            // A connection handed to the process that was killed is never answered: give up and send again, as a client does.
            signal: AbortSignal.timeout(15_000),
          }).catch(() => undefined);
          if (res?.status === 201) {
            acknowledged.add(((await res.json()) as { signal_id: string }).signal_id);
            if (acknowledged.size === KILL_AFTER && !killed) {
              killed = true;
              process.kill(before[0]!, 'SIGKILL');
            }
            return;
          }
          await new Promise((r) => setTimeout(r, 250)); // a client's pause before it tries again
        }
        throw new Error(`report ${i} never acknowledged`);
      };
      let next = 0;
      const sender = async () => {
        while (next < REPORTS) await send(next++);
      };
      await Promise.all(Array.from({ length: SENDERS }, sender));

      expect(killed).toBe(true);
      expect(acknowledged.size).toBe(REPORTS);
      const db = new pg.Client({ connectionString: url() });
      await db.connect();
      const { rows } = await db.query<{ n: string }>(`select count(*) as n from signal where text like 'Melding % tijdens het herstarten van een proces'`);
      await db.end();
      expect(Number(rows[0]!.n)).toBe(REPORTS);

      // the primary started a new process in place of the killed one, and it listens
      await said('luistert in plaats van het gestopte');
      const after = workers();
      expect(after).toHaveLength(2);
      expect(after).not.toContain(before[0]);
      expect(output).toContain(`Serverproces ${before[0]} is gestopt (SIGKILL); een nieuw proces wordt gestart.`);
    });
  });
});
