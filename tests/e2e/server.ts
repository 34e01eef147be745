/**
 * One product server (built app + API on one port, as `npm start` runs it) on a data directory
 * of its own. The global setup uses it to make the template database; every test file starts one
 * on a copy of that template (`setup-file.ts`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../server/test/fixtures.ts';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { method: 'HEAD' });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the server on `dataDir` (migrating and seeding it when it is empty) and waits until it answers. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      NODE_ENV: 'test',
      PUBLIC_URL: baseUrl,
      PUBLIC_THROTTLE_RATE: '100000',
      DEV_PAGES: '1',
      STATIC_DIR: path.join(ROOT, 'dist'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(`${baseUrl}/signals/`, child, 120_000);
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
