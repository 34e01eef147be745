// @vitest-environment node
// (oauth4webapi checks ArrayBuffers by realm: run it as in a browser, with one realm, not jsdom's two)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authorizationUrl, completeLogin, endSessionUrl, forgetProviders, LoginError, refreshSession, requireCrypto, SsoMiss, type OidcOptions } from './oidc.ts';
import { CODE_VERIFIER_KEY, NONCE_KEY, RETURN_TO_KEY, STATE_TOKEN_KEY } from './session.ts';
import { AUTH_TEXTS } from './texts.ts';

const ORIGIN = 'http://meldloket.test';
const ISSUER = `${ORIGIN}/oidc`;

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>) => `${b64url({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${b64url(claims)}.c2lnbmF0dXJl`;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fake provider: discovery and the token endpoint, recording what the app sent. */
function fakeProvider(options: { nonce?: () => string | undefined } = {}) {
  const tokenRequests: URLSearchParams[] = [];
  let issued = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === '/oidc/.well-known/openid-configuration') {
      return json({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/auth`,
        token_endpoint: `${ISSUER}/token`,
        end_session_endpoint: `${ISSUER}/session/end`,
        jwks_uri: `${ISSUER}/jwks`,
        code_challenge_methods_supported: ['S256'],
      });
    }
    if (url.pathname === '/oidc/token') {
      const body = new URLSearchParams(String(init?.body));
      tokenRequests.push(body);
      issued += 1;
      const now = Math.floor(Date.now() / 1000);
      const stored = sessionStorage.getItem(NONCE_KEY) ?? undefined;
      return json({
        access_token: jwt({ iss: ISSUER, aud: 'meldloket-api', email: 'behandelaar@meldloket.test', exp: now + 900, n: issued }),
        token_type: 'Bearer',
        expires_in: 900,
        ...(body.get('grant_type') === 'refresh_token' ? {} : { refresh_token: 'refresh-1' }),
        id_token: jwt({ iss: ISSUER, aud: 'meldloket', sub: 'u1', iat: now, exp: now + 300, nonce: options.nonce ? options.nonce() : stored }),
        scope: 'openid email profile offline_access',
      });
    }
    return json({ error: 'not_found' }, 404);
  });
  const oidc: OidcOptions = { issuer: '/oidc', clientId: 'meldloket', scope: 'openid email profile offline_access', origin: ORIGIN, fetch: fetch as typeof globalThis.fetch, now: () => 1_000_000 };
  return { fetch, oidc, tokenRequests };
}

/** What the provider sends back to the callback after a sign-in. */
function callback(params: Record<string, string>) {
  const url = new URL(`${ORIGIN}/login/callback`);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url;
}

/** The tab's sessionStorage, in memory. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    key: (index) => [...items.keys()][index] ?? null,
  };
}

describe('staff sign-in with oauth4webapi', () => {
  beforeEach(() => {
    forgetProviders();
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('localStorage', memoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends client_id, response_type, scope, state, nonce, redirect_uri and an S256 code challenge', async () => {
    const { oidc } = fakeProvider();
    const url = await authorizationUrl(oidc, { returnTo: '/instellingen/rollen' });
    expect(`${url.origin}${url.pathname}`).toBe(`${ISSUER}/auth`);
    const p = url.searchParams;
    expect(p.get('client_id')).toBe('meldloket');
    expect(p.get('response_type')).toBe('code');
    expect(p.get('scope')).toBe('openid email profile offline_access');
    expect(p.get('redirect_uri')).toBe(`${ORIGIN}/login/callback`);
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the state token is 16 random bytes, base64
    expect(atob(p.get('state')!)).toHaveLength(16);
    expect(sessionStorage.getItem(STATE_TOKEN_KEY)).toBe(p.get('state'));
    expect(sessionStorage.getItem(NONCE_KEY)).toBe(p.get('nonce'));
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/instellingen/rollen');
    expect(p.has('prompt')).toBe(false);
    const again = await authorizationUrl(oidc, { returnTo: '/manage', prompt: 'none' });
    expect(again.searchParams.get('state')).not.toBe(p.get('state'));
    expect(again.searchParams.get('prompt')).toBe('none');
  });

  it('exchanges the code with the PKCE verifier when state and nonce match, and forgets them', async () => {
    const { oidc, tokenRequests } = fakeProvider();
    const url = await authorizationUrl(oidc, { returnTo: '/manage/signalering' });
    const verifier = sessionStorage.getItem(CODE_VERIFIER_KEY);
    const result = await completeLogin(oidc, callback({ code: 'abc', state: url.searchParams.get('state')!, iss: ISSUER }));
    expect(result.returnTo).toBe('/manage/signalering');
    expect(result.refreshToken).toBe('refresh-1');
    expect(result.expiresAt).toBe(1_000_000 + 900_000);
    expect(tokenRequests[0]!.get('code_verifier')).toBe(verifier);
    expect(tokenRequests[0]!.get('redirect_uri')).toBe(`${ORIGIN}/login/callback`);
    expect(sessionStorage.getItem(STATE_TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(NONCE_KEY)).toBeNull();
  });

  it('asks the silent check in a frame to answer on the silent page, and exchanges its code for that address', async () => {
    const { oidc, tokenRequests } = fakeProvider();
    const url = await authorizationUrl(oidc, { returnTo: '/manage/incidents', prompt: 'none', inFrame: true });
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/login/silent`);
    expect(url.searchParams.get('prompt')).toBe('none');
    const answer = new URL(`${ORIGIN}/login/silent`);
    answer.searchParams.set('code', 'abc');
    answer.searchParams.set('state', url.searchParams.get('state')!);
    answer.searchParams.set('iss', ISSUER);
    const result = await completeLogin(oidc, answer);
    expect(result.returnTo).toBe('/manage/incidents');
    expect(tokenRequests[0]!.get('redirect_uri')).toBe(`${ORIGIN}/login/silent`);
  });

  it("fails with 'Inloggen is niet gelukt' on a state that is not the stored state token, without exchanging the code", async () => {
    const { oidc, tokenRequests } = fakeProvider();
    await authorizationUrl(oidc, { returnTo: '/manage' });
    const attempt = completeLogin(oidc, callback({ code: 'abc', state: 'c29tZW9uZSBlbHNl', iss: ISSUER }));
    await expect(attempt).rejects.toThrow(new LoginError(AUTH_TEXTS.loginFailed));
    expect(tokenRequests).toHaveLength(0);
    expect(sessionStorage.getItem(STATE_TOKEN_KEY)).toBeNull();
  });

  it('fails when the ID token carries another nonce', async () => {
    const { oidc } = fakeProvider({ nonce: () => 'not-the-stored-nonce' });
    const url = await authorizationUrl(oidc, { returnTo: '/manage' });
    await expect(completeLogin(oidc, callback({ code: 'abc', state: url.searchParams.get('state')!, iss: ISSUER }))).rejects.toThrow(
      AUTH_TEXTS.loginFailed,
    );
  });

  it('fails when the callback comes without a sign-in having started here', async () => {
    const { oidc, tokenRequests } = fakeProvider();
    await expect(completeLogin(oidc, callback({ code: 'abc', state: 'abc', iss: ISSUER }))).rejects.toBeInstanceOf(LoginError);
    expect(tokenRequests).toHaveLength(0);
  });

  it.each(['invalid_request', 'unauthorized_client', 'access_denied', 'unsupported_response_type', 'invalid_scope', 'server_error', 'temporarily_unavailable'])(
    'clears the state token and fails on the OIDC error %s',
    async (error) => {
      const { oidc } = fakeProvider();
      const url = await authorizationUrl(oidc, { returnTo: '/manage' });
      await expect(completeLogin(oidc, callback({ error, state: url.searchParams.get('state')! }))).rejects.toThrow(AUTH_TEXTS.loginFailed);
      expect(sessionStorage.getItem(STATE_TOKEN_KEY)).toBeNull();
    },
  );

  it('ends a silent SSO check without a provider session quietly, back where the user was', async () => {
    const { oidc } = fakeProvider();
    const url = await authorizationUrl(oidc, { returnTo: '/incident/beschrijf', prompt: 'none' });
    const miss = await completeLogin(oidc, callback({ error: 'login_required', state: url.searchParams.get('state')! })).catch((e: unknown) => e);
    expect(miss).toBeInstanceOf(SsoMiss);
    expect((miss as SsoMiss).returnTo).toBe('/incident/beschrijf');
  });

  it('renews the access token with the refresh token and keeps the refresh token', async () => {
    const { oidc, tokenRequests } = fakeProvider();
    const renewed = await refreshSession(oidc, { accessToken: 'old', expiresAt: 0, refreshToken: 'refresh-1', idToken: 'id-1' });
    expect(tokenRequests[0]!.get('grant_type')).toBe('refresh_token');
    expect(tokenRequests[0]!.get('refresh_token')).toBe('refresh-1');
    expect(renewed.accessToken).not.toBe('old');
    expect(renewed.refreshToken).toBe('refresh-1');
    expect(renewed.expiresAt).toBe(1_000_000 + 900_000);
  });

  it('signs out at the provider and comes back to /login', async () => {
    const { oidc } = fakeProvider();
    const url = await endSessionUrl(oidc, 'id-token');
    expect(url?.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/login`);
    expect(url?.searchParams.get('id_token_hint')).toBe('id-token');
  });

  it('asks to allow cookies when the browser keeps no site data', async () => {
    const { oidc } = fakeProvider();
    vi.stubGlobal('sessionStorage', undefined);
    await expect(authorizationUrl(oidc, { returnTo: '/manage' })).rejects.toThrow(AUTH_TEXTS.loginFailedCookies);
  });

  it('says clearly when the browser lacks the crypto support', () => {
    vi.stubGlobal('crypto', undefined);
    expect(() => requireCrypto()).toThrow(AUTH_TEXTS.noCrypto);
  });
});
