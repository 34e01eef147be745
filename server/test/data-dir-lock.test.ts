/**
 * docs/security.md: two servers on one PGlite DATA_DIR corrupt it, so the second refuses to
 * start with a clear Dutch message; a lock left by a process that is gone is taken over.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, serverProcessEnv } from './fixtures.ts';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from '../src/db/lock.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'meldloket-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function startServer(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: serverProcessEnv(port, dataDir, '', { NODE_ENV: 'test', MAP_SERVICES: 'stand-in' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Meldloket draait op')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`server exited: ${output}`));
    });
  });
  return { child, ready, exited, output: () => output };
}

describe('one server per PGlite data folder', () => {
  it('refuses to start a server on a DATA_DIR another running process holds, with a Dutch message and no stack trace', async () => {
    const dataDir = tempDir();
    // This test process plays the first server: it holds the folder's lock, as a running server does.
    const release = lockDataDir(dataDir);
    try {
      const second = startServer(dataDir, await freePort());
      second.ready.catch(() => undefined);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`al in gebruik door een andere Meldloket-server (proces ${process.pid})`);
      expect(second.output()).not.toMatch(/\n\s+at /);
      expect(existsSync(path.join(dataDir, 'pgdata'))).toBe(false); // it stopped before touching the database
    } finally {
      release();
    }
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock whose process is gone, and refuses one whose process runs', () => {
    const dataDir = tempDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: Number(gone), host: hostname() }));
    const release = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid: process.ppid, host: hostname() }));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });
});
