import { createContext, useContext, useMemo, type ReactNode } from 'react';

/** Storage key of the staff access token (written by the sign-in flow of the back office). */
export const ACCESS_TOKEN_KEY = 'accessToken';

export interface AuthState {
  /** True for signed-in staff with an unexpired token. */
  isAuthenticated: boolean;
  /** Bearer token for private calls, or null. */
  getToken(): string | null;
}

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

/** The stored token when it is still valid at `now` (ms). */
export function validStoredToken(storage: Pick<Storage, 'getItem'> | undefined, now = Date.now()): string | null {
  const token = storage?.getItem(ACCESS_TOKEN_KEY) ?? null;
  if (!token) return null;
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > now ? token : null;
}

const anonymous: AuthState = { isAuthenticated: false, getToken: () => null };
const AuthContext = createContext<AuthState>(anonymous);

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Reads the staff session from storage; `value` overrides it (tests, stories). */
export function AuthProvider({ value, children }: { value?: AuthState; children: ReactNode }) {
  const state = useMemo<AuthState>(() => {
    if (value) return value;
    const token = validStoredToken(safeLocalStorage());
    return token ? { isAuthenticated: true, getToken: () => validStoredToken(safeLocalStorage()) } : anonymous;
  }, [value]);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
