/**
 * Where the staff session lives in the browser: the tokens (access, refresh, ID) only in this
 * tab's memory, never in localStorage or sessionStorage, which every tab and every script of the
 * origin can read (docs/security.md, "Staff session"). A reload or a new tab signs in again
 * through the provider's session without a form (the SSO check of docs/reference/statuses.md#states-and-transitions, `prompt=none`).
 * localStorage keeps only the flag that someone signed in here (no secret); what one sign-in
 * round trip needs (state token, nonce, PKCE verifier, the page to return to) lives in
 * sessionStorage and is removed after the callback.
 */

/** Set after a successful sign-in, removed at sign-out: on load it asks for the SSO check. */
export const PREVIOUS_LOGIN_KEY = 'previousLogin';
/** Where earlier versions kept the tokens in localStorage: removed on load. */
const LEGACY_TOKEN_KEYS = ['accessToken', 'accessTokenExpiresAt', 'refreshToken', 'idToken'];

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

/** This tab's tokens. */
let memory: StoredSession | null = null;

/** Tokens an earlier version left in localStorage are removed (they would stay readable there). */
export function forgetLegacyTokens(store: KeyValueStore | undefined = local()): void {
  try {
    for (const key of LEGACY_TOKEN_KEYS) store?.removeItem(key);
  } catch {
    // storage blocked: nothing was kept either
  }
}
forgetLegacyTokens();

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

export function readSession(): StoredSession | null {
  return memory;
}

/** Keeps the tokens in this tab's memory and notes (without any token) that someone signed in here. */
export function writeSession(value: StoredSession): void {
  memory = { ...value };
  try {
    local()?.setItem(PREVIOUS_LOGIN_KEY, '1');
  } catch {
    // storage blocked: the session lasts as long as the tab
  }
}

/** Forgets the tokens (and, at sign-out, that anyone signed in here). */
export function clearSession({ forgetLogin }: { forgetLogin: boolean }): void {
  memory = null;
  if (forgetLogin) {
    try {
      local()?.removeItem(PREVIOUS_LOGIN_KEY);
    } catch {
      // storage blocked
    }
  }
}

/** The access token counts as valid until its expiry time (docs/reference/statuses.md#states-and-transitions). */
export const isValid = (value: StoredSession | null, now = Date.now()): value is StoredSession => !!value && value.expiresAt > now;

/** This tab's token when it is still valid at `now` (ms). */
export function validStoredToken(now = Date.now()): string | null {
  const value = readSession();
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
