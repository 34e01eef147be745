/**
 * Starts the server: the API and the built web app on one port.
 * Configuration by environment variables (README, "Server configuration").
 *
 * With WEB_CONCURRENCY=N (N > 1, PostgreSQL only) this process becomes the primary of
 * Node's cluster: it migrates and seeds the database once, then starts N worker
 * processes that share the port, restarts a worker that dies, serves the metrics of
 * all of them together, and stops them on SIGTERM/SIGINT.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { AggregatorRegistry } from 'prom-client';
import { buildApp } from './app.ts';
import { concurrencyProblem, isLoopback, productionProblems, productionWarnings, readConfig, type ServerConfig } from './config.ts';
import { openDatabase } from './db/index.ts';
import { DataDirLockedError } from './db/lock.ts';
import { seed } from './db/seed.ts';
import { startMetricsServer } from './plugins/metrics.ts';
import { decideMapServices, describeMapServices } from './plugins/map-services.ts';
import { MunicipalityFileError } from './plugins/app-config.ts';
import { areaSources } from './areas/sources.ts';
import { describeAttachments } from './storage/index.ts';

/** Set in the environment of a cluster's workers. */
const WORKER_ENV = 'MELDLOKET_CLUSTER_WORKER';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let config: ServerConfig;
try {
  config = readConfig();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const problems = productionProblems(process.env, config);
if (problems.length > 0) {
  fail(`Meldloket start niet in productie (NODE_ENV=production) met deze instellingen:\n${problems.map((p) => `- ${p}`).join('\n')}\nZie de README, "Deploying".`);
}
for (const warning of productionWarnings(config)) console.warn(`Waarschuwing: ${warning}`);
const clusterProblem = concurrencyProblem(config);
if (clusterProblem) fail(clusterProblem);

const isWorker = process.env[WORKER_ENV] === '1';
if (config.webConcurrency > 1 && cluster.isPrimary && !isWorker) await runPrimary(config);
else await runServer(config, isWorker);

/** Runs `stop` once, on the first SIGINT or SIGTERM (a second signal while stopping does nothing more). */
function onStopSignal(stop: (signal: NodeJS.Signals) => void): void {
  let stopped = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopped) return;
    stopped = true;
    stop(signal);
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}

/** Database and address line of the start-up message. */
function startLine(config: ServerConfig, extra: string): string {
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  // PUBLIC_URL, not the listening address: staff sign-in only works there (the provider's issuer is PUBLIC_URL/oidc).
  return `Meldloket draait op ${config.publicUrl} (luistert op ${config.host}:${config.port}; database: ${database}; bijlagen: ${describeAttachments(config.attachments, config.dataDir)}; ${extra})`;
}

async function runPrimary(config: ServerConfig): Promise<void> {
  // Asked while the database is migrated and seeded; the workers get the choice.
  const deciding = decideMapServices(config.mapServices);
  // Migrations and the seed once, before any worker opens the database.
  const handle = await openDatabase({ databaseUrl: config.databaseUrl });
  try {
    await seed(handle.db, { areaSources: areaSources(config.municipalityFile) });
  } finally {
    await handle.close();
  }
  const mapServices = await deciding;
  cluster.setupPrimary({ serialization: 'advanced' });
  let stopping = false;
  let listening = 0;
  const fork = () => cluster.fork({ [WORKER_ENV]: '1', MAP_SERVICES: mapServices.choice });
  cluster.on('listening', (worker) => {
    listening += 1;
    if (listening === config.webConcurrency) {
      console.log(startLine(config, `${config.webConcurrency} processen; ${describeMapServices(mapServices)}`));
    } else if (listening > config.webConcurrency) {
      // a process started in place of one that stopped
      console.log(`Serverproces ${worker.process.pid} luistert in plaats van het gestopte.`);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`Serverproces ${worker.process.pid} is gestopt (${signal ?? `code ${code}`}); een nieuw proces wordt gestart.`);
    fork();
  });
  for (let i = 0; i < config.webConcurrency; i++) fork();

  let metricsServer: Server | undefined;
  if (config.metricsPort > 0) {
    const aggregate = new AggregatorRegistry();
    metricsServer = await startMetricsServer({ registry: { metrics: () => aggregate.clusterMetrics(), contentType: aggregate.contentType } }, config.metricsPort, config.metricsHost);
    console.log(`Metrics (Prometheus, alle ${config.webConcurrency} processen samen) op http://${config.metricsHost}:${config.metricsPort}/metrics`);
  }

  onStopSignal((signal) => {
    stopping = true;
    metricsServer?.close();
    const workers = Object.values(cluster.workers ?? {});
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const worker of workers) {
      worker?.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker?.process.kill(signal);
    }
  });
}

async function runServer(config: ServerConfig, worker: boolean): Promise<void> {
  const maintenanceFile = path.join(config.dataDir, 'MAINTENANCE');
  // Asked in the background: the server answers at once (with the stand-ins until the
  // national services have answered or the probe's timeout has passed).
  const mapServices = decideMapServices(config.mapServices);
  const app = await buildApp({
    config,
    mapServicesInBackground: mapServices,
    // A cluster's primary has seeded already.
    database: worker ? { skipSeed: true } : undefined,
    // MAINTENANCE=1, or a file DATA_DIR/MAINTENANCE (switch without a restart).
    maintenance: () => config.maintenance || existsSync(maintenanceFile),
    // JSON lines in production (for a log collector); readable lines in development.
    logger: config.prettyLogs
      ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'hostname,reqId', singleLine: true } } }
      : { level: config.logLevel },
  }).catch((error: unknown) => {
    // A second server on the same PGlite folder, a wrong municipality file: plain words, no stack trace.
    if (error instanceof DataDirLockedError || error instanceof MunicipalityFileError) fail(error.message);
    throw error;
  });
  // In a cluster the primary collects every worker's metrics.
  if (worker) AggregatorRegistry.setRegistries([app.metrics.registry]);
  // The last line, not the fix: a promise whose failure nobody awaited (no request waits on it)
  // is logged and the server keeps answering, where Node would end the process. Faults are
  // handled where they happen (the database pool, the image step, the error handler).
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection (the server keeps running)'));

  let metricsServer: Server | undefined;
  onStopSignal((signal) => {
    app.log.info(`${signal}: closing`);
    metricsServer?.close();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });

  try {
    await app.listen({ port: config.port, host: config.host });
    if (worker) return; // the primary prints the start-up lines
    if (config.metricsPort > 0) {
      metricsServer = await startMetricsServer(app.metrics, config.metricsPort, config.metricsHost);
      console.log(`Metrics (Prometheus) op http://${config.metricsHost}:${config.metricsPort}/metrics`);
    }
    if (config.devPages) console.log(`Ontwikkelpagina's staan aan: ${config.publicUrl}/dev/outbox${isLoopback(config.host) ? '' : ' (LET OP: de server is vanaf het netwerk bereikbaar)'}`);
    console.log(startLine(config, describeMapServices(await mapServices)));
  } catch (error) {
    app.log.error(error);
    await app.close().catch(() => undefined);
    process.exit(1);
  }
}
