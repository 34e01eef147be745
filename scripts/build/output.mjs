/**
 * The files of the app's build (dist/) that the server reads besides what it serves: named here
 * once, for the build steps that write them (prerender.mjs, first-page.mjs) and the server that
 * reads them (server/src/plugins/static-app.ts). No imports: the built server bundles this file.
 */

/** The first page's renderer, relative to the build folder (never served). */
export const PRERENDER_ENTRY = 'ssr/first-page.js';

/** The list of documents per part of the app ({ prefix, file }), relative to the build folder. */
export const ROUTE_DOCUMENTS = 'index-routes.json';

/**
 * The script the server puts inline before the rendered page's #root (src/ahead/early.js): it notes
 * what is done before the app runs. Relative to the build folder, beside the renderer (never served).
 */
export const EARLY_SCRIPT = 'ssr/early-events.js';
