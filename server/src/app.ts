/**
 * Builds the Fastify application. Registration order (see the list in `buildApp`):
 *
 *   1. infrastructure: error handler, security (CORS, CSP, rate limiter),
 *      multipart, database (migrated + seeded), storage, mail outbox
 *   2. services:       categories, signals, classifier
 *   3. routes:         one folder per path prefix under routes/, mirroring
 *                      docs/reference/api.md
 *   4. the web app:    static files of the build + the SPA fallback
 *
 * Every plugin gets what it needs through options or the decorators of the plugins
 * before it (`app.db`, `app.storage`, `app.outbox`, `app.signals`, …).
 */
import { followerRoutes } from './routes/followers/index.ts';
import { routingPlugin, type RoutingPluginOptions } from './routing/plugin.ts';
import { areaSources } from './areas/sources.ts';
import { questionSetRoutes } from './question-sets/index.ts';
import { privacyPlugin, privacyRoutes, reporterRightsRoutes, type PrivacyPluginOptions } from './privacy/index.ts';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, type RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import type { PGlite } from '@electric-sql/pglite';
import type { Transporter } from 'nodemailer';
import { originOf, readConfig, readOidcConfig, type ServerConfig } from './config.ts';
import type { Db } from './db/index.ts';
import { lazySerializers, validatorCompiler } from './http/compilers.ts';
import { errorHandlerPlugin } from './http/error-handler.ts';
import { nullCharactersPlugin } from './http/null-characters.ts';
import { jsonBodyPlugin } from './http/json-body.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { devPagesGuard } from './http/dev-guard.ts';
import { bodyIdleTimeout } from './http/body-idle.ts';
import { securityPlugin } from './plugins/security.ts';
import { databasePlugin } from './plugins/database.ts';
import { storagePlugin } from './plugins/storage.ts';
import { openFileStore } from './storage/index.ts';
import { outboxPlugin } from './plugins/outbox.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { appConfigPlugin } from './plugins/app-config.ts';
import type { MapServices } from './plugins/map-services.ts';
import { earlyScript, staticAppPlugin } from './plugins/static-app.ts';
import { compressionPlugin } from './plugins/compression.ts';
import { faviconRoutes } from './routes/favicon/index.ts';
import { categoriesPlugin } from './services/categories/index.ts';
import { mapClustersPlugin } from './services/geography/clusters.ts';
import { changesPlugin } from './plugins/changes.ts';
import { signalsPlugin } from './services/signals/index.ts';
import { healthRoutes } from './routes/health/index.ts';
import { healthProbes } from './routes/health/probes.ts';
import { signalRoutes } from './routes/signals/index.ts';
import { termsRoutes } from './routes/terms/index.ts';
import { questionsRoutes } from './routes/questions/index.ts';
import { predictionRoutes } from './routes/prediction/index.ts';
import { devRoutes } from './routes/dev/index.ts';
import { classifierPlugin } from './services/classifier/index.ts';
import { followupPlugin } from './followup/plugin.ts';
import qaRoutes from './routes/qa/index.ts';
import reporterRoutes from './routes/reporter/index.ts';
import feedbackRoutes from './routes/feedback/index.ts';
import { standIns } from './routes/stand-ins/index.ts';
import { mySignalsPlugin } from './my-signals/index.ts';
import { externalPlugin } from './external/plugin.ts';
import { authPlugin } from './auth/index.ts';
import { privateRoutes } from './routes/private/index.ts';
import { settingsRoutes } from './settings/routes.ts';
import { workflowPlugin } from './services/workflow/plugin.ts';
import { API_PREFIX } from '@meldloket/engine';

