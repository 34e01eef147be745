import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// the theme brings the NL Design System (Utrecht) components and design tokens
import '@meldloket/renderer/theme.css';
import { DEFAULT_CONFIG, type AppConfig } from './config/index.ts';
import type {} from './config/window.ts'; // declares window.__MELDLOKET_CONFIG__
import { App } from './App.tsx';
import { startOnAhead } from './ahead/take-over.tsx';

// Service workers are unregistered on start (docs/reference/README.md#product): no stale cached app after a deployment.
void navigator.serviceWorker
  ?.getRegistrations()
  .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
  .catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('#root missing in index.html');

/**
 * The configuration: the defaults (checked by the config tests), or a deployment's
 * `window.__MELDLOKET_CONFIG__` laid over them and checked against the schema here;
 * only then does the page load the schema validator.
 */
async function pageConfig(): Promise<AppConfig> {
  const override = window.__MELDLOKET_CONFIG__;
  if (override === undefined) return DEFAULT_CONFIG;
  const { loadConfig } = await import('./config/load.ts');
  return loadConfig(override);
}

/**
 * Starts the app: on a page drawn ahead (src/ahead) it takes that page over; everywhere else it
 * draws the page itself.
 */
async function start(config: AppConfig): Promise<void> {
  const root = container as HTMLElement;
  if (await startOnAhead(root, (router) => (
    <StrictMode>
      <App config={config} router={router} />
    </StrictMode>
  ))) return;
  createRoot(root).render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
}

pageConfig()
  .then(start)
  .catch((error: unknown) => {
    // A broken configuration is a deployment error: say what is wrong instead of a blank page.
    const pre = document.createElement('pre');
    pre.textContent = error instanceof Error && error.name === 'ConfigError' ? error.message : String(error);
    container.replaceChildren(pre);
    throw error;
  });
