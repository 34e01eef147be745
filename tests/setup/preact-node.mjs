/**
 * Loaded with `--import` by the component tests' workers (vite.config.ts, project `ui`): Vitest
 * leaves packages to Node, and Node would load the real react for react-router, @xstate/react and
 * react-leaflet. Here every `import` and `require` of react or react-dom is answered by Preact, as
 * the Vite aliases do in the app, so the tests render with the renderer residents get. Preact 11
 * is ES modules only, so `require` reaches the same copy as `import` (Node ≥ 20.19 loads ES modules
 * for require).
 */
import Module, { register } from 'node:module';
import { REACT_TO_PREACT } from '../../scripts/build/preact-aliases.mjs';

// import … from 'react' (ES modules)
register(new URL('./preact-node-hooks.mjs', import.meta.url));

// require('react') (CommonJS builds: react-router, use-sync-external-store, …)
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  const stand = Object.hasOwn(REACT_TO_PREACT, request) ? REACT_TO_PREACT[request] : request;
  return resolveFilename.call(this, stand, parent, ...rest);
};
