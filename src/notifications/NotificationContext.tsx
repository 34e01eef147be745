import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type NotificationVariant = 'error' | 'notice' | 'success';

/** A message for the whole page (global) or for the current form (local). Spec §3 'Notification'. */
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
}

const NotificationContext = createContext<NotificationApi | null>(null);

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<NotificationApi['current']>(null);
  const show = useCallback((notification: Notification) => {
    setCurrent((previous) => ({ variant: 'notice', type: 'global', ...notification, id: (previous?.id ?? 0) + 1 }));
  }, []);
  const close = useCallback(() => setCurrent(null), []);
  const value = useMemo(() => ({ current, show, close }), [current, show, close]);
  return <NotificationContext.Provider value={value}>{children}</NotificationContext.Provider>;
}

/** Show or close the global notification banner. */
export function useNotifications(): NotificationApi {
  const api = useContext(NotificationContext);
  if (!api) throw new Error('useNotifications needs a NotificationProvider');
  return api;
}
