/**
 * The database: Kysely over PostgreSQL (DATABASE_URL) or over embedded PGlite with
 * its files under DATA_DIR/pgdata. Both get the same migrations and the same SQL.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database, Db } from './database.ts';
import { PGlitePool } from './pglite-pool.ts';
import { migrateToLatest } from './migrate.ts';
import { lockDataDir } from './lock.ts';
import { copyTemplate, defaultTemplateRoot, isFreshCluster } from './template.ts';
import { registerRunner, type StatementRunner } from './prepared.ts';

export type { Database, Db } from './database.ts';

export interface DatabaseOptions {
  /** PostgreSQL connection string; empty → PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined → in memory. */
  dataDir?: string;
  /** An already started PGlite instance (tests); closed with the database. */
  pglite?: PGlite;
  /**
   * Opens the PGlite instance again after it died (PGlitePool). Default: the same data folder
   * for a PGlite on `dataDir`; none for one in memory or given as `pglite`.
   */
  reopenPglite?: () => Promise<PGlite>;
  /** PostgreSQL schema to work in (tests use a fresh one per app). */
  schema?: string;
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
  /**
   * Told of every connection the database ended or lost (a restart, a failover,
   * `idle_session_timeout`, `pg_terminate_backend`); the pool drops it and opens a new one
   * for the next query. Default: a warning on stderr.
   */
  onConnectionError?: (error: Error) => void;
  /**
   * Where the prepared empty cluster is kept (db/template.ts); a fresh `dataDir` starts as a
   * copy of it instead of PGlite's initdb. Default: PGLITE_TEMPLATE_DIR, else
   * build/pglite-template of the checkout; null: never (initdb).
   */
  templateRoot?: string | null;
}

export interface PoolStats {
  /** Connections open (PGlite: 1). */
  total: number;
  /** Connections open and not in use. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** For a new PGlite data folder: made as a copy of the prepared empty database, or by initdb. */
  created?: 'template' | 'initdb';
  /** How the connection pool is used now (the metrics read it). */
  poolStats(): PoolStats;
  close(): Promise<void>;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let dialect: PostgresDialect;
  let kind: DatabaseHandle['kind'];
  let unlock: (() => void) | undefined;
  let poolStats: () => PoolStats;
  let runner: StatementRunner;
  let created: DatabaseHandle['created'];
  if (options.databaseUrl) {
    kind = 'postgres';
    const { default: pg } = await import('pg'); // not loaded for PGlite
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // a database that does not answer a connection attempt (a failover, a dropped route) is a 503 after 10 s, not a hang
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      // No JIT compilation: the app runs short queries, and at a city's scale (2,000,000 reports)
      // the planner's cost of a count crossed jit_above_cost, so PostgreSQL spent 250-300 ms
      // compiling a query that ran in less (bench:manage's EXPLAIN, docs/performance.md).
      options: ['-c jit=off', ...(options.schema ? [`-c search_path=${options.schema}`] : [])].join(' '),
    });
    guardPool(pool, options.onConnectionError);
    dialect = new PostgresDialect({ pool });
    poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    runner = (statement, values) => pool.query({ name: statement.name, text: statement.text, values });
  } else {
    kind = 'pglite';
    let pglite = options.pglite;
    let reopen = options.reopenPglite;
    if (!pglite) {
      const pgdata = options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined;
      // an instance in memory that died took its data along: nothing to open again
      if (pgdata) reopen ??= async () => new PGlite(pgdata);
      if (options.dataDir) {
        await mkdir(options.dataDir, { recursive: true });
        unlock = lockDataDir(options.dataDir); // a second server on this folder stops here
      }
      try {
        const templateRoot = options.templateRoot === undefined ? defaultTemplateRoot() : (options.templateRoot ?? undefined);
        if (pgdata && (await isFreshCluster(pgdata))) {
          created = templateRoot && options.migrate !== false && (await fromTemplate(pgdata, templateRoot)) ? 'template' : 'initdb';
        }
        pglite = new PGlite(pgdata);
        await pglite.waitReady;
      } catch (error) {
        unlock?.();
        throw error;
      }
    }
    await pglite.waitReady;
    const pool = new PGlitePool(pglite, undefined, {
      reopen,
      onEvent: (event, error) => {
        if (event === 'lost') reportConnectionError(options.onConnectionError, error instanceof Error ? error : new Error(String(error)));
        else console.warn('De ingebouwde database is opnieuw geopend.');
      },
    });
    dialect = new PostgresDialect({ pool });
    poolStats = () => pool.stats();
    runner = async (statement, values) => {
      const client = await pool.connect();
      try {
        return await client.query(statement.text, values);
      } finally {
        client.release();
      }
    };
  }
  const db = new Kysely<Database>({ dialect });
  registerRunner(db, runner);
  if (options.migrate !== false) {
    try {
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      unlock?.();
      throw error;
    }
  }
  return {
    db,
    kind,
    created,
    poolStats,
    close: async () => {
      await db.destroy();
      unlock?.();
    },
  };
}

function reportConnectionError(onConnectionError: ((error: Error) => void) | undefined, error: Error): void {
  if (onConnectionError) onConnectionError(error);
  else console.warn(`Verbinding met de database verbroken: ${error.message}`);
}

/**
 * Without these listeners a connection the server ends ends the process: node-postgres
 * emits 'error' on an idle pooled client (the pool passes it on as its own 'error') and
 * on a checked-out client between two queries (inside a transaction), and an 'error'
 * event nobody listens to is thrown. The pool removes the broken client itself; the query
 * that was running fails, and the error handler answers it with 503 (db/unavailable.ts).
 */
function guardPool(pool: import('pg').Pool, onConnectionError?: (error: Error) => void): void {
  const report = (error: Error) => reportConnectionError(onConnectionError, error);
  // An idle client's error reaches both: the client's listener reports it, the pool's only keeps it from being thrown.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', report);
  });
}

/**
 * A fresh data folder as a copy of the prepared, migrated empty cluster. When that cannot be
 * made or copied (a read-only checkout, a full disk) PGlite runs initdb as without one.
 */
async function fromTemplate(pgdata: string, templateRoot: string): Promise<boolean> {
  try {
    await copyTemplate(pgdata, templateRoot);
    return true;
  } catch (error) {
    console.warn(`De voorbereide lege database (${templateRoot}) is niet gebruikt: ${error instanceof Error ? error.message : String(error)}. PGlite maakt de database zelf aan (initdb); dat duurt langer.`);
    return false;
  }
}

export { migrateToLatest, migrationFiles } from './migrate.ts';
export { runPrepared, type PreparedStatement } from './prepared.ts';
export type * from './tables.ts';
