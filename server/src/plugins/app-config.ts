/**
 * The app's configuration for this deployment, in one place (docs/operations.md):
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
import path from 'node:path';
import { BRAND_COLOR_TOKENS, brandingColorProblems, mergeConfig, type BrandColor } from '@meldloket/engine';
import type { MapServices } from './map-services.ts';
import { setMailMunicipality } from '../mail/signature.ts';
import { readRetention } from '../privacy/config.ts';

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

const IMAGE_TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.ico': 'image/x-icon' };

export interface BrandingFile {
  /** Path the server serves it at, e.g. /gemeente/logo.svg. */
  url: string;
  type: string;
  data: Buffer;
}

/**
 * The municipality's branding checked and its image files read: colours must be #rrggbb
 * and keep AA contrast (engine brandingColorProblems); `logo` and `favicon` are a URL
 * ('/…', 'https://…') or a file next to the municipality file, which the server then
 * serves under /gemeente/. Throws MunicipalityFileError naming the file and JSON path.
 */
export function readBranding(file: string, municipality: Record<string, unknown>): { branding: Record<string, unknown>; files: BrandingFile[] } | undefined {
  const branding = municipality.branding;
  if (branding === undefined) return undefined;
  if (typeof branding !== 'object' || branding === null || Array.isArray(branding)) throw new MunicipalityFileError(`${file}: /branding: verwacht een object (docs/configuration.md).`);
  const result: Record<string, unknown> = { ...branding };
  const problems: string[] = [];
  const colors = result.colors;
  if (colors !== undefined) {
    if (typeof colors !== 'object' || colors === null || Array.isArray(colors)) problems.push('/branding/colors: verwacht een object met kleuren als #rrggbb.');
    else problems.push(...brandingColorProblems(colors as Record<string, unknown>));
  }
  const files: BrandingFile[] = [];
  for (const key of ['logo', 'favicon'] as const) {
    const value = result[key];
    if (value === undefined || value === '' || typeof value !== 'string' || /^(https?:)?\/\//.test(value) || value.startsWith('/')) continue;
    const full = path.resolve(path.dirname(file), value);
    const type = IMAGE_TYPES[path.extname(full).toLowerCase()];
    if (!type) {
      problems.push(`/branding/${key}: ${value} is geen afbeelding van een bekend soort (${Object.keys(IMAGE_TYPES).join(', ')}).`);
      continue;
    }
    let data: Buffer;
    try {
      data = readFileSync(full);
    } catch {
      problems.push(`/branding/${key}: het bestand ${full} is niet te lezen.`);
      continue;
    }
    const url = `/gemeente/${key}${path.extname(full).toLowerCase()}`;
    files.push({ url, type, data });
    result[key] = url;
  }
  if (result.logo && !result.logoAlt) problems.push('/branding/logoAlt: een logo heeft een tekstalternatief nodig, bijvoorbeeld "Gemeente Utrecht" (wat er in het logo staat).');
  if (problems.length > 0) throw new MunicipalityFileError(`${file}:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  return { branding: result, files };
}

/** The municipality's colours as design tokens: [custom property, #rrggbb] (checked by readBranding). */
export function brandColorTokens(branding: unknown): [string, string][] {
  const colors = (branding as { colors?: Record<string, string> } | undefined)?.colors ?? {};
  return Object.entries(colors).map(([key, value]) => [BRAND_COLOR_TOKENS[key as BrandColor], value]);
}

/** Script lines that set the colour tokens and the icon before the app draws (no flash of the default colours). */
function brandingScript(branding: Record<string, unknown> | undefined): string {
  if (!branding) return '';
  const lines: string[] = [];
  for (const [token, value] of brandColorTokens(branding)) {
    lines.push(`s.setProperty(${JSON.stringify(token)}, ${JSON.stringify(value)});`);
  }
  if (typeof branding.favicon === 'string' && branding.favicon) {
    lines.push(`var l = document.createElement('link'); l.rel = 'icon'; l.href = ${JSON.stringify(branding.favicon).replace(/</g, '\\u003c')}; document.head.appendChild(l);`);
  }
  return lines.length === 0 ? '' : `(function () {\n  var s = document.documentElement.style;\n  ${lines.join('\n  ')}\n})();\n`;
}

export const appConfigPlugin = fp<AppConfigOptions>(
  async (app, options) => {
    const municipality = options.municipalityFile ? readMunicipalityFile(options.municipalityFile) : {};
    // every mail to a resident is signed with the municipality's name
    setMailMunicipality(municipality.municipality);
    // The retention figures (privacy/config.ts, which refuses a start on a mistake) reach the
    // app as `retention`, for the resident's privacy and accessibility pages to state them.
    if (municipality.privacy !== undefined) {
      const { config } = readRetention(municipality.privacy);
      delete municipality.privacy;
      municipality.retention = config;
    }
    // the area files are the server's (areas/sources.ts), not the app's
    delete municipality.areas;
    const branded = options.municipalityFile ? readBranding(options.municipalityFile, municipality) : undefined;
    if (branded) municipality.branding = branded.branding;
    for (const file of branded?.files ?? []) {
      app.get(file.url, async (_request, reply) =>
        reply.type(file.type).header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').send(file.data),
      );
    }
    const colours = brandingScript(branded?.branding);
    /** What the app gets for these map services: computed once per choice. */
    const forServices = (services: MapServices) => {
      // The municipality's own choices win over the map services' defaults (e.g. its own tile server).
      const override = mergeConfig(services.appConfig, municipality) as Record<string, unknown>;
      // Nothing to lay over the defaults: no assignment, so the app skips loading its config validator.
      const body =
        Object.keys(override).length === 0
          ? '// Meldloket: deze installatie gebruikt de standaardinstellingen.\n'
          : `window.__MELDLOKET_CONFIG__ = ${JSON.stringify(override).replace(/</g, '\\u003c')};\n${colours}`;
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
