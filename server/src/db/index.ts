/**
 * The database: Kysely over PostgreSQL (DATABASE_URL) or over embedded PGlite with
 * its files under DATA_DIR/pgdata. Both get the same migrations and the same SQL.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { FollowupTables } from '../followup/index.ts';
import type { IdentityTables } from '../auth/tables.ts';
import type { CoreTables } from './tables.ts';
import type { OverviewTables } from '../services/overview/tables.ts';
import { PGlitePool } from './pglite-pool.ts';
import { migrateToLatest } from './migrate.ts';
import { lockDataDir } from './lock.ts';
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
  if (options.databaseUrl) {
    kind = 'postgres';
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
      if (options.dataDir) {
        await mkdir(options.dataDir, { recursive: true });
        unlock = lockDataDir(options.dataDir); // a second server on this folder stops here
      }
      try {
        pglite = new PGlite(options.dataDir ? path.join(options.dataDir, 'pgdata') : undefined);
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
    poolStats,
    close: async () => {
      await db.destroy();
      unlock?.();
    },
  };
}

export { migrateToLatest, migrationFiles } from './migrate.ts';
export { runPrepared, type PreparedStatement } from './prepared.ts';
export type * from './tables.ts';
