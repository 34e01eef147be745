import { createContext, useContext, useEffect, type ReactNode } from 'react';

/** A virtual page view: the wizard sends one per step (not for the save step). */
export interface PageView {
  path: string;
  title: string;
}

/** Where page views go. Plug in any analytics service by passing your own. */
export interface Analytics {
  pageView(view: PageView): void;
}

interface DataLayerWindow {
  dataLayer?: Array<Record<string, unknown>>;
}

/**
 * The default: push a 'virtualPageView' event onto `window.dataLayer` when a tag
 * manager put one there; do nothing otherwise (no tracking unless a site sets it up).
 */
export const dataLayerAnalytics: Analytics = {
  pageView({ path, title }) {
    const layer = (window as unknown as DataLayerWindow).dataLayer;
    if (Array.isArray(layer)) layer.push({ event: 'virtualPageView', path, title });
  },
};

const AnalyticsContext = createContext<Analytics>(dataLayerAnalytics);

export function AnalyticsProvider({ analytics, children }: { analytics: Analytics; children: ReactNode }) {
  return <AnalyticsContext.Provider value={analytics}>{children}</AnalyticsContext.Provider>;
}

export function useAnalytics(): Analytics {
  return useContext(AnalyticsContext);
}

/** Sends one virtual page view whenever `path` changes (skip with `enabled: false`). */
export function usePageView(path: string, title: string, enabled = true): void {
  const analytics = useAnalytics();
  useEffect(() => {
    if (enabled) analytics.pageView({ path, title });
    // title changes (e.g. 'Fout: ') are no new page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [analytics, path, enabled]);
}
