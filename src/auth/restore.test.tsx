/**
 * Restoring a staff sign-in on a page load (src/auth/auth.tsx, src/auth/silent.ts): the silent check is
 * asked in a hidden frame first, so the page stays and the app starts once; the page goes round
 * through the provider only when the frame got no answer, or when a provider on another origin
 * said 'not signed in' from the frame (it may not see its own session there).
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@meldloket/engine';
import { ConfigProvider } from '../config/index.ts';
import { loadConfig } from '../config/load.ts';
import { NotificationProvider } from '../notifications/index.ts';
import { stubFetch } from '../test-utils.tsx';
import { AuthProvider, useAuth } from './auth.tsx';
import { clearSession, local, PREVIOUS_LOGIN_KEY, readSession, session, SSO_TRIED_KEY } from './session.ts';

const oidc = vi.hoisted(() => {
  class SsoMiss extends Error {
    constructor(readonly returnTo: string) {
      super('sso miss');
    }
  }
  return {
    SsoMiss,
    issuer: '/oidc',
    authorizationUrl: vi.fn(async (_options: unknown, { prompt, inFrame }: { returnTo: string; prompt?: string; inFrame?: boolean }) => new URL(`http://localhost/oidc/auth?prompt=${prompt ?? ''}&redirect=${inFrame ? 'silent' : 'callback'}`)),
    completeLogin: vi.fn(),
  };
});

vi.mock('./oidc.ts', () => ({
  SsoMiss: oidc.SsoMiss,
  LoginError: class LoginError extends Error {},
  authorizationUrl: oidc.authorizationUrl,
  completeLogin: oidc.completeLogin,
  issuerUrl: () => new URL(oidc.issuer, `${window.location.origin}/`),
}));

function Probe() {
  const auth = useAuth();
  return <p data-testid="probe">{`${auth.isAuthenticated ? 'in' : 'uit'} ${auth.status}`}</p>;
}

const SILENT_ANSWER = new URL('http://localhost/login/silent?code=abc&state=xyz');

function setup(askFrame: (url: URL) => Promise<URL | null>) {
  const fetch = stubFetch((url) => (url === '/signals/v1/private/me/' ? { body: { id: 1, username: 'a', permissions: [], roles: [] } } : { body: { count: 0, results: [] } }));
  const leave = vi.fn();
  const api = createApiClient<AbortSignal>({ fetch, getToken: () => readSession()?.accessToken ?? null });
  render(
    <ConfigProvider config={loadConfig()}>
      <NotificationProvider>
        <AuthProvider api={api} leave={leave} askFrame={askFrame}>
          <Probe />
        </AuthProvider>
      </NotificationProvider>
    </ConfigProvider>,
  );
  return { leave };
}

describe('restoring a sign-in on a page load', () => {
  beforeEach(() => {
    local()?.setItem(PREVIOUS_LOGIN_KEY, '1');
    oidc.issuer = '/oidc';
  });
  afterEach(() => {
    clearSession({ forgetLogin: true });
    session()?.removeItem(SSO_TRIED_KEY);
    vi.clearAllMocks();
  });

  it('asks the provider in a hidden frame and signs in from its answer, without leaving the page', async () => {
    oidc.completeLogin.mockResolvedValue({ accessToken: 'a.b.c', expiresAt: Date.now() + 900_000, returnTo: '/manage/incidents' });
    const askFrame = vi.fn(async (_url: URL) => SILENT_ANSWER);
    const { leave } = setup(askFrame);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('in ready'));
    expect(String(askFrame.mock.calls[0]![0])).toContain('prompt=none&redirect=silent');
    expect(oidc.completeLogin).toHaveBeenCalledWith(expect.anything(), SILENT_ANSWER);
    expect(leave).not.toHaveBeenCalled();
    expect(readSession()?.accessToken).toBe('a.b.c');
  });

  it('goes round through the provider with the page when the frame got no answer', async () => {
    const { leave } = setup(async () => null);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('http://localhost/oidc/auth?prompt=none&redirect=callback'));
    expect(oidc.completeLogin).not.toHaveBeenCalled();
    expect(screen.getByTestId('probe').textContent).toBe('uit loading');
  });

  it('continues signed out, and stops asking on load, when its own provider has no session', async () => {
    oidc.completeLogin.mockRejectedValue(new oidc.SsoMiss('/manage/incidents'));
    const { leave } = setup(async () => SILENT_ANSWER);
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('uit anonymous'));
    expect(leave).not.toHaveBeenCalled();
    expect(local()?.getItem(PREVIOUS_LOGIN_KEY)).toBeNull();
  });

  it('asks again through the page when a provider on another origin says "not signed in" from the frame', async () => {
    oidc.issuer = 'https://login.gemeente.example/realms/staff';
    oidc.completeLogin.mockRejectedValue(new oidc.SsoMiss('/manage/incidents'));
    const { leave } = setup(async () => SILENT_ANSWER);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('http://localhost/oidc/auth?prompt=none&redirect=callback'));
    expect(local()?.getItem(PREVIOUS_LOGIN_KEY)).toBe('1');
  });
});
