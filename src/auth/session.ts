/**
 * Where the staff session lives in the browser. The tokens stay in localStorage
 * (one session for every tab); what one sign-in round trip needs (state token,
 * nonce, PKCE verifier, the page to return to) lives in sessionStorage and is
 * removed after the callback.
 */

/** Storage key of the staff access token (spec §4: the access token, state token and nonce have keys). */
export const ACCESS_TOKEN_KEY = 'accessToken';
export const EXPIRES_AT_KEY = 'accessTokenExpiresAt';
export const REFRESH_TOKEN_KEY = 'refreshToken';
export const ID_TOKEN_KEY = 'idToken';
/** Set after a successful sign-in, removed at sign-out: on load it asks for the SSO check. */
export const PREVIOUS_LOGIN_KEY = 'previousLogin';

export const STATE_TOKEN_KEY = 'oidcStateToken';
export const NONCE_KEY = 'oidcNonce';
export const CODE_VERIFIER_KEY = 'oidcCodeVerifier';
export const RETURN_TO_KEY = 'oidcReturnTo';
/** The SSO check ran in this tab already (so a failed one never loops). */
export const SSO_TRIED_KEY = 'oidcSsoTried';

export interface StoredSession {
  accessToken: string;
  /** When the access token stops counting as valid, ms since the epoch (browser clock). */
  expiresAt: number;
  refreshToken?: string;
  idToken?: string;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(kind: 'localStorage' | 'sessionStorage'): KeyValueStore | undefined {
  try {
    return (globalThis as unknown as Record<string, KeyValueStore | undefined>)[kind];
  } catch {
    return undefined;
  }
}
export const local = () => storage('localStorage');
export const session = () => storage('sessionStorage');

/** Seconds since the epoch at which a JWT expires, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

export function readSession(store: Pick<Storage, 'getItem'> | undefined = local()): StoredSession | null {
  const accessToken = store?.getItem(ACCESS_TOKEN_KEY);
  if (!store || !accessToken) return null;
  const stored = Number(store.getItem(EXPIRES_AT_KEY));
  const exp = tokenExpiry(accessToken);
  const expiresAt = Number.isFinite(stored) && stored > 0 ? stored : exp !== null ? exp * 1000 : 0;
  return {
    accessToken,
    expiresAt,
    refreshToken: store.getItem(REFRESH_TOKEN_KEY) ?? undefined,
    idToken: store.getItem(ID_TOKEN_KEY) ?? undefined,
  };
}

export function writeSession(value: StoredSession, store: KeyValueStore | undefined = local()): void {
  if (!store) return;
  store.setItem(ACCESS_TOKEN_KEY, value.accessToken);
  store.setItem(EXPIRES_AT_KEY, String(value.expiresAt));
  if (value.refreshToken) store.setItem(REFRESH_TOKEN_KEY, value.refreshToken);
  if (value.idToken) store.setItem(ID_TOKEN_KEY, value.idToken);
  store.setItem(PREVIOUS_LOGIN_KEY, '1');
}

/** Forgets the tokens (and, at sign-out, that anyone signed in here). */
export function clearSession({ forgetLogin }: { forgetLogin: boolean }, store: KeyValueStore | undefined = local()): void {
  for (const key of [ACCESS_TOKEN_KEY, EXPIRES_AT_KEY, REFRESH_TOKEN_KEY, ID_TOKEN_KEY]) store?.removeItem(key);
  if (forgetLogin) store?.removeItem(PREVIOUS_LOGIN_KEY);
}

/** The access token counts as valid until its expiry time (spec §4). */
export const isValid = (value: StoredSession | null, now = Date.now()): value is StoredSession => !!value && value.expiresAt > now;

/** The stored token when it is still valid at `now` (ms). */
export function validStoredToken(store: Pick<Storage, 'getItem'> | undefined = local(), now = Date.now()): string | null {
  const value = readSession(store);
  return isValid(value, now) ? value.accessToken : null;
}

/** What one sign-in round trip keeps until its callback. */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
}

export function writePending(pending: PendingLogin, store: KeyValueStore | undefined = session()): void {
  store?.setItem(STATE_TOKEN_KEY, pending.state);
  store?.setItem(NONCE_KEY, pending.nonce);
  store?.setItem(CODE_VERIFIER_KEY, pending.codeVerifier);
  store?.setItem(RETURN_TO_KEY, pending.returnTo);
}

export function readPending(store: Pick<Storage, 'getItem'> | undefined = session()): Partial<PendingLogin> {
  return {
    state: store?.getItem(STATE_TOKEN_KEY) ?? undefined,
    nonce: store?.getItem(NONCE_KEY) ?? undefined,
    codeVerifier: store?.getItem(CODE_VERIFIER_KEY) ?? undefined,
    returnTo: store?.getItem(RETURN_TO_KEY) ?? undefined,
  };
}

/** Removes the state token and nonce (after a callback, good or bad). */
export function clearPending(store: KeyValueStore | undefined = session()): void {
  for (const key of [STATE_TOKEN_KEY, NONCE_KEY, CODE_VERIFIER_KEY, RETURN_TO_KEY]) store?.removeItem(key);
}
