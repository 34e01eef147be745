/**
 * The site icon: a location pin in the app's primary colour, as SVG, at the path
 * browsers ask for on their own (/favicon.ico) and at /favicon.svg, for whichever of
 * the two the built app does not bring itself.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RoutePlugin } from '../../http/typed.ts';

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#00527f"/><path d="M16 5a8 8 0 0 0-8 8c0 6 8 14 8 14s8-8 8-14a8 8 0 0 0-8-8zm0 11a3 3 0 1 1 0-6 3 3 0 0 1 0 6z" fill="#fff"/></svg>`;

const schema = { hide: true, response: { 200: { type: 'string', contentMediaType: 'image/svg+xml' } } } as const;

export const faviconRoutes: RoutePlugin<{ staticDir: string }> = async (app, { staticDir }) => {
  for (const url of ['/favicon.ico', '/favicon.svg']) {
    if (staticDir !== '' && existsSync(path.join(staticDir, url))) continue; // the built app's own icon wins
    app.get(url, { schema }, async (_request, reply) =>
      reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(FAVICON_SVG),
    );
  }
};
