import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// the theme brings the NL Design System (Utrecht) components and design tokens
import '@meldloket/renderer/theme.css';
import { configFromWindow, ConfigError } from './config/index.ts';
import { App } from './App.tsx';

// Service workers are unregistered on start (spec §1): no stale cached app after a deployment.
void navigator.serviceWorker
  ?.getRegistrations()
  .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
  .catch(() => undefined);

const container = document.getElementById('root');
if (!container) throw new Error('#root missing in index.html');

try {
  const config = configFromWindow();
  createRoot(container).render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  );
} catch (error) {
  // A broken configuration is a deployment error: say what is wrong instead of a blank page.
  const pre = document.createElement('pre');
  pre.textContent = error instanceof ConfigError ? error.message : String(error);
  container.replaceChildren(pre);
  throw error;
}
