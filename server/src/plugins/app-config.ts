/**
 * The app's configuration for this deployment, in one place (issue 19):
 *
 * - the municipality (`MUNICIPALITY_FILE`: a JSON file with the app configuration's
 *   keys — name, site title, phone number and hours, links, map centre, bounds and the
 *   municipality names the address search keeps to, feature flags; see
 *   docs/configuration.md). The server checks that it is a JSON object; the app checks
 *   it against its configuration schema when it starts and shows every problem with
 *   its JSON path (the server may not import the app's modules: docs/architecture.md);
 * - the map services decided at start (plugins/map-services.ts).
 *
 * Served as `GET /app-config.js`, which sets `window.__MELDLOKET_CONFIG__` before the
 * app runs (index.html loads it first, deferred). Revalidated on every load (no-cache).
 */
import { readFileSync } from 'node:fs';
import fp from 'fastify-plugin';
import { mergeConfig } from '@meldloket/engine';
import type { MapServices } from './map-services.ts';

export interface AppConfigOptions {
  /** Path of the municipality's JSON file; empty: the defaults. */
  municipalityFile?: string;
  /** The map services in use now (they may switch once, when the probe at start settles). */
  mapServices: () => MapServices;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What /app-config.js hands the app (only what differs from the app's defaults). */
    appConfigOverride: Record<string, unknown>;
  }
}

/** Thrown at start when the municipality file cannot be read or is not a valid configuration. */
export class MunicipalityFileError extends Error {
  override name = 'MunicipalityFileError';
}

export function readMunicipalityFile(file: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new MunicipalityFileError(`${file}: kan het bestand niet lezen als JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new MunicipalityFileError(`${file}: verwacht een JSON-object met de sleutels van de configuratie (docs/configuration.md).`);
  return parsed as Record<string, unknown>;
}

export const appConfigPlugin = fp<AppConfigOptions>(
  async (app, options) => {
    const municipality = options.municipalityFile ? readMunicipalityFile(options.municipalityFile) : {};
    /** What the app gets for these map services: computed once per choice. */
    const forServices = (services: MapServices) => {
      // The municipality's own choices win over the map services' defaults (e.g. its own tile server).
      const override = mergeConfig(services.appConfig, municipality) as Record<string, unknown>;
      // Nothing to lay over the defaults: no assignment, so the app skips loading its config validator.
      const body =
        Object.keys(override).length === 0
          ? '// Meldloket: deze installatie gebruikt de standaardinstellingen.\n'
          : `window.__MELDLOKET_CONFIG__ = ${JSON.stringify(override).replace(/</g, '\\u003c')};\n`;
      return { services, override, body };
    };
    let current = forServices(options.mapServices());
    const now = () => (current.services === options.mapServices() ? current : (current = forServices(options.mapServices())));
    app.decorate('appConfigOverride', { getter: () => now().override });
    app.get('/app-config.js', async (_request, reply) =>
      reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(now().body),
    );
  },
  { name: 'app-config' },
);
