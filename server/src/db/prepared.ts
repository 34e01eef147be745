/**
 * Hot-path statements: fixed SQL text with positional parameters, sent without
 * Kysely's query building. On PostgreSQL a named prepared statement (parsed once per
 * connection, then only bound and executed); on PGlite one query in the same queue
 * as Kysely's. A database opened elsewhere (tests hand the app a ready Kysely, or a
 * transaction) runs the same text through Kysely.
 */
import { CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

export interface PreparedStatement {
  /** Unique per distinct text: PostgreSQL keeps the parsed statement under this name per connection. */
  name: string;
  text: string;
}

export type StatementRunner = (statement: PreparedStatement, values: unknown[]) => Promise<{ rows: unknown[] }>;

const runners = new WeakMap<object, StatementRunner>();

/** Called by openDatabase: how this database runs a prepared statement directly. */
export function registerRunner(db: Db, runner: StatementRunner): void {
  runners.set(db, runner);
}

/** Runs a prepared statement and returns its rows. */
export async function runPrepared<R>(db: Db, statement: PreparedStatement, values: unknown[]): Promise<R[]> {
  const runner = runners.get(db);
  if (runner) return (await runner(statement, values)).rows as R[];
  return (await db.executeQuery(CompiledQuery.raw(statement.text, values))).rows as R[];
}
