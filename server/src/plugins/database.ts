/** Infrastructure: the Kysely database as `app.db`, migrated and seeded, closed with the app. */
import fp from 'fastify-plugin';
import type { AreaSource } from '../areas/sources.ts';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Db, type PoolStats } from '../db/index.ts';
import { seed } from '../db/seed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** How the database's connection pool is used now (metrics); zeros for a database given by a test. */
    dbPoolStats: () => PoolStats;
  }
}

export interface DatabasePluginOptions {
  databaseUrl?: string;
  /** PGlite files go to `<dataDir>/pgdata`; undefined → in memory. */
  dataDir?: string;
  pglite?: PGlite;
  /** Opens `pglite` again after it died (db/pglite-pool.ts). */
  reopenPglite?: () => Promise<PGlite>;
  schema?: string;
  /** Use this Kysely instance as it is (no migrations, no seed, not closed by the app). */
  db?: Db;
  questionSetsDir?: string;
  /** The area files of the municipality (areas/sources.ts), imported by the seed where a type has none. */
  areaSources?: AreaSource[];
  /** Leave the seed to another process (a cluster's primary seeds once before its workers start). */
  skipSeed?: boolean;
}

export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, options) => {
    if (options.db) {
      app.decorate('db', options.db);
      app.decorate('dbPoolStats', () => ({ total: 0, idle: 0, waiting: 0 }));
      return;
    }
    const handle = await openDatabase({ ...options, onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost; the next query opens a new one') });
    if (!options.skipSeed) await seed(handle.db, { questionSetsDir: options.questionSetsDir, areaSources: options.areaSources });
    app.decorate('db', handle.db);
    app.decorate('dbPoolStats', handle.poolStats);
    app.addHook('onClose', async () => handle.close());
    app.log.info({ database: handle.kind, ...(handle.created ? { created: handle.created } : {}) }, 'database ready');
  },
  { name: 'database' },
);
