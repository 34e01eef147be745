/**
 * A pg-Pool-like adapter around one PGlite instance, so Kysely's PostgresDialect
 * drives the embedded database with exactly the SQL it sends to a real server.
 *
 * PGlite is a single session: a transaction opened by one "client" would see the
 * statements of another. The adapter therefore hands out one client at a time and
 * queues the rest until it is released.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

export class PGlitePool implements PostgresPool {
  #queue: Promise<void> = Promise.resolve();
  #ended = false;
  /** Clients handed out and not released, plus those waiting for their turn. */
  #outstanding = 0;

  constructor(
    readonly pglite: PGlite,
    private readonly onEnd: () => Promise<void> = () => pglite.close(),
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    if (this.#ended) throw new Error('database is closed');
    this.#outstanding += 1;
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#queue;
    this.#queue = previous.then(() => turn);
    await previous;
    const pglite = this.pglite;
    const pool = this;
    let released = false;
    const client = {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        const result = await pglite.query<R>(sql, parameters as unknown[]);
        return {
          command: (result as { command?: string }).command as PostgresQueryResult<R>['command'],
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release() {
        if (released) return;
        released = true;
        pool.#outstanding -= 1;
        release();
      },
    };
    return client as unknown as PostgresPoolClient;
  }

  /** One session: in use while a client is out; the rest wait for it. */
  stats(): { total: number; idle: number; waiting: number } {
    const busy = this.#outstanding > 0 ? 1 : 0;
    return { total: 1, idle: 1 - busy, waiting: Math.max(0, this.#outstanding - 1) };
  }

  async end(): Promise<void> {
    if (this.#ended) return;
    this.#ended = true;
    await this.#queue;
    await this.onEnd();
  }
}
