/**
 * The app runs on Preact (`preact/compat`), written against React's API: every import of react
 * and react-dom, ours and the libraries', is answered by Preact. This list is the one place that
 * says which module stands in for which; vite.config.ts turns it into aliases (the app, Storybook,
 * the first page's renderer) and tests/setup/preact-node.mjs into a Node resolution hook (the
 * component tests, where libraries are loaded by Node itself).
 */
export const REACT_TO_PREACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/** The same list as Vite aliases (exact names only: `react-router` is not `react`). */
export function preactAliases() {
  return Object.entries(REACT_TO_PREACT).map(([find, replacement]) => ({
    find: new RegExp(`^${find.replace(/[/-]/g, '\\$&')}$`),
    replacement,
  }));
}
