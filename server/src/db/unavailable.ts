/**
 * "The database is away": the one test of whether an error means the database cannot be
 * reached now (restart, failover, a connection ended by the server, no connection to be
 * had), as opposed to a mistake in a statement. The error handler answers those with 503,
 * `Retry-After` and DATABASE_UNAVAILABLE; every other error stays what it was.
 *
 * Nothing needs to be reset when the database comes back: the pool drops a broken
 * connection and opens a new one for the next query (PGlitePool opens its instance again).
 */

/** The 503's detail. */
export const DATABASE_UNAVAILABLE = 'De database is tijdelijk niet bereikbaar. Probeer het over enkele seconden opnieuw.';
/** Seconds a client waits before trying again (the 503's Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Thrown by PGlitePool while its instance is gone and cannot be opened again yet. */
export class DatabaseUnavailableError extends Error {
  constructor(message = 'database unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Node's socket errors for a server that is not there (now). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED']);

/**
 * PostgreSQL's SQLSTATEs for it: class 08 (connection exception), 57P01–57P05 (admin or
 * crash shutdown, cannot connect now, idle-session or idle-in-transaction timeout),
 * 53300 (too many connections).
 */
const isUnavailableSqlState = (code: string) => code.startsWith('08') || /^57P0[1-5]$/.test(code) || code === '53300';

/** node-postgres' own messages for a connection that broke or never came. */
const PG_MESSAGES = [
  /^Connection terminated/i,
  /Client has encountered a connection error and is not queryable/i,
  /^timeout exceeded when trying to connect/i,
  /^Connection terminated due to connection timeout/i,
  /^Client was closed and is not queryable/i,
  /^Cannot use a pool after calling end on the pool/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  return check(error, 0, true);
}

/**
 * A socket error counts at the top (pg's connect) or inside an AggregateError (a connection
 * tried on IPv4 and IPv6), not as the cause of another error: a `fetch` to another service
 * that fails carries its ECONNREFUSED as the cause, and that service is not the database.
 */
function check(error: unknown, depth: number, socketCodes: boolean): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (socketCodes && SOCKET_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && isUnavailableSqlState(code)) return true;
  }
  if (typeof message === 'string' && PG_MESSAGES.some((re) => re.test(message))) return true;
  if (Array.isArray(errors) && errors.some((e) => check(e, depth + 1, socketCodes))) return true;
  return cause !== undefined && check(cause, depth + 1, false);
}
