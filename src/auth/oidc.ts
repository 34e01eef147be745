/**
 * Staff sign-in through OpenID Connect with `oauth4webapi`: the authorization code
 * flow with PKCE (S256), a nonce and a state token (docs/reference/statuses.md#states-and-transitions, docs/reference/limits.md#validation). This module is a
 * lazy chunk: the public first page never loads it.
 */
import * as oauth from 'oauth4webapi';
import { APP_PATHS } from '@meldloket/engine';
import type { OidcSettings } from '../config/index.ts';
import { AUTH_TEXTS } from './texts.ts';
import { clearPending, local, readPending, session, tokenExpiry, writePending, type StoredSession } from './session.ts';

/** The OIDC error codes of docs/reference/statuses.md#states-and-transitions: the state token is cleared and the sign-in fails with a message. */
export const OIDC_ERROR_CODES: readonly string[] = [
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
];

/** Answers to a silent SSO check (prompt=none) that mean 'not signed in at the provider'. */
const SSO_MISS_CODES = new Set(['login_required', 'interaction_required', 'consent_required', 'account_selection_required']);

/** A failed sign-in; `message` is the Dutch text to show. */
export class LoginError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'LoginError';
  }
}

/** The silent SSO check found no session at the provider: continue signed out. */
export class SsoMiss extends Error {
  constructor(readonly returnTo: string) {
    super('sso miss');
    this.name = 'SsoMiss';
  }
}

export interface OidcOptions extends OidcSettings {
  /** The page's origin; the issuer may be a path on it and the callback is `${origin}/login/callback`. */
  origin: string;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
  /** Clock (ms) for the expiry time of a new token. */
  now?: () => number;
}

/** Where the provider sends the page back after sign-in. */
export const callbackUri = (origin: string) => `${origin}${APP_PATHS.signInCallback}`;
/**
 * Where the provider answers the silent SSO check made in a hidden frame: a page without script
 * that the server serves for that frame alone (server/src/plugins/static-app.ts), so the app is
 * not started a second time inside it.
 */
export const silentCallbackUri = (origin: string) => `${origin}${APP_PATHS.silentSignIn}`;
/** The redirect URI a callback URL answers: the silent frame's, or the page's. */
const redirectUriOf = (callback: URL, origin: string) => (callback.pathname === APP_PATHS.silentSignIn ? silentCallbackUri(origin) : callbackUri(origin));
export const issuerUrl = (options: Pick<OidcOptions, 'issuer' | 'origin'>) => new URL(options.issuer, `${options.origin}/`);

/** Missing crypto support is a clear error (docs/reference/limits.md#validation), not a broken sign-in. */
export function requireCrypto(): void {
  const c = globalThis.crypto;
  if (!c || typeof c.getRandomValues !== 'function' || !c.subtle) throw new LoginError(AUTH_TEXTS.noCrypto);
}

/** Without browser storage (cookies and site data blocked) the round trip cannot be checked: say so (docs/reference/texts.md#errors's legacy text). */
export function requireStorage(): void {
  try {
    const tab = session();
    const kept = local();
    if (!tab || !kept) throw new Error('no storage');
    tab.setItem('oidcProbe', '1');
    tab.removeItem('oidcProbe');
  } catch {
    throw new LoginError(AUTH_TEXTS.loginFailedCookies);
  }
}

/** The state token: 16 random bytes, base64 (docs/reference/statuses.md#states-and-transitions). */
export function randomStateToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

function requestOptions(options: OidcOptions) {
  const url = issuerUrl(options);
  return {
    [oauth.allowInsecureRequests]: url.protocol === 'http:',
    ...(options.fetch ? { [oauth.customFetch]: options.fetch } : {}),
  };
}

const client = (options: OidcOptions): oauth.Client => ({ client_id: options.clientId, token_endpoint_auth_method: 'none' });

const servers = new Map<string, Promise<oauth.AuthorizationServer>>();

/** The provider's metadata (discovery), fetched once per issuer; a failure is retried next time. */
export function discover(options: OidcOptions): Promise<oauth.AuthorizationServer> {
  const url = issuerUrl(options);
  const key = url.href;
  let found = servers.get(key);
  if (!found) {
    found = oauth
      .discoveryRequest(url, { algorithm: 'oidc', ...requestOptions(options) })
      .then((response) => oauth.processDiscoveryResponse(url, response));
    found.catch(() => servers.delete(key));
    servers.set(key, found);
  }
  return found;
}

/** Forget cached provider metadata (tests). */
export const forgetProviders = () => servers.clear();

/**
 * Prepares a sign-in: stores state token, nonce, PKCE verifier and the page to
 * return to, and gives the provider's authorization URL to go to.
 * `prompt: 'none'` makes it the silent SSO check; `inFrame` has the provider answer it on the
 * silent frame's page instead of the app's callback.
 */
