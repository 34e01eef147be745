import { StrictMode, useEffect, useRef, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
// the theme brings the NL Design System (Utrecht) components and design tokens
import '@meldloket/renderer/theme.css';
import { DEFAULT_CONFIG, type AppConfig } from './config/index.ts';
import type {} from './config/window.ts'; // declares window.__MELDLOKET_CONFIG__
import { App } from './App.tsx';
import { startsAnonymous } from './auth/index.ts';
import { FIRST_PAGE_PATH, initialisedRouter, keepWhatWasDone, prepareFirstPage, rendersAsAhead, takeEarlyEvents } from './first-page.ts';

// Service workers are unregistered on start (spec §1): no stale cached app after a deployment.
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

/** Calls `onTakenOver` once, when the page is the app's (after every effect of the screens inside). */
function TakenOver({ onTakenOver, children }: { onTakenOver: () => void; children: ReactNode }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    onTakenOver();
  }, [onTakenOver]);
  return children;
}

/**
 * The page the server rendered ahead (/incident/beschrijf, src/entry-server.tsx) is taken over:
 * the app hydrates that DOM instead of drawing it again, once the screens it shows and the form
 * compiler are loaded (so its first render is exactly the rendered page). A visitor for whom the
 * app would draw something else (a stored draft, a staff session, another configuration) gets the
 * app's own page.
 */
async function start(config: AppConfig): Promise<void> {
  const root = container as HTMLElement;
  const drawnAhead = root.firstElementChild !== null;
  const rendered = drawnAhead && window.location.pathname === FIRST_PAGE_PATH;
  if (rendered && rendersAsAhead(root, startsAnonymous())) {
    const [router] = await Promise.all([initialisedRouter(), prepareFirstPage()]);
    // from here the app handles every event itself; what was done before is done again once it has the page
    const replayEarlyEvents = takeEarlyEvents();
    hydrateRoot(
      root,
      <StrictMode>
        <TakenOver onTakenOver={replayEarlyEvents}>
          <App config={config} router={router} />
        </TakenOver>
      </StrictMode>,
    );
    return;
  }
  const reactRoot = createRoot(root);
  if (rendered) {
    // The app's own page replaces the rendered one in one task, drawn at once (the screens and the
    // form compiler loaded first, no loading line in between), and what the resident did on the
    // rendered page is handed to it: nothing typed in between is lost, the focus stays in its field.
    const [router] = await Promise.all([initialisedRouter(), prepareFirstPage()]);
    const carryOver = keepWhatWasDone(root);
    flushSync(() =>
      reactRoot.render(
        <StrictMode>
          <App config={config} router={router} />
        </StrictMode>,
      ),
    );
    carryOver();
    return;
  }
  // A frame drawn ahead (src/entry-server.tsx, renderFrame) has no button to press: the boot script
  // stops noting them. The app draws over it the same frame in the same places (while its router
  // loads the screen: LayoutLoading, src/layout/Layout.tsx).
  if (drawnAhead) takeEarlyEvents();
  reactRoot.render(
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
