/**
 * A throw-away PostgreSQL server a test may stop, start and restart itself (the fault
 * tests), from the binaries of the machine: PG_BIN, else the newest
 * /usr/lib/postgresql/<version>/bin (Debian's packages; .ci/run installs them). As root,
 * as CI runs, the server runs as the user `postgres` (initdb refuses root).
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './fixtures.ts';

export function postgresBinDir(): string | undefined {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, 'postgres'))) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? path.join(base, versions[0], 'bin') : undefined;
}

export interface PgServer {
  url: string;
  /** Stops the server (`pg_ctl stop -m fast`: sessions are ended, as in a restart or failover). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Ends every client session on `database` (pg_terminate_backend), as an idle timeout or an operator does; answers how many. */
  terminateSessions(database: string): Promise<number>;
  /** Stops it for good and removes its files. */
  destroy(): Promise<void>;
}

export async function startPgServer(): Promise<PgServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL binaries found (set PG_BIN or install postgresql)');
  const dir = mkdtempSync(path.join(tmpdir(), 'meldloket-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  // asynchronous: a test's load keeps running while the server stops or starts
  const run = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const command = asRoot ? 'runuser' : path.join(bin, tool);
      const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
      const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) => {
        if (code === 0) return resolve();
        const log = existsSync(path.join(dir, 'log')) ? readFileSync(path.join(dir, 'log'), 'utf8').slice(-2000) : '';
        reject(new Error(`${tool} ${args.join(' ')} failed (${code}): ${output}\n${log}`));
      });
    });
  const port = await freePort();
  const data = path.join(dir, 'data');
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  await start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop,
    start,
    async terminateSessions(database) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid() and datname = $1`,
          [database],
        );
        return rows.filter((r) => r.ended).length;
      } finally {
        await client.end();
      }
    },
    async destroy() {
      await stop().catch(() => undefined); // already stopped
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
