/**
 * The database: Kysely over PostgreSQL (DATABASE_URL) or over embedded PGlite with
 * its files under DATA_DIR/pgdata. Both get the same migrations and the same SQL.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type { FollowupTables } from '../followup/index.ts';
import type { IdentityTables } from '../auth/tables.ts';
import type { CoreTables } from './tables.ts';
import type { OverviewTables } from '../services/overview/tables.ts';
import { PGlitePool } from './pglite-pool.ts';
import { migrateToLatest } from './migrate.ts';
import { lockDataDir } from './lock.ts';
import { copyTemplate, defaultTemplateRoot, isFreshCluster } from './template.ts';
import { registerRunner, type StatementRunner } from './prepared.ts';

export type Database = CoreTables & FollowupTables & IdentityTables & OverviewTables;
export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** PostgreSQL connection string; empty → PGlite. */
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined → in memory. */
  dataDir?: string;
  /** An already started PGlite instance (tests); closed with the database. */
  pglite?: PGlite;
  /** PostgreSQL schema to work in (tests use a fresh one per app). */
  schema?: string;
  /** Apply pending migrations on open (default true). */
  migrate?: boolean;
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
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    dialect = new PostgresDialect({ pool });
    poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    runner = (statement, values) => pool.query({ name: statement.name, text: statement.text, values });
  } else {
    kind = 'pglite';
    let pglite = options.pglite;
    if (!pglite) {
      const pgdata = options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined;
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
    const pool = new PGlitePool(pglite);
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
