/**
 * Starts the server: the API and the built web app on one port.
 * Configuration by environment variables (README, "Server configuration").
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { buildApp } from './app.ts';
import { isLoopback, productionProblems, readConfig } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startMetricsServer } from './plugins/metrics.ts';
import { decideMapServices, describeMapServices } from './plugins/map-services.ts';
import { MunicipalityFileError } from './plugins/app-config.ts';

let config: ReturnType<typeof readConfig>;
try {
  config = readConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const problems = productionProblems(process.env, config);
if (problems.length > 0) {
  console.error(`Meldloket start niet in productie (NODE_ENV=production) met deze instellingen:\n${problems.map((p) => `- ${p}`).join('\n')}\nZie de README, "Productie".`);
  process.exit(1);
}
const maintenanceFile = path.join(config.dataDir, 'MAINTENANCE');
// Asked while the database opens, so an offline machine does not start slower.
const mapServices = decideMapServices(config.mapServices);
const app = await buildApp({
  config,
  mapServices,
  // MAINTENANCE=1, or a file DATA_DIR/MAINTENANCE (switch without a restart).
  maintenance: () => config.maintenance || existsSync(maintenanceFile),
  // JSON lines in production (for a log collector); readable lines in development.
  logger: config.prettyLogs
    ? { level: config.logLevel, transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true } } }
    : { level: config.logLevel },
}).catch((error: unknown) => {
  // A second server on the same PGlite folder: say so in plain words, no stack trace.
  if (error instanceof DataDirLockedError || error instanceof MunicipalityFileError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});

let closing = false;
let metricsServer: Server | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
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
}

try {
  await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort > 0) {
    metricsServer = await startMetricsServer(app.metrics, config.metricsPort, config.metricsHost);
    console.log(`Metrics (Prometheus) op http://${config.metricsHost}:${config.metricsPort}/metrics`);
  }
  if (config.devPages) console.log(`Ontwikkelpagina's staan aan: ${config.publicUrl}/dev/outbox${isLoopback(config.host) ? '' : ' (LET OP: de server is vanaf het netwerk bereikbaar)'}`);
  // PUBLIC_URL, not the listening address: staff sign-in only works there (the provider's issuer is PUBLIC_URL/oidc).
  console.log(`Meldloket draait op ${config.publicUrl} (luistert op ${config.host}:${config.port}; database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}; ${describeMapServices(app.mapServices)})`);
} catch (error) {
  app.log.error(error);
  await app.close().catch(() => undefined);
  process.exit(1);
}
