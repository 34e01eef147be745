import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type NotificationVariant = 'error' | 'notice' | 'success';

/** A message for the whole page (global) or for the current form (local). docs/reference/screens.md#entities 'Notification'. */
export interface Notification {
  title: string;
  message?: string;
  variant?: NotificationVariant;
  type?: 'global' | 'local';
}

interface NotificationApi {
  current: (Notification & { id: number }) | null;
  show(notification: Notification): void;
  close(): void;
  /** Closes the current notification when it is a local one (on route change, docs/reference/screens.md#routes). */
  closeLocal(): void;
}

const NotificationContext = createContext<NotificationApi | null>(null);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<NotificationApi['current']>(null);
  const show = useCallback((notification: Notification) => {
    setCurrent((previous) => ({ variant: 'notice', type: 'global', ...notification, id: (previous?.id ?? 0) + 1 }));
  }, []);
  const close = useCallback(() => setCurrent(null), []);
  const closeLocal = useCallback(() => setCurrent((previous) => (previous?.type === 'local' ? null : previous)), []);
  const value = useMemo(() => ({ current, show, close, closeLocal }), [current, show, close, closeLocal]);
  return <NotificationContext.Provider value={value}>{children}</NotificationContext.Provider>;
}

/**
 * Closes local notifications when the route changes (docs/reference/screens.md#routes); global ones stay.
 * `route` names the matched route (not the path), so moving between the steps of
 * one route (the wizard's `incident/:step`) keeps a step's own notification.
 * A layout effect, so it runs before the new screen's own effects can show one.
 */
export function useCloseLocalOnRouteChange(route: string): void {
  const api = useContext(NotificationContext);
  const previous = useRef(route);
  useLayoutEffect(() => {
    if (previous.current === route) return;
    previous.current = route;
    api?.closeLocal();
  }, [route, api]);
}

/** Show or close the global notification banner. */
export function useNotifications(): NotificationApi {
  const api = useContext(NotificationContext);
  if (!api) throw new Error('useNotifications needs a NotificationProvider');
  return api;
}
