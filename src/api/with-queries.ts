/**
 * A resident's screen that reads through TanStack Query, loaded lazily together with the query
 * client (src/api/AppQueries.tsx): `screen(withQueries(() => import('./x/XPage.tsx')))`. The app
 * frame and the first page import only this module, which imports neither, so TanStack Query's code
 * comes with the first screen that needs it (docs/architecture.md, 'Data on screens').
 */
import type { ComponentType } from 'react';

type ScreenModule<P> = { default: ComponentType<P> };

export function withQueries<P extends object = object>(load: () => Promise<ScreenModule<P>>): () => Promise<ScreenModule<P>> {
  return async () => {
    const [screen, { inQueries }] = await Promise.all([load(), import('./AppQueries.tsx')]);
    return { default: inQueries(screen.default) };
  };
}
