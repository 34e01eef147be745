/**
 * A store for @fastify/rate-limit that counts in the database: one atomic upsert per
 * request starts a new window when the old one ran out, else adds one. With
 * PostgreSQL every server process shares the counters, so two processes do not
 * double the limit. (With PGlite there is one process; the in-memory store is used.)
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { runPrepared, type Db, type PreparedStatement } from '../db/index.ts';

/** The counter's upsert: a prepared statement (parsed once per connection), run on every public create. */
const INCREMENT: PreparedStatement = {
  name: 'rate_limit_incr',
  text: `insert into rate_limit (key, count, expires_at)
    values ($1::text, 1, now() + $2::float8 * interval '1 millisecond')
    on conflict (key) do update set
      count = case when rate_limit.expires_at <= now() then 1 else rate_limit.count + 1 end,
      expires_at = case when rate_limit.expires_at <= now() then excluded.expires_at else rate_limit.expires_at end
    returning count, (extract(epoch from (expires_at - now())) * 1000)::float8 as ttl`,
};

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

export function databaseStore(getDb: () => Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(prefix: unknown = '') {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const id = `${this.prefix}|${key}`;
      runPrepared<{ count: number; ttl: number }>(getDb(), INCREMENT, [id, timeWindow])
        .then(
          (rows) => callback(null, { current: Number(rows[0]!.count), ttl: Math.max(0, Math.round(Number(rows[0]!.ttl))) }),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseStore(`${String(route?.method ?? '')} ${route?.url ?? ''}`);
    }
  }
  return DatabaseStore;
}
