/** Module resolution hook (see preact-node.mjs): react and react-dom are answered by Preact. */
import { REACT_TO_PREACT } from '../../scripts/build/preact-aliases.mjs';

export async function resolve(specifier, context, nextResolve) {
  return nextResolve(Object.hasOwn(REACT_TO_PREACT, specifier) ? REACT_TO_PREACT[specifier] : specifier, context);
}
