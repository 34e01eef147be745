/**
 * Durability the hard way: the real server process (as `npm start` runs it) on
 * PGlite, killed with SIGKILL right after acknowledging reports, then started again
 * on the same data folder. Every acknowledged report must still be there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort, serverProcessEnv } from './fixtures.ts';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validReport } from './support.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'meldloket-crash-'));
let child: ChildProcess | undefined;

async function start(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: serverProcessEnv(port, dataDir, '', { NODE_ENV: 'test', LOG_LEVEL: 'error', MAP_SERVICES: 'stand-in' }),
    stdio: 'ignore',
  });
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/signals/`, { method: 'HEAD' }).then((r) => r.ok, () => false)) return proc;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash right after acknowledging', () => {
  it('loses none of the acknowledged reports', { timeout: 400_000 }, async () => {
    const port = await freePort();
    child = await start(port);
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(`http://127.0.0.1:${port}/signals/v1/public/signals/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(validReport({ text: `Melding ${i} voor de crash` })),
        });
        expect(res.status).toBe(201);
        ids.push(((await res.json()) as { signal_id: string }).signal_id);
      }),
    );
    const killed = new Promise((r) => child!.once('exit', r));
    child.kill('SIGKILL');
    await killed;

    child = await start(port);
    for (const id of ids) {
      const res = await fetch(`http://127.0.0.1:${port}/signals/v1/public/signals/${id}`);
      expect(res.status).toBe(200);
    }
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  });
});
