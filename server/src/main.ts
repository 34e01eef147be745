/**
 * Starts the server: the API and the built web app on one port.
 * Configuration by environment variables (README, "Server configuration").
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isLoopback, readConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';

const config = readConfig();
const processes = webConcurrency(process.env.WEB_CONCURRENCY);
if (cluster.isPrimary && processes > 1) {
  await runCluster(processes);
} else {
  await runServer();
}

/** WEB_CONCURRENCY: how many server processes share the port (default 1). */
function webConcurrency(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`WEB_CONCURRENCY moet een geheel getal van 1 of meer zijn (nu: ${value}).`);
    process.exit(1);
  }
  return n;
}

/**
 * N server processes on one port (Node's cluster: the first process hands out the
 * connections). They share PostgreSQL; PGlite is one process on one folder, so more
 * than one is refused. The first worker starts alone (migrations, seeding), the others
 * once it listens; a worker that dies is replaced; SIGINT/SIGTERM stop them all gracefully.
 */
async function runCluster(n: number) {
  if (!config.databaseUrl) {
    console.error(`WEB_CONCURRENCY=${n} kan alleen met PostgreSQL (DATABASE_URL): de ingebouwde database (PGlite) werkt met één serverproces per map. Zet DATABASE_URL, of start met WEB_CONCURRENCY=1.`);
    process.exit(1);
  }
  let stopping = false;
  const fork = () => cluster.fork({ MELDLOKET_WORKER_QUIET: Object.keys(cluster.workers ?? {}).length > 0 ? '1' : '' });
  const first = fork();
  await new Promise<void>((resolve, reject) => {
    first.once('listening', () => resolve());
    first.once('exit', (code) => reject(new Error(`het eerste serverproces stopte (code ${code})`)));
  }).catch((error: unknown) => {
    console.error(String(error instanceof Error ? error.message : error));
    process.exit(1);
  });
  for (let i = 1; i < n; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`serverproces ${worker.process.pid} stopte (${signal ?? code}); er wordt een nieuw gestart`);
    fork();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      let left = workers.length;
      if (left === 0) process.exit(0);
      for (const worker of workers) {
        worker.once('exit', () => {
          left -= 1;
          if (left === 0) process.exit(0);
        });
        worker.process.kill(signal);
      }
    });
  }
  console.log(`${n} serverprocessen delen poort ${config.port} (WEB_CONCURRENCY=${n})`);
}

async function runServer() {
  const { buildApp } = await import('./app.ts');
  const maintenanceFile = path.join(config.dataDir, 'MAINTENANCE');
  const app = await buildApp({
    config,
    // MAINTENANCE=1, or a file DATA_DIR/MAINTENANCE (switch without a restart).
    maintenance: () => config.maintenance || existsSync(maintenanceFile),
    logger: { level: config.logLevel },
  }).catch((error: unknown) => {
    // A second server on the same PGlite folder: say so in plain words, no stack trace.
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal}: closing`);
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error(error);
          process.exit(1);
        },
      );
    });
  }

  try {
    await app.listen({ port: config.port, host: config.host });
    if (process.env.MELDLOKET_WORKER_QUIET === '1') return;
    if (config.devPages) console.log(`Ontwikkelpagina's staan aan: ${config.publicUrl}/dev/outbox${isLoopback(config.host) ? '' : ' (LET OP: de server is vanaf het netwerk bereikbaar)'}`);
    // PUBLIC_URL, not the listening address: staff sign-in only works there (the provider's issuer is PUBLIC_URL/oidc).
    console.log(`Meldloket draait op ${config.publicUrl} (luistert op ${config.host}:${config.port}; database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`);
  } catch (error) {
    app.log.error(error);
    await app.close().catch(() => undefined);
    process.exit(1);
  }
}
