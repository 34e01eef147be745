/**
 * What keeps every per-process cache right when several server processes share one
 * PostgreSQL database (WEB_CONCURRENCY, docs/operations.md): the one mechanism every cache uses.
 *
 * - A write to a table a cache is built from sends a notice in its own transaction
 *   (a trigger, migration 830), delivered by PostgreSQL only on commit.
 * - Each process keeps one connection of its own (not from the pool) that LISTENs on the
 *   channel; a notice for a table drops every cache built from that table, in this
 *   process too. The process that made the change also drops its own cache right after
 *   the write (`memo.drop()`), so it reads its own write at once.
 * - A cache is only kept while that connection is listening: before it is up, and from
 *   the moment it is lost until it is back, every read goes to the database. On
 *   (re)connect every cache is dropped, since notices may have been missed meanwhile.
 *   A lost connection is re-opened with a growing pause (0.1 s up to 5 s).
 *
 * With PGlite (one process, nothing else can write) there is no listener and a cache
 * is kept from the start: a change is seen through the writer's own `drop()`.
 */
import fp from 'fastify-plugin';
import pg from 'pg';
import { sql } from 'kysely';
import { Counter, Gauge } from 'prom-client';
import { CHANGE_CHANNEL, NOTIFYING_TABLES } from '../db/migrations/830_change_notify.ts';
import { ROUTING_NOTIFYING_TABLES } from '../db/migrations/860_areas_routing.ts';
import { SIGNAL_NOTIFYING_TABLES } from '../db/migrations/933_signal_change_notify.ts';

export type NotifyingTable = (typeof NOTIFYING_TABLES)[number] | (typeof ROUTING_NOTIFYING_TABLES)[number] | (typeof SIGNAL_NOTIFYING_TABLES)[number];

/** A value loaded from the database and kept until one of its tables changes. */
export interface Memo<T> {
  get(): Promise<T>;
  /** Forgets the value (after this process wrote one of its tables). */
  drop(): void;
}

export interface Changes {
  /** A cache of `load()`, dropped whenever any process writes one of `tables`. */
  memo<T>(tables: readonly NotifyingTable[], load: () => Promise<T>): Memo<T>;
  /** Whether caches are kept now (PGlite: always; PostgreSQL: while the listener is up). */
  readonly listening: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: Changes;
  }
}

export interface ChangesPluginOptions {
  /** PostgreSQL connection string; empty: PGlite, one process, no listener. */
  databaseUrl: string;
  /** Pause before the first attempt to re-open a lost listener (ms; default 100), doubled per failed attempt… */
  firstRetryMs?: number;
  /** …up to this (ms; default 5000). */
  maxRetryMs?: number;
}

export function createChanges(): Changes & {
  /** Drops every cache built from `table` (undefined: every cache). */
  dropAll(table?: string): void;
  setListening(listening: boolean): void;
} {
  const drops = new Map<string, Set<() => void>>();
  let listening = true;
  const changes = {
    get listening() {
      return listening;
    },
    setListening(value: boolean) {
      listening = value;
    },
    dropAll(table?: string) {
      const sets = table === undefined ? [...drops.values()] : [drops.get(table) ?? new Set<() => void>()];
      for (const set of sets) for (const drop of set) drop();
    },
    memo<T>(tables: readonly NotifyingTable[], load: () => Promise<T>): Memo<T> {
      let value: Promise<T> | undefined;
      const drop = () => {
        value = undefined;
      };
      for (const table of tables) {
        if (!drops.has(table)) drops.set(table, new Set());
        drops.get(table)!.add(drop);
      }
      return {
        get() {
          if (!listening) return load(); // a notice could be missed now: no cache
          if (value) return value;
          const loading = load();
          value = loading;
          loading.catch(() => {
            if (value === loading) value = undefined; // try again on the next read
          });
          return loading;
        },
        drop,
      };
    },
  };
  return changes;
}

export const changesPlugin = fp<ChangesPluginOptions>(
  async (app, options) => {
    const changes = createChanges();
    app.decorate('changes', changes);
    if (!options.databaseUrl) return;

    changes.setListening(false);
    new Gauge({
      name: 'meldloket_change_listener_up',
      help: 'Server processes listening for change notices; a process that is not keeps no cache meanwhile.',
      registers: [app.metrics.registry],
      collect() {
        this.set(changes.listening ? 1 : 0);
      },
    });
    const reconnects = new Counter({ name: 'meldloket_change_listener_lost_total', help: 'Times the connection listening for change notices was lost.', registers: [app.metrics.registry] });
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(app.db);
    const prefix = `${rows[0]!.schema}.`;
    const firstRetryMs = options.firstRetryMs ?? 100;
    const maxRetryMs = Math.max(options.maxRetryMs ?? 5000, firstRetryMs);
    let client: pg.Client | undefined;
    let closing = false;
    let retryMs = firstRetryMs;
    let timer: NodeJS.Timeout | undefined;

    const lost = (current: pg.Client, error?: unknown) => {
      if (client !== current) return; // already handled
      client = undefined;
      changes.setListening(false);
      changes.dropAll();
      current.end().catch(() => {});
      if (closing) return;
      reconnects.inc();
      app.log.warn({ err: error }, `change notices lost; listening again in ${retryMs} ms`);
      timer = setTimeout(() => void connect(), retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, maxRetryMs);
    };

    async function connect(): Promise<void> {
      const current = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true, application_name: `meldloket-changes ${prefix}${process.pid}` });
      client = current;
      current.on('error', (error) => lost(current, error));
      current.on('end', () => lost(current));
      current.on('notification', (notice) => {
        if (notice.channel === CHANGE_CHANNEL && notice.payload?.startsWith(prefix)) changes.dropAll(notice.payload.slice(prefix.length));
      });
      try {
        await current.connect();
        await current.query(`listen ${CHANGE_CHANNEL}`);
      } catch (error) {
        lost(current, error);
        return;
      }
      if (client !== current) return;
      // Anything written before LISTEN took effect was not announced to this process.
      changes.dropAll();
      changes.setListening(true);
      retryMs = firstRetryMs;
    }

    await connect();
    app.addHook('onClose', async () => {
      closing = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      changes.setListening(false);
      await current?.end().catch(() => {});
    });
  },
  { name: 'changes', dependencies: ['database', 'metrics'] },
);

export { NOTIFYING_TABLES };
