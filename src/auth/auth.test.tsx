import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@meldloket/engine';
import { ConfigProvider } from '../config/index.ts';
import { loadConfig } from '../config/load.ts';
import { NotificationBanner, NotificationProvider } from '../notifications/index.ts';
import { stubFetch, type FetchHandler } from '../test-utils.tsx';
import { AuthProvider, useAuth } from './auth.tsx';
import { clearSession, forgetLegacyTokens, PREVIOUS_LOGIN_KEY, readSession, writeSession } from './session.ts';

function Probe() {
  const auth = useAuth();
  return (
    <p data-testid="probe">
      {auth.isAuthenticated ? 'in' : 'uit'} {auth.status} {auth.user?.username ?? '-'} {auth.staffData ? `${auth.staffData.categories.length}/${auth.staffData.departments.length}/${auth.staffData.sources.length}` : ''}{' '}
      {auth.can?.('settings') ? 'instellingen' : ''}
      <button type="button" onClick={() => void auth.login?.('/manage')}>
        inloggen
      </button>
      <button type="button" onClick={() => void auth.logout?.()}>
        uitloggen
      </button>
    </p>
  );
}

function signIn() {
  writeSession({ accessToken: 'header.payload.signature', expiresAt: Date.now() + 15 * 60_000 });
}

function setup(handler: FetchHandler) {
  const fetch = stubFetch(handler);
  const leave = vi.fn();
  const api = createApiClient<AbortSignal>({ fetch, getToken: () => readSession()?.accessToken ?? null });
  render(
    <ConfigProvider config={loadConfig()}>
      <NotificationProvider>
        <AuthProvider api={api} leave={leave}>
          <NotificationBanner />
          <Probe />
        </AuthProvider>
      </NotificationProvider>
    </ConfigProvider>,
  );
  return { fetch, leave };
}

const page = (results: unknown[]) => ({ body: { count: results.length, results } });

describe('staff session', () => {
  afterEach(() => {
    clearSession({ forgetLogin: true });
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const me = (url: string) => (url === '/signals/v1/private/me/' ? { body: { id: 1, username: 'a', permissions: [], roles: [] } } : page([]));

  it('signs out when the token runs out at a minute check (without a refresh token)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    writeSession({ accessToken: 'a.b.c', expiresAt: Date.now() + 90_000 });
    setup(me);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('in ready'));
    await act(async () => {
      vi.advanceTimersByTime(60_000); // 30 s left: a refresh is tried, but there is no refresh token
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('in ready');
    await act(async () => {
      vi.advanceTimersByTime(60_000); // expired
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('uit anonymous');
    expect(readSession()).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Je sessie is verlopen. Log opnieuw in.');
  });

  it("shows 'Uitloggen is niet gelukt' when the provider cannot be reached, and stays signed in", async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    signIn();
    const { leave } = setup(me);
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('in ready'));
    fireEvent.click(screen.getByRole('button', { name: 'uitloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Uitloggen is niet gelukt');
    expect(screen.getByTestId('probe')).toHaveTextContent('in ready');
    expect(leave).not.toHaveBeenCalled();
  });

  it("shows 'Inloggen is niet gelukt' when the provider cannot be reached to sign in", async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const { leave } = setup(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'inloggen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Inloggen is niet gelukt');
    expect(leave).not.toHaveBeenCalled();
  });

  it('loads the current user, the categories (page_size 1000), departments, active sources and areas once at sign-in', async () => {
    signIn();
    const { fetch } = setup((url) => {
      if (url === '/signals/v1/private/me/') return { body: { id: 1, username: 'beheerder@meldloket.test', is_superuser: false, permissions: [], roles: [{ permissions: [{ codename: 'view_group' }] }] } };
      if (url === '/signals/v1/private/categories/?page_size=1000') return page([{ id: 1 }, { id: 2 }]);
      if (url === '/signals/v1/private/departments/') return page([{ id: 5 }]);
      if (url === '/signals/v1/private/sources/?is_active=true') return page([{ id: 1 }, { id: 2 }, { id: 3 }]);
      if (url === '/signals/v1/private/areas/') return page([{ id: 7, code: 'N', name: 'Noord', type: { code: 'stadsdeel', name: 'Stadsdeel' } }]);
      return undefined;
    });
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('in ready beheerder@meldloket.test 2/1/3 instellingen'));
    expect(fetch).toHaveBeenCalledTimes(5);
    expect(fetch.mock.calls.some(([url]) => url === '/signals/v1/private/areas/')).toBe(true);
    const me = fetch.mock.calls.find(([url]) => url === '/signals/v1/private/me/')!;
    expect((me[1] as { headers: Record<string, string> }).headers.Authorization).toBe('Bearer header.payload.signature');
  });

  it('signs out and goes to /login when the authorise call answers 401', async () => {
    signIn();
    const { leave } = setup((url) => (url === '/signals/v1/private/me/' ? { status: 401, body: { detail: 'Login failed' } } : page([])));
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/login'));
    expect(screen.getByTestId('probe')).toHaveTextContent('uit anonymous');
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(PREVIOUS_LOGIN_KEY)).toBeNull();
  });

  it("shows 'Authenticeren is niet gelukt' for any other failure of the authorise call", async () => {
    signIn();
    const { leave } = setup((url) => (url === '/signals/v1/private/me/' ? { status: 500, body: { detail: 'boem' } } : page([])));
    expect(await screen.findByRole('alert')).toHaveTextContent('Authenticeren is niet gelukt');
    expect(screen.getByTestId('probe')).toHaveTextContent('in failed');
    expect(leave).not.toHaveBeenCalled();
  });

  it('says which list could not be fetched', async () => {
    signIn();
    setup((url) => {
      if (url === '/signals/v1/private/me/') return { body: { id: 1, username: 'a', permissions: [], roles: [] } };
      if (url.startsWith('/signals/v1/private/departments/')) return { status: 500, body: {} };
      return page([]);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('De lijst van afdelingen kon niet opgehaald worden');
  });

  it('treats an expired stored token as signed out, and calls nothing', async () => {
    writeSession({ accessToken: 'a.b.c', expiresAt: Date.now() - 1 });
    localStorage.removeItem(PREVIOUS_LOGIN_KEY);
    const { fetch } = setup(() => undefined);
    expect(screen.getByTestId('probe')).toHaveTextContent('uit anonymous');
    expect(fetch).not.toHaveBeenCalled();
    expect(readSession()).toBeNull();
  });

  it('keeps the tokens in memory only: nothing of them in localStorage or sessionStorage, and old stored tokens are removed', () => {
    localStorage.setItem('accessToken', 'oud.token.hier');
    localStorage.setItem('refreshToken', 'oud-verversingstoken');
    forgetLegacyTokens();
    writeSession({ accessToken: 'eyJ.toegang.x', expiresAt: Date.now() + 60_000, refreshToken: 'verversing-geheim', idToken: 'eyJ.id.y' });
    expect(readSession()?.refreshToken).toBe('verversing-geheim');
    const kept = [localStorage, sessionStorage].flatMap((store) => Object.keys(store).map((key) => `${key}=${store.getItem(key)}`));
    expect(kept).toEqual([`${PREVIOUS_LOGIN_KEY}=1`]);
  });
});
