/**
 * The staff session (docs/reference/statuses.md#states-and-transitions): which staff member is signed in, their token, and
 * what was loaded for them at sign-in. The sign-in machinery itself (oidc.ts,
 * oauth4webapi) is loaded only when it is needed, so the public first page stays small.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError, APP_PATHS, type ApiClient } from '@meldloket/engine';
import { useConfig, type AppConfig } from '../config/index.ts';
import { createBrowserApi } from '../api/client.ts';
import { useNotifications } from '../notifications/index.ts';
import { canAccess, userPermissions, type Area } from './areas.ts';
import {
  clearSession,
  isValid,
  local,
  PREVIOUS_LOGIN_KEY,
  readSession,
  session as tabStorage,
  SSO_TRIED_KEY,
  writeSession,
  type StoredSession,
} from './session.ts';
import { startTokenTimer } from './tokenTimer.ts';
import { AUTH_TEXTS } from './texts.ts';
import { fetchAreas, fetchCategories, fetchDepartments, fetchMe, fetchSources, type StaffData, type StaffUser } from './staff.ts';
import type { OidcOptions } from './oidc.ts';
import { askInFrame } from './silent.ts';

export type AuthStatus = 'anonymous' | 'loading' | 'ready' | 'failed';

export interface AuthState {
  /** True for signed-in staff with an unexpired token. */
  isAuthenticated: boolean;
  /** Bearer token for private calls, or null. */
  getToken(): string | null;
  /** 'loading' while the current user is fetched after sign-in; 'ready' once known. */
  status?: AuthStatus;
  /** The signed-in staff member (`/me/`), once loaded. */
  user?: StaffUser | null;
  /** Categories, departments and sources, loaded once at sign-in. */
  staffData?: StaffData | null;
  /** True while `staffData` is on its way after sign-in: wait for it instead of fetching the same. */
  staffDataPending?: boolean;
  /** Whether the user may open an area of the access table (docs/reference/permissions.md#roles). */
  can?(area: Area): boolean;
  /** Starts the sign-in; afterwards the app returns to `returnTo`. */
  login?(returnTo: string): Promise<void>;
  /** Signs out here and at the provider. */
  logout?(): Promise<void>;
  /** Finishes a sign-in on the callback URL; gives the path to go to next. */
  completeLogin?(callback: URL): Promise<string>;
}

const anonymous: AuthState = { isAuthenticated: false, getToken: () => null, status: 'anonymous', user: null, staffData: null, can: () => false };
const AuthContext = createContext<AuthState>(anonymous);

const loadOidc = () => import('./oidc.ts');

const origin = () => window.location.origin;
const oidcOptions = (config: AppConfig): OidcOptions => ({ ...config.oidc, origin: origin() });

export interface AuthProviderProps {
  /** Overrides the session (tests, stories). */
  value?: AuthState;
  /** The API client for the calls made at sign-in (tests); the browser's otherwise. */
  api?: ApiClient<AbortSignal>;
  /** Leaves the app for the provider (tests replace it). */
  leave?: (url: string) => void;
  /** Asks the provider in a hidden frame, giving the silent page's address it answered on (tests replace it). */
  askFrame?: (url: URL) => Promise<URL | null>;
  children: ReactNode;
}

const leavePage = (url: string) => window.location.assign(url);

/** The lock (Web Locks API) under which a tab renews its tokens: one tab at a time. */
export const REFRESH_LOCK = 'meldloket-token-refresh';
/** The channel on which a tab tells the others that the staff member signed out. */
export const SESSION_CHANNEL = 'meldloket-staff-session';

function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

function announceLogout(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.postMessage({ type: 'logout' });
  channel.close();
}

/**
 * Whether an earlier session can be restored on load: an earlier sign-in was recorded and this
 * tab has not had its SSO check yet (the tokens themselves are never kept across a load).
 */
function restorable(): boolean {
  if (typeof window !== 'undefined' && window.location.pathname.startsWith(APP_PATHS.signInCallback)) return false;
  const tab = tabStorage();
  return !!local()?.getItem(PREVIOUS_LOGIN_KEY) && !!tab && !tab.getItem(SSO_TRIED_KEY);
}

/**
 * Whether the app's first render here is that of an anonymous visitor: no staff session is
 * stored and none is being restored (what the first page rendered ahead assumes: src/main.tsx).
 */
