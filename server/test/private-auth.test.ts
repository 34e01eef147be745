/**
 * Staff sign-in and the bearer-token check of the private API (docs/staff-auth.md, contract
 * docs/reference/permissions.md#authentication): every 401/403/200 path, on PGlite and PostgreSQL, with tokens from the
 * embedded provider's real sign-in flow or signed with its stored key.
 */
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, AUDIENCE, authorizeUrl, bearer, Browser, CLIENT_ID, ISSUER, mintToken, providerKey, REDIRECT_URI, signIn } from './private-support.ts';

const ME = '/signals/v1/private/me/';
const CHALLENGE = 'Bearer realm="signals"';

describe.each(DATABASE_TARGETS)('staff authentication (%s)', (target) => {
  const t = useTestApp(target);
  const get = (url: string, headers: Record<string, string> = {}) => t().app.inject({ method: 'GET', url, headers });

  it('signs in on the embedded provider and gets an RS256 JWT with kid, iss, aud, email and a 900 s lifetime', async () => {
    const tokens = await signIn(t().app, ACCOUNTS.behandelaar.email, ACCOUNTS.behandelaar.password);
    const header = decodeProtectedHeader(tokens.access_token);
    const claims = decodeJwt(tokens.access_token);
    expect(header.alg).toBe('RS256');
    expect(header.kid).toBe((await providerKey(t().app)).kid);
    expect(claims).toMatchObject({ iss: ISSUER, aud: AUDIENCE, email: ACCOUNTS.behandelaar.email });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const me = await get(ME, bearer(tokens.access_token));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: ACCOUNTS.behandelaar.email, is_superuser: false, roles: [{ name: 'Behandelaar' }], permissions: [] });
  });

  it('renews the access token with the refresh token', async () => {
    const tokens = await signIn(t().app, ACCOUNTS.lezer.email, ACCOUNTS.lezer.password);
    const refreshed = await new Browser(t().app).request('POST', `${ISSUER}/token`, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: CLIENT_ID });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json() as { access_token: string };
    expect(next.access_token).not.toBe(tokens.access_token);
    expect((await get(ME, bearer(next.access_token))).json()).toMatchObject({ username: ACCOUNTS.lezer.email });
  });

  it('answers a silent SSO check (prompt=none) with a code while the session lasts, and login_required without one', async () => {
    const sso = authorizeUrl({ scope: 'openid email profile offline_access', state: 'sso', prompt: 'none' });
    const browser = new Browser(t().app);
    const anonymous = new URL(String((await browser.request('GET', sso)).headers.location));
    expect(anonymous.searchParams.get('error')).toBe('login_required');
    await signIn(t().app, ACCOUNTS.coordinator.email, ACCOUNTS.coordinator.password, browser);
    const silent = new URL(String((await browser.request('GET', sso)).headers.location));
    expect(silent.origin + silent.pathname).toBe(REDIRECT_URI);
    expect(silent.searchParams.get('code')).toEqual(expect.any(String));
    expect(silent.searchParams.get('state')).toBe('sso');
  });

  it('refuses a wrong password on the Dutch sign-in page and keeps the e-mail address', async () => {
    const browser = new Browser(t().app);
    const start = await browser.request('GET', authorizeUrl({ scope: 'openid email', state: 'abc' }));
    const interaction = String(start.headers.location);
    const page = await browser.request('GET', interaction);
    expect(page.body).toContain('<html lang="nl">');
    expect(page.body).toMatch(/<label for="email">E-mailadres<\/label>/);
    expect(page.body).toMatch(/<label for="password">Wachtwoord<\/label>/);
    const wrong = await browser.request('POST', `${interaction}/login`, { email: ACCOUNTS.behandelaar.email, password: 'fout' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.body).toContain('Het e-mailadres of het wachtwoord is onjuist.');
    expect(wrong.body).toContain(`value="${ACCOUNTS.behandelaar.email}"`);
    const inactive = await browser.request('POST', `${interaction}/login`, { email: ACCOUNTS.inactief.email, password: ACCOUNTS.inactief.password });
    expect(inactive.body).toContain('Dit account is niet actief.');
  });

  it('returns access_denied to the app when the user cancels, and a Dutch page for an unknown sign-in session', async () => {
    const browser = new Browser(t().app);
    const start = await browser.request('GET', authorizeUrl({ state: 'c' }));
    const interaction = String(start.headers.location);
    const cancelled = await browser.request('POST', `${interaction}/abort`, {});
    expect(cancelled.statusCode).toBe(303);
    const back = new URL(String((await browser.request('GET', String(cancelled.headers.location))).headers.location));
    expect(back.origin + back.pathname).toBe(REDIRECT_URI);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('c');

    const unknown = await new Browser(t().app).request('GET', `${ISSUER}/interaction/onbekend123`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('<h1>Inloggen is niet gelukt</h1>');
  });

  it('requires PKCE from the app client', async () => {
    const browser = new Browser(t().app);
    const res = await browser.request('GET', `${ISSUER}/auth?${new URLSearchParams({ client_id: CLIENT_ID, response_type: 'code', scope: 'openid', redirect_uri: REDIRECT_URI, state: 'abc' })}`);
    const location = new URL(String(res.headers.location));
    expect(location.origin + location.pathname).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('serves discovery and the JWKS under /oidc', async () => {
    const browser = new Browser(t().app);
    const discovery = (await browser.request('GET', `${ISSUER}/.well-known/openid-configuration`)).json() as Record<string, unknown>;
    expect(discovery).toMatchObject({ issuer: ISSUER, jwks_uri: `${ISSUER}/jwks`, token_endpoint: `${ISSUER}/token`, end_session_endpoint: `${ISSUER}/session/end` });
    const jwks = (await get('/oidc/jwks')).json() as { keys: Record<string, unknown>[] };
    expect(jwks.keys.map((k) => k.kid)).toContain((await providerKey(t().app)).kid);
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true);
  });

  it('200 for a valid token, whatever the case of the e-mail claim', async () => {
    const res = await get(ME, bearer(await mintToken(t().app, 'Coordinator@MELDLOKET.local')));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: ACCOUNTS.coordinator.email, profile: { departments: ['Actie Service Centrum'] } });
  });

  const refusals: [string, () => Promise<Record<string, string>>, number, string | RegExp][] = [
    ['no Authorization header', async () => ({}), 401, 'Authenticatiegegevens zijn niet opgegeven.'],
    ['a non-Bearer scheme', async () => ({ authorization: `Basic ${Buffer.from('behandelaar@meldloket.local:behandelaar-wachtwoord').toString('base64')}` }), 401, 'Authenticatiegegevens zijn niet opgegeven.'],
    ['a malformed token', async () => bearer('niet-een-token'), 401, 'Login failed'],
    ['an unknown user', async () => bearer(await mintToken(t().app, 'onbekend@meldloket.local')), 401, 'Login failed: No user found for the given access token.'],
    ['an inactive user', async () => bearer(await mintToken(t().app, ACCOUNTS.inactief.email)), 401, 'User is inactive'],
    [
      'a bad signature',
      async () => {
        const { privateKey } = await generateKeyPair('RS256', { extractable: true });
        const forged = { ...(await exportJWK(privateKey)), kid: (await providerKey(t().app)).kid };
        return bearer(await mintToken(t().app, ACCOUNTS.admin.email, { key: forged }));
      },
      401,
      'Login failed',
    ],
    ['a token without kid', async () => bearer(await mintToken(t().app, ACCOUNTS.admin.email, { kid: null })), 401, 'Login failed'],
    ['an expired token', async () => bearer(await mintToken(t().app, ACCOUNTS.admin.email, { expiresIn: -60 })), 401, 'Login failed: Signature has expired.'],
    ['a token without email', async () => bearer(await mintToken(t().app, null)), 401, 'Login failed'],
    ['an e-mail claim with a NUL character', async () => bearer(await mintToken(t().app, 'admin\u0000@meldloket.local')), 401, 'Login failed'],
    ['a token without exp', async () => bearer(await mintToken(t().app, ACCOUNTS.admin.email, { claims: { exp: null as never } })), 401, 'Login failed'],
    ['a token without aud', async () => bearer(await mintToken(t().app, ACCOUNTS.admin.email, { claims: { aud: null as never } })), 401, 'Login failed'],
    ['a wrong issuer', async () => bearer(await mintToken(t().app, ACCOUNTS.admin.email, { claims: { iss: 'https://elders.example/oidc' } })), 403, /issuer/],
    ['an untrusted audience', async () => bearer(await mintToken(t().app, ACCOUNTS.admin.email, { claims: { aud: 'iets-anders' } })), 403, /audience/],
  ];

  it.each(refusals)('refuses %s', async (_name, headers, status, detail) => {
    const res = await get(ME, await headers());
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect((res.json() as { detail: string }).detail).toMatch(detail);
    if (status === 401) expect(res.headers['www-authenticate']).toBe(CHALLENGE);
    else expect(res.headers['www-authenticate']).toBeUndefined();
  });

  it('403 for a signed-in user without the permission, before the body is read', async () => {
    const lezer = bearer(await mintToken(t().app, ACCOUNTS.lezer.email));
    const res = await t().app.inject({ method: 'POST', url: '/signals/v1/private/roles/', headers: { ...lezer, 'content-type': 'application/json' }, payload: '{kapot' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Je hebt geen toestemming om deze actie uit te voeren.' });
    const create = await t().app.inject({ method: 'POST', url: '/signals/v1/private/signals/', headers: lezer, payload: {} });
    expect(create.statusCode).toBe(403);
  });

  it('401 rather than 400 for a bad body without a token', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/signals/v1/private/roles/', headers: { 'content-type': 'application/json' }, payload: '{kapot' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe(CHALLENGE);
  });

  it('logs the app client out without a second question and returns to the app', async () => {
    const browser = new Browser(t().app);
    await signIn(t().app, ACCOUNTS.beheerder.email, ACCOUNTS.beheerder.password, browser);
    const page = await browser.request('GET', `${ISSUER}/session/end?${new URLSearchParams({ client_id: CLIENT_ID, post_logout_redirect_uri: 'http://localhost:8080/login' })}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Uitloggen</h1>');
    expect(page.body).toContain('name="logout" value="yes"');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'sha256-[^']+'/);
    expect(csp).toContain("form-action 'self' http://localhost:8080");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    const done = await browser.request('POST', `${ISSUER}/session/end/confirm`, { xsrf: xsrf!, logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(String(done.headers.location)).toBe('http://localhost:8080/login');
    // The session is gone: a new authorization request asks for the password again.
    const again = await browser.request('GET', authorizeUrl({ state: 'x' }));
    expect(String(again.headers.location)).toContain('/oidc/interaction/');
  });
});

describe('password guessing on the sign-in page', () => {
  const t = useTestApp('pglite');

  it('allows 20 attempts a minute per client address, then answers 429', async () => {
    const browser = new Browser(t().app);
    const start = await browser.request('GET', authorizeUrl({ state: 'g' }));
    const interaction = String(start.headers.location);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await browser.request('POST', `${interaction}/login`, { email: `gok${i}@meldloket.local`, password: 'raden' })).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
