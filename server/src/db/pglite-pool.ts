/**
 * A pg-Pool-like adapter around one PGlite instance, so Kysely's PostgresDialect
 * drives the embedded database with exactly the SQL it sends to a real server.
 *
 * PGlite is a single session: a transaction opened by one "client" would see the
 * statements of another. The adapter therefore hands out one client at a time and
 * queues the rest until it is released.
 *
 * The instance can die under the server (the WebAssembly runtime aborts, it is closed):
 * a query then fails with DatabaseUnavailableError (503 with Retry-After), and with
 * `reopen` the next connect opens the same data folder again (PostgreSQL's crash
 * recovery replays the WAL), at most once per REOPEN_INTERVAL_MS.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { DatabaseUnavailableError } from './unavailable.ts';

const REOPEN_INTERVAL_MS = 1000;

/** Did this error end the instance (rather than being a statement's mistake)? */
const isFatal = (pglite: PGlite, error: unknown) =>
  pglite.closed || (error instanceof Error && (error.name === 'RuntimeError' || /PGlite is closed|ExitStatus|Aborted\(/.test(`${error.name} ${error.message}`)));

export interface PGlitePoolOptions {
  /** Opens the instance again after it died (the same data folder); without it the pool answers 503 until the process restarts. */
  reopen?: () => Promise<PGlite>;
  /** Told when the instance died and when it was opened again. */
  onEvent?: (event: 'lost' | 'reopened', error?: unknown) => void;
}

export class PGlitePool implements PostgresPool {
  #queue: Promise<void> = Promise.resolve();
  #ended = false;
  /** Clients handed out and not released, plus those waiting for their turn. */
  #outstanding = 0;
  #pglite: PGlite;
  /** Set while the instance is dead: why, and when the last attempt to open it again was. */
  #dead: { error: unknown; triedAt: number } | undefined;
  readonly #onEnd: () => Promise<void>;

  constructor(
    pglite: PGlite,
    onEnd?: () => Promise<void>,
    private readonly options: PGlitePoolOptions = {},
  ) {
    this.#pglite = pglite;
    this.#onEnd = onEnd ?? (() => this.#pglite.close());
  }

  /** The instance queries go to now. */
  get pglite(): PGlite {
    return this.#pglite;
  }

  /** Marks the instance dead when `error` ended it; returns the error to throw. */
  #failed(pglite: PGlite, error: unknown): unknown {
    if (pglite !== this.#pglite || !isFatal(pglite, error)) return error;
    if (!this.#dead) {
      this.#dead = { error, triedAt: 0 };
      this.options.onEvent?.('lost', error);
    }
    return new DatabaseUnavailableError('the embedded database stopped', { cause: error });
  }

  /** Called with the queue held: opens the instance again, or throws DatabaseUnavailableError. */
  async #revive(): Promise<void> {
    const dead = this.#dead!;
    const reopen = this.options.reopen;
    if (!reopen || Date.now() - dead.triedAt < REOPEN_INTERVAL_MS) throw new DatabaseUnavailableError('the embedded database is not open', { cause: dead.error });
    dead.triedAt = Date.now();
    try {
      await this.#pglite.close().catch(() => undefined);
      const next = await reopen();
      await next.waitReady;
      this.#pglite = next;
      this.#dead = undefined;
      this.options.onEvent?.('reopened');
    } catch (error) {
      dead.error = error;
      throw new DatabaseUnavailableError('the embedded database could not be opened again', { cause: error });
    }
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.#ended) throw new Error('database is closed');
    this.#outstanding += 1;
    let release!: () => void;
    const turn = new Promise<void>((resolve) => (release = resolve));
    const previous = this.#queue;
    this.#queue = previous.then(() => turn);
    await previous;
    if (this.#dead) {
      try {
        await this.#revive();
      } catch (error) {
        this.#outstanding -= 1;
        release();
        throw error;
      }
    }
    const pglite = this.#pglite;
    const pool = this;
    let released = false;
    const client = {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        let result;
        try {
          result = await pglite.query<R>(sql, parameters as unknown[]);
        } catch (error) {
          throw pool.#failed(pglite, error);
        }
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
    await this.#onEnd();
  }
}