export function startsAnonymous(): boolean {
  return !isValid(readSession()) && !restorable();
}

export function AuthProvider({ value, ...props }: AuthProviderProps) {
  if (value) return <AuthContext.Provider value={{ ...anonymous, status: value.isAuthenticated ? 'ready' : 'anonymous', ...value }}>{props.children}</AuthContext.Provider>;
  return <BrowserAuthProvider {...props} />;
}

function BrowserAuthProvider({ api: injectedApi, leave = leavePage, askFrame = askInFrame, children }: Omit<AuthProviderProps, 'value'>) {
  const config = useConfig();
  const { show } = useNotifications();
  const [stored, setStored] = useState<StoredSession | null>(() => {
    // only within this page's life (the tokens are in memory): a remount keeps them
    const found = readSession();
    return isValid(found) ? found : null;
  });
  const [user, setUser] = useState<StaffUser | null>(null);
  const [staffData, setStaffData] = useState<StaffData | null>(null);
  // 'loading' also while an earlier session is being restored on load (refresh token or SSO check)
  const [status, setStatus] = useState<AuthStatus>(() => (stored || restorable() ? 'loading' : 'anonymous'));
  const storedRef = useRef(stored);
  storedRef.current = stored;

  const getToken = useCallback(() => {
    const current = readSession();
    return isValid(current) ? current.accessToken : null;
  }, []);
  const api = useMemo(() => injectedApi ?? createBrowserApi(config, getToken), [injectedApi, config, getToken]);

  const signOutHere = useCallback((forgetLogin: boolean) => {
    clearSession({ forgetLogin });
    setStored(null);
    setUser(null);
    setStaffData(null);
    setStatus('anonymous');
  }, []);

  const accept = useCallback((next: StoredSession) => {
    writeSession(next);
    setStored(next);
  }, []);

  // On load (the tokens are gone with the last page): a recorded earlier sign-in asks the
  // provider silently (SSO check, prompt=none), which signs in again while its session lasts. It
  // asks in a hidden frame first (the page stays and the app starts once: src/auth/silent.ts); only
  // when the frame gets no answer does the page itself go round through the provider. A provider on
  // another origin may not see its own session from a frame (browsers keep such cookies from it),
  // so its 'not signed in' from the frame is asked again through the page.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (storedRef.current) return;
    const here = `${window.location.pathname}${window.location.search}`;
    if (window.location.pathname.startsWith(APP_PATHS.signInCallback)) return;
    clearSession({ forgetLogin: false });
    const tab = tabStorage();
    if (!restorable() || !tab) return;
    tab.setItem(SSO_TRIED_KEY, '1');
    const options = oidcOptions(config);
    const restore = async () => {
      const oidc = await loadOidc();
      const answer = await askFrame(await oidc.authorizationUrl(options, { returnTo: here, prompt: 'none', inFrame: true }));
      if (answer) {
        try {
          const { returnTo: _, ...next } = await oidc.completeLogin(options, answer);
          tab.removeItem(SSO_TRIED_KEY);
          accept(next);
          return;
        } catch (error) {
          const sameOrigin = oidc.issuerUrl(options).origin === window.location.origin;
          if (error instanceof oidc.SsoMiss && sameOrigin) {
            // the provider has no session any more: continue signed out, and stop asking on load
            local()?.removeItem(PREVIOUS_LOGIN_KEY);
            setStatus('anonymous');
            return;
          }
        }
      }
      leave((await oidc.authorizationUrl(options, { returnTo: here, prompt: 'none' })).href);
    };
    restore().catch(() => setStatus('anonymous'));
  }, [config, accept, leave, askFrame]);

  // Once signed in: the authorise call (/me/), then the lists the back office keeps.
  const token = stored?.accessToken;
  const signedIn = !!stored;
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    setStatus('loading');
    fetchMe(api).then(
      (me) => {
        if (!live) return;
        setUser(me);
        setStatus('ready');
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 401) {
          // the API does not know this sign-in (unknown or inactive user): forget it, so no SSO check signs in again
          signOutHere(true);
          leave(APP_PATHS.signIn);
          return;
        }
        setStatus('failed');
        show({ title: AUTH_TEXTS.authorizeFailed, variant: 'error' });
      },
    );
    Promise.allSettled([fetchCategories(api), fetchDepartments(api), fetchSources(api), fetchAreas(api)]).then(([categories, departments, sources, areas]) => {
      if (!live) return;
      if (categories.status === 'rejected') show({ title: AUTH_TEXTS.categoriesFailed, variant: 'error' });
      if (departments.status === 'rejected') show({ title: AUTH_TEXTS.departmentsFailed, variant: 'error' });
      setStaffData({
        categories: categories.status === 'fulfilled' ? categories.value : [],
        departments: departments.status === 'fulfilled' ? departments.value : [],
        sources: sources.status === 'fulfilled' ? sources.value : [],
        areas: areas.status === 'fulfilled' ? areas.value : [],
        sourcesError: sources.status === 'rejected' ? String((sources.reason as Error)?.message ?? sources.reason) : undefined,
      });
    });
    return () => {
      live = false;
    };
    // loaded once per sign-in: a refreshed token keeps what was loaded
  }, [signedIn, api, show, signOutHere, leave]);

  // Every 60 s: refresh within 120 s of expiry, sign out once expired.
  useEffect(() => {
    if (!token) return;
    return startTokenTimer({
      getExpiresAt: () => readSession()?.expiresAt ?? null,
      // one tab renews at a time (each tab has its own tokens; the lock keeps the provider's
      // refresh-token rotation from ever seeing two renewals of one sign-in at once)
      refresh: () =>
        oneTabAtATime(async () => {
          const current = readSession();
          if (!current?.refreshToken) throw new Error('no refresh token');
          const { refreshSession } = await loadOidc();
          accept(await refreshSession(oidcOptions(config), current));
        }),
      expire: () => {
        signOutHere(false);
        show({ title: AUTH_TEXTS.sessionExpired, variant: 'notice' });
      },
    });
  }, [token, config, accept, signOutHere, show]);

  const login = useCallback(
    async (returnTo: string) => {
      try {
        const { authorizationUrl } = await loadOidc();
        const url = await authorizationUrl(oidcOptions(config), { returnTo });
        leave(url.href);
      } catch (error) {
        const message = error instanceof Error && error.name === 'LoginError' ? error.message : AUTH_TEXTS.loginFailed;
        show({ title: message, variant: 'error' });
      }
    },
    [config, leave, show],
  );

  // A sign-out in another tab signs this one out too.
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === 'logout') signOutHere(true);
    };
    return () => channel.close();
  }, [signOutHere]);

  const logout = useCallback(async () => {
    try {
      const { endSessionUrl, revokeSession } = await loadOidc();
      const current = readSession();
      // the grant and its refresh tokens end at the provider first: the old refresh token is refused after this
      await revokeSession(oidcOptions(config), current);
      const url = await endSessionUrl(oidcOptions(config), current?.idToken);
      signOutHere(true);
      announceLogout();
      leave(url ? url.href : APP_PATHS.signIn);
    } catch {
      show({ title: AUTH_TEXTS.logoutFailed, variant: 'error' });
    }
  }, [config, leave, show, signOutHere]);

  const completeLogin = useCallback(
    async (callback: URL): Promise<string> => {
      const { completeLogin: complete, LoginError, SsoMiss } = await loadOidc();
      try {
        const { returnTo, ...next } = await complete(oidcOptions(config), callback);
        tabStorage()?.removeItem(SSO_TRIED_KEY);
        accept(next);
        return returnTo;
      } catch (error) {
        if (error instanceof SsoMiss) {
          // the provider has no session any more: continue signed out, and stop asking on load
          local()?.removeItem(PREVIOUS_LOGIN_KEY);
          return error.returnTo;
        }
        const message = error instanceof LoginError ? error.message : AUTH_TEXTS.loginFailed;
        show({ title: message, variant: 'error' });
        return APP_PATHS.signIn;
      }
    },
    [config, accept, show],
  );

  const permissions = useMemo(() => userPermissions(user), [user]);
  const can = useCallback((area: Area) => canAccess(user, area, permissions), [user, permissions]);

  const state = useMemo<AuthState>(
    () => ({ isAuthenticated: !!stored, getToken, status, user, staffData, staffDataPending: !!stored && staffData === null, can, login, logout, completeLogin }),
    [stored, getToken, status, user, staffData, can, login, logout, completeLogin],
  );
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}
