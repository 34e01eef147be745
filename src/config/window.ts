/** The configuration of this page in the browser (kept apart so the server can load and validate configurations too). */
import { loadConfig } from './load.ts';
import type { AppConfig } from './types.ts';

declare global {
  interface Window {
    /** Deployment overrides of the configuration, set by a script before the app starts. */
    __MELDLOKET_CONFIG__?: unknown;
  }
}

/** The configuration of this page: defaults plus `window.__MELDLOKET_CONFIG__`. */
export function configFromWindow(): AppConfig {
  return loadConfig(typeof window === 'undefined' ? undefined : window.__MELDLOKET_CONFIG__);
}
