/**
 * Serves the built web app (STATIC_DIR, default dist/) next to the API: files as
 * they are, and index.html for every other GET outside the API so the app's own
 * router takes over. Without a build the API still runs; the root says how to build.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { NOT_FOUND } from '../http/api-error.ts';

const API_PREFIXES = ['/signals', '/dev/', '/stand-ins/'];

export const staticAppPlugin = fp<{ staticDir: string }>(
  async (app, { staticDir }) => {
    const hasApp = staticDir !== '' && existsSync(path.join(staticDir, 'index.html'));
    if (hasApp) {
      await app.register(fastifyStatic, {
        root: staticDir,
        wildcard: false,
        index: false,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = API_PREFIXES.some((p) => request.url === p.replace(/\/$/, '') || request.url.startsWith(p));
      if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && hasApp) {
        const file = request.url.split('?')[0];
        if (file !== '/' && path.extname(file) !== '' && !file.endsWith('.html')) {
          return reply.code(404).type('text/plain; charset=utf-8').send('Niet gevonden.');
        }
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      if (!isApi && request.url === '/' && !hasApp) {
        return reply.type('text/plain; charset=utf-8').send('De API draait. Bouw de web-app met `npm run build` of start met `npm start`.');
      }
      return reply.code(404).send({ detail: NOT_FOUND });
    });
  },
  { name: 'static-app' },
);
