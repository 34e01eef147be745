/**
 * One product server (built app + API on one port, as `npm start` runs it) on a data directory
 * of its own. The global setup uses it to make the template database; every test file starts one
 * on a copy of that template (`setup-file.ts`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../server/test/fixtures.ts';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** What `startListening` prints when the port it picked was taken after all. */
const PORT_TAKEN = /EADDRINUSE/;

/**
 * Starts a server process on a free port and waits for its own start-up line (`ready`), so a
 * test never talks to another process that happens to answer on the same port. A free port
 * can be taken by another process between the look-up and the server's listen (two test files
 * start at once): then the server stops with EADDRINUSE and this starts it again on another port.
 * The process's output goes on to this process's output unless `echo` is false.
 */
export async function startListening(
  start: (port: number) => ChildProcess,
  ready: (port: number) => string,
  timeoutMs: number,
  { echo = true }: { echo?: boolean } = {},
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const child = start(port);
    let output = '';
    child.stdout?.on('data', (d) => {
      output += String(d);
      if (echo) process.stdout.write(d);
    });
    child.stderr?.on('data', (d) => {
      output += String(d);
      if (echo) process.stderr.write(d);
    });
    const line = ready(port);
    const outcome = await new Promise<'ready' | 'exited' | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), timeoutMs);
      const check = () => {
        if (output.includes(line)) {
          clearTimeout(timer);
          resolve('ready');
        }
      };
      child.stdout?.on('data', check);
      child.stderr?.on('data', check);
      child.once('exit', () => {
        clearTimeout(timer);
        // the last output may come after 'exit': give the streams their end first
        setImmediate(() => resolve(output.includes(line) ? 'ready' : 'exited'));
      });
    });
    if (outcome === 'ready' && child.exitCode === null) return { child, port, output: () => output };
    if (outcome === 'timeout') {
      child.kill('SIGKILL');
      throw new Error(`server did not print '${line}' within ${timeoutMs} ms; its output:\n${output}`);
    }
    if (!PORT_TAKEN.test(output) || attempt >= 5) throw new Error(`server exited with code ${child.exitCode}; its output:\n${output}`);
  }
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the server on `dataDir` (migrating and seeding it when it is empty) and waits until it listens. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const { child, port } = await startListening(
    (port) =>
      spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          NODE_ENV: 'test',
          PUBLIC_URL: url(port),
          PUBLIC_THROTTLE_RATE: '100000',
          DEV_PAGES: '1',
          STATIC_DIR: path.join(ROOT, 'dist'),
          // the tests expect the embedded map stand-ins; never the national services, whether or not
          // this machine can reach them (and no 2.5 s probe at every start)
          MAP_SERVICES: 'stand-in',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    (port) => `Meldloket draait op ${url(port)} `,
    120_000,
  );
  return {
    baseUrl: url(port),
    dataDir,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
