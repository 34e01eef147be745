import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTokenTimer, tokenAction, TOKEN_CHECK_INTERVAL_MS, TOKEN_REFRESH_MARGIN_MS } from './tokenTimer.ts';

describe('token timer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('keeps a token with more than 120 s left, refreshes within 120 s, and calls an expired token expired', () => {
    expect(tokenAction(10_000 + 120_001, 10_000)).toBe('keep');
    expect(tokenAction(10_000 + 120_000, 10_000)).toBe('refresh');
    expect(tokenAction(10_000 + 1, 10_000)).toBe('refresh');
    expect(tokenAction(10_000, 10_000)).toBe('expired');
    expect(TOKEN_CHECK_INTERVAL_MS).toBe(60_000);
    expect(TOKEN_REFRESH_MARGIN_MS).toBe(120_000);
  });

  it('checks every 60 s and refreshes at the first check within 120 s of expiry', async () => {
    let expiresAt = Date.now() + 5 * 60_000; // five minutes
    const refresh = vi.fn(async () => {
      expiresAt = Date.now() + 15 * 60_000;
    });
    const expire = vi.fn();
    const stop = startTokenTimer({ getExpiresAt: () => expiresAt, refresh, expire });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2 * 60_000 + 1); // checks at 1, 2 and 3 minutes: 4, 3 and 2 minutes left
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(expiresAt - Date.now()).toBeGreaterThan(14 * 60_000);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(expire).not.toHaveBeenCalled();
    stop();
  });

  it('signs out when the token has expired at a check', async () => {
    const expiresAt = Date.now() + 30_000;
    const refresh = vi.fn(() => Promise.reject(new Error('refresh refused')));
    const expire = vi.fn();
    const stop = startTokenTimer({ getExpiresAt: () => expiresAt, refresh, expire });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(expire).toHaveBeenCalledTimes(1);
    expect(refresh).not.toHaveBeenCalled();
    stop();
  });

  it('tries a failed refresh again at the next check while the token is still valid', async () => {
    const expiresAt = Date.now() + 170_000;
    const refresh = vi.fn(() => Promise.reject(new Error('offline')));
    const expire = vi.fn();
    const stop = startTokenTimer({ getExpiresAt: () => expiresAt, refresh, expire });
    await vi.advanceTimersByTimeAsync(60_000); // 110 s left
    await vi.advanceTimersByTimeAsync(60_000); // 50 s left
    expect(refresh).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000); // expired
    expect(expire).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not start a second refresh while one is still under way', async () => {
    const expiresAt = Date.now() + 200_000;
    let finish: () => void = () => {};
    const refresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const stop = startTokenTimer({ getExpiresAt: () => expiresAt, refresh, expire: vi.fn() });
    await vi.advanceTimersByTimeAsync(60_000); // 140 s: keep
    await vi.advanceTimersByTimeAsync(60_000); // 80 s: refresh starts
    await vi.advanceTimersByTimeAsync(60_000); // 20 s: still under way
    expect(refresh).toHaveBeenCalledTimes(1);
    finish();
    stop();
  });

  it('stops checking once stopped, and does nothing without a token', async () => {
    const refresh = vi.fn(async () => {});
    const expire = vi.fn();
    const stop = startTokenTimer({ getExpiresAt: () => null, refresh, expire });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    stop();
    const stopped = startTokenTimer({ getExpiresAt: () => Date.now() - 1, refresh, expire });
    stopped();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(refresh).not.toHaveBeenCalled();
    expect(expire).not.toHaveBeenCalled();
  });
});