export async function authorizationUrl(options: OidcOptions, { returnTo, prompt, inFrame = false }: { returnTo: string; prompt?: 'none'; inFrame?: boolean }): Promise<URL> {
  requireCrypto();
  requireStorage();
  const as = await discover(options);
  if (!as.authorization_endpoint) throw new LoginError(AUTH_TEXTS.loginFailed);
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const pending = { state: randomStateToken(), nonce: oauth.generateRandomNonce(), codeVerifier, returnTo };
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', options.scope);
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  url.searchParams.set('redirect_uri', inFrame ? silentCallbackUri(options.origin) : callbackUri(options.origin));
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier));
  url.searchParams.set('code_challenge_method', 'S256');
  if (prompt) url.searchParams.set('prompt', prompt);
  writePending(pending);
  return url;
}

function toSession(response: oauth.TokenEndpointResponse, now: number, previous?: StoredSession): StoredSession {
  const exp = tokenExpiry(response.access_token);
  const expiresAt = typeof response.expires_in === 'number' ? now + response.expires_in * 1000 : exp !== null ? exp * 1000 : now;
  return {
    accessToken: response.access_token,
    expiresAt,
    refreshToken: response.refresh_token ?? previous?.refreshToken,
    idToken: response.id_token ?? previous?.idToken,
  };
}

/**
 * Finishes a sign-in on the callback URL: the state must equal the stored state
 * token and the ID token's nonce the stored nonce, otherwise it fails with
 * 'Inloggen is niet gelukt'. The state token and nonce are removed either way.
 */
export async function completeLogin(options: OidcOptions, callback: URL): Promise<StoredSession & { returnTo: string }> {
  const pending = readPending();
  const returnTo = pending.returnTo || '/manage';
  const error = callback.searchParams.get('error');
  try {
    requireCrypto();
    if (error && SSO_MISS_CODES.has(error)) throw new SsoMiss(returnTo);
    if (error && OIDC_ERROR_CODES.includes(error)) {
      throw new LoginError(AUTH_TEXTS.loginFailed, { cause: callback.searchParams.get('error_description') ?? error });
    }
    if (!pending.state || !pending.nonce || !pending.codeVerifier) throw new LoginError(AUTH_TEXTS.loginFailed);
    const as = await discover(options);
    const c = client(options);
    const params = oauth.validateAuthResponse(as, c, callback, pending.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      c,
      oauth.None(),
      params,
      redirectUriOf(callback, options.origin),
      pending.codeVerifier,
      requestOptions(options),
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, c, response, { expectedNonce: pending.nonce, requireIdToken: true });
    return { ...toSession(tokens, (options.now ?? Date.now)()), returnTo };
  } catch (cause) {
    if (cause instanceof LoginError || cause instanceof SsoMiss) throw cause;
    throw new LoginError(AUTH_TEXTS.loginFailed, { cause });
  } finally {
    clearPending();
  }
}

/** A new access token for the refresh token (the 60 s check, and on load). */
export async function refreshSession(options: OidcOptions, current: StoredSession): Promise<StoredSession> {
  if (!current.refreshToken) throw new Error('no refresh token');
  const as = await discover(options);
  const c = client(options);
  const response = await oauth.refreshTokenGrantRequest(as, c, oauth.None(), current.refreshToken, requestOptions(options));
  const tokens = await oauth.processRefreshTokenResponse(as, c, response);
  return toSession(tokens, (options.now ?? Date.now)(), current);
}

/**
 * Revokes the refresh token at the provider (RFC 7009): the provider ends the grant with it, so
 * no refresh token of this sign-in, in this tab or another, gives an access token any more. An
 * access token already given stays valid until it runs out (a JWT is checked without the
 * provider). Without a revocation endpoint or refresh token there is nothing to revoke.
 */
export async function revokeSession(options: OidcOptions, current: StoredSession | null): Promise<void> {
  if (!current?.refreshToken) return;
  const as = await discover(options);
  if (!as.revocation_endpoint) return;
  const response = await oauth.revocationRequest(as, client(options), oauth.None(), current.refreshToken, {
    ...requestOptions(options),
    additionalParameters: { token_type_hint: 'refresh_token' },
  });
  await oauth.processRevocationResponse(response);
}

/** Where to end the provider's session, back to /login; null when the provider has no end-session endpoint. */
export async function endSessionUrl(options: OidcOptions, idToken: string | undefined): Promise<URL | null> {
  const as = await discover(options);
  if (!as.end_session_endpoint) return null;
  const url = new URL(as.end_session_endpoint);
  url.searchParams.set('client_id', options.clientId);
  url.searchParams.set('post_logout_redirect_uri', `${options.origin}${APP_PATHS.signIn}`);
  if (idToken) url.searchParams.set('id_token_hint', idToken);
  return url;
}
