/**
 * Puts `<script defer src="/app-config.js">` first in the page's head: the deployment's
 * configuration (municipality, map services), served by the server, sets
 * `window.__MELDLOKET_CONFIG__` before the app's module scripts run (deferred and module
 * scripts run in document order). Added after Vite has processed the HTML, because Vite
 * would otherwise try to bundle the file (it is not a module, and exists only at run time).
 */
export const APP_CONFIG_PATH = '/app-config.js';

export function appConfigTag() {
  return {
    name: 'meldloket:app-config-tag',
    transformIndexHtml: {
      order: 'post',
      // after the title (the charset and viewport stay first), before every script Vite adds to the head
      handler(html) {
        if (!html.includes('</title>')) throw new Error('app-config tag: index.html has no <title>');
        return html.replace('</title>', `</title>\n    <script defer src="${APP_CONFIG_PATH}"></script>`);
      },
    },
  };
}