export interface BuildOptions {
  /** Settings; anything left out comes from `readConfig()` defaults (not from the environment). */
  config?: Partial<ServerConfig>;
  /** Database overrides for tests: a started PGlite, a PostgreSQL schema, or a ready Kysely. */
  database?: { pglite?: PGlite; reopenPglite?: () => Promise<PGlite>; schema?: string; db?: Db; skipSeed?: boolean };
  /** Mail transport for tests (otherwise SMTP_URL decides). */
  mailTransport?: Pick<Transporter, 'sendMail'>;
  /** Fastify logger; off unless given. */
  logger?: FastifyServerOptions['logger'];
  /** Clock for the follow-up flows (tests). */
  now?: () => Date;
  /** Maintenance switch read at every health check; defaults to `config.maintenance`. */
  maintenance?: () => boolean;
  /**
   * The map services decided at start (main.ts probes them while the database opens);
   * the stand-ins when not given (tests).
   */
  mapServices?: MapServices | Promise<MapServices>;
  /**
   * The map services still being decided (main.ts: the probe of the national services
   * takes up to its timeout, and the first answer must not wait for it): the app starts
   * with the stand-ins and switches once this settles.
   */
  mapServicesInBackground?: Promise<MapServices>;
  /** The retention job's settings for tests (a fixed retention, no timer); otherwise MUNICIPALITY_FILE's. */
  privacy?: Pick<PrivacyPluginOptions, 'retention' | 'checkEveryMs'>;
  /** The background re-routing worker (routing/plugin.ts): how often it looks for a job, its batch size. */
  reroute?: RoutingPluginOptions;
  /** Called for every route as it is registered (tests check what each route declares). */
  onRoute?: (route: RouteOptions) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Which map services the app was configured with at start. */
    mapServices: MapServices;
  }
}

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config: ServerConfig = { ...readConfig({}), ...options.config };
  // Without explicit OIDC settings the embedded provider follows the (test's) public URL.
  if (!options.config?.oidc) config.oidc = readOidcConfig({}, config.publicUrl);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // A client that sends half a body does not hold a connection for minutes.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(config.requestTimeoutMs / 4))),
    },
    clientErrorHandler,
    // response serializers compiled on first use (validators likewise: setValidatorCompiler below)
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
    // PGlite's first start (initdb) takes several seconds on a busy machine.
    pluginTimeout: 180_000,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // A malformed URL or content type is the client's mistake: answer it in the contract's shape.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      (reply as FastifyReply).code(status).send({ detail: 'Ongeldige aanvraag.' });
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // A body that stalls half-way loses its connection after BODY_IDLE_TIMEOUT_MS without a byte.
  bodyIdleTimeout(app, config.bodyIdleTimeoutMs);
  app.server.maxConnections = config.maxConnections;
  // A repeated query parameter: the last value counts, as in Django, unless the route's schema
  // takes a list there (category_slug of the geography call). The API only; the stand-ins read lists.
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith(API_PREFIX.root)) return;
    const query = request.query as Record<string, unknown> | undefined;
    const schema = request.routeOptions.schema?.querystring as { properties?: Record<string, { type?: unknown }> } | undefined;
    const takesList = (key: string) => ([] as unknown[]).concat(schema?.properties?.[key]?.type ?? []).includes('array');
    if (query) for (const [key, value] of Object.entries(query)) if (Array.isArray(value) && !takesList(key)) query[key] = value.at(-1);
  });
  app.decorate('linkBase', { publicUrl: config.publicUrl, trustForwarded: config.trustProxy !== false });
  app.setValidatorCompiler(validatorCompiler);
  // The API speaks JSON and multipart only: anything else is a 415, as in DRF.
  app.removeContentTypeParser('text/plain');

  // 1. Infrastructure --------------------------------------------------------
  await app.register(metricsPlugin, { defaultMetrics: config.metricsPort > 0 }); // app.metrics (served by main.ts on METRICS_PORT)
  await app.register(errorHandlerPlugin);
  await app.register(jsonBodyPlugin); // depth capped before anything walks a body; __proto__ is data
  await app.register(nullCharactersPlugin); // a NUL or lone surrogate in a path, query or JSON body is a 400, not a database error
  let mapOrigins: string[] = [];
  await app.register(securityPlugin, {
    corsOrigins: config.corsOrigins,
    connectSources: config.cspExtraSources,
    lateSources: () => mapOrigins,
    scriptHashes: [earlyScript(config.staticDir)?.hash].filter((hash) => hash !== undefined),
    // the staff sign-in's silent check on a page load runs in a hidden frame at the provider (src/auth/silent.ts)
    frameSources: [originOf(config.oidc.issuer)].filter((origin) => origin !== '' && origin !== originOf(config.publicUrl)),
    hideSourceMaps: config.production,
    sharedRateLimit: config.databaseUrl !== '',
  });
  // the development pages answer only loopback names and PUBLIC_URL, and no other site's writes (DNS rebinding, CSRF)
  if (config.devPages) app.addHook('onRequest', devPagesGuard(config.publicUrl));
  await app.register(compressionPlugin); // brotli/gzip for API answers above 1 KB (static files come precompressed)
  await app.register(faviconRoutes, { staticDir: config.staticDir }); // /favicon.ico, /favicon.svg unless the built app has them
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 5, fields: 10, parts: 15, fieldSize: 64 * 1024 },
  });
  await app.register(databasePlugin, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    areaSources: areaSources(config.municipalityFile), // the municipality file's areas (docs/routing.md)
    ...options.database,
  });
  await app.register(storagePlugin, { files: await openFileStore(config.attachments, config.dataDir), tmpDir: path.join(config.dataDir, 'tmp') });
  await app.register(outboxPlugin, { smtpUrl: config.smtpUrl, from: config.mailFrom, transport: options.mailTransport });

  // 2. Services --------------------------------------------------------------
  await app.register(changesPlugin, { databaseUrl: config.databaseUrl }); // app.changes: caches kept right across server processes (LISTEN/NOTIFY)
  await app.register(categoriesPlugin); // app.categories: the category tree
  await app.register(mapClustersPlugin); // app.mapClusters: the public map's clusters per filter
  await app.register(routingPlugin, options.reroute ?? {}); // app.areas, app.routingRules: the area index and the routing rules (docs/routing.md)
  await app.register(classifierPlugin); // app.classifier: logistic regression over the example reports (question-sets/classifier)
  await app.register(authPlugin, { oidc: config.oidc, trustProxy: config.trustProxy !== false, devPages: config.devPages }); // app.auth; /oidc when embedded
  await app.register(signalsPlugin, { publicUrl: config.publicUrl, boundingBox: config.boundingBox, internalEmailDomains: config.internalEmailDomains, maxAttachmentsPerReport: config.maxAttachmentsPerReport, now: options.now }); // app.signals

  await app.register(workflowPlugin, { publicUrl: config.publicUrl, boundingBox: config.boundingBox, now: options.now }); // app.workflow: status changes, history, status mails

  // 3. Routes (one folder per path prefix) -----------------------------------
  await app.register(healthRoutes, { maintenance: options.maintenance ?? (() => config.maintenance) }); // HEAD /signals/
  await app.register(healthProbes); // /health/live, /health/ready (orchestrators)
  await app.register(signalRoutes, { throttlePerHour: config.publicThrottlePerHour, maxUploadBytes: config.maxUploadBytes }); // /signals/v1/public/signals
  await app.register(termsRoutes); // /signals/v1/public/terms/categories
  await app.register(questionsRoutes); // /signals/v1/public/questions
  await app.register(questionSetRoutes); // the question-set studio: /signals/v1/private/question-sets, /signals/v1/public/question-sets (docs/studio-api.md)
  await app.register(predictionRoutes); // /signals/category/prediction
  await app.register(privateRoutes, { maxUploadBytes: config.maxUploadBytes }); // /signals/v1/private (staff, bearer token)
  await app.register(settingsRoutes); // private: users, roles, permissions, departments, sources, categories (settings/)
  // Follow-up flows (app.followup, /dev/followup), then their route folders
  await app.register(followupPlugin, { publicUrl: config.publicUrl, devPages: config.devPages, maxUploadBytes: config.maxUploadBytes, now: options.now });
  await app.register(qaRoutes, app.followupRouteOptions); // /signals/v1/public/qa
  await app.register(reporterRoutes, app.followupRouteOptions); // /signals/v1/public/reporter/verify-email
  await app.register(feedbackRoutes, app.followupRouteOptions); // /signals/v1/public/feedback
  await app.register(followerRoutes, { throttlePerHour: config.publicThrottlePerHour }); // /signals/v1/public/followers (docs/duplicates.md)
  await app.register(mySignalsPlugin, { publicUrl: config.publicUrl, now: options.now }); // /signals/v1/my/signals ('Mijn meldingen')
  await app.register(externalPlugin, { publicUrl: config.publicUrl, maxUploadBytes: config.maxUploadBytes, now: options.now }); // /signals/v1/public/external (forward to external)
  await app.register(privacyPlugin, { municipalityFile: config.municipalityFile, now: options.now, ...options.privacy }); // app.privacy: retention and its daily job
  await app.register(privacyRoutes); // /signals/v1/private/privacy (the privacy officer)
  await app.register(reporterRightsRoutes); // /signals/v1/private/privacy/reporter (a reporter's rights)
  await app.register(standIns, { prefix: '/stand-ins' }); // outside-service stand-ins (map engineer)
  if (config.devPages) await app.register(devRoutes); // /dev/outbox (development only)

  // 4. The web app -----------------------------------------------------------
  // The municipality's configuration and the map services, as /app-config.js
  let mapServices: MapServices = (await options.mapServices) ?? { choice: 'stand-in', reason: options.mapServicesInBackground ? 'worden nog nagevraagd' : 'niet gevraagd', appConfig: {}, origins: [] };
  const useMapServices = (services: MapServices) => {
    mapServices = services;
    mapOrigins = services.origins;
  };
  useMapServices(mapServices);
  options.mapServicesInBackground?.then(useMapServices, (error: unknown) => app.log.error(error));
  app.decorate('mapServices', { getter: () => mapServices });
  await app.register(appConfigPlugin, { municipalityFile: config.municipalityFile, mapServices: () => mapServices });
  await app.register(staticAppPlugin, { staticDir: config.staticDir });

  return app;
}
