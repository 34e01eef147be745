/**
 * The token check of docs/reference/statuses.md#states-and-transitions, docs/reference/limits.md#constants: every 60 s the access token is looked at; within
 * 120 s of its expiry it is refreshed, once expired the user is signed out.
 */

export const TOKEN_CHECK_INTERVAL_MS = 60_000;
export const TOKEN_REFRESH_MARGIN_MS = 120_000;

export type TokenAction = 'keep' | 'refresh' | 'expired';

/** What to do with a token that expires at `expiresAt` (ms) at time `now`. */
export function tokenAction(expiresAt: number, now: number, margin = TOKEN_REFRESH_MARGIN_MS): TokenAction {
  if (expiresAt <= now) return 'expired';
  if (expiresAt - now <= margin) return 'refresh';
  return 'keep';
}

export interface TokenTimerOptions {
  /** Expiry of the current token (ms), or null when there is none. */
  getExpiresAt(): number | null;
  /** Renews the token; a rejection is retried at the next check while the token is still valid. */
  refresh(): Promise<unknown>;
  /** The token ran out: sign out. */
  expire(): void;
  now?: () => number;
  interval?: number;
  margin?: number;
}

/** Starts the periodic check; returns the function that stops it. */
export function startTokenTimer({
  getExpiresAt,
  refresh,
  expire,
  now = () => Date.now(),
  interval = TOKEN_CHECK_INTERVAL_MS,
  margin = TOKEN_REFRESH_MARGIN_MS,
}: TokenTimerOptions): () => void {
  let refreshing = false;
  const check = () => {
    const expiresAt = getExpiresAt();
    if (expiresAt === null) return;
    const action = tokenAction(expiresAt, now(), margin);
    if (action === 'expired') expire();
    else if (action === 'refresh' && !refreshing) {
      refreshing = true;
      refresh()
        .catch(() => undefined)
        .finally(() => {
          refreshing = false;
        });
    }
  };
  const id = setInterval(check, interval);
  return () => clearInterval(id);
}
