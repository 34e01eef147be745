/**
 * Server configuration from environment variables (documented in the README, section
 * "Server configuration"). `readConfig` never throws on a missing variable: every
 * setting has a default that runs the product on one machine.
 */
import path from 'node:path';
import { parseMapServices, type MapServicesSetting } from './plugins/map-services.ts';
import { readAttachmentsConfig, type AttachmentsConfig } from './storage/index.ts';
import { APP_PATHS } from '@meldloket/engine';

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the embedded database (PGlite) and uploaded files. */
  dataDir: string;
  /** PostgreSQL connection string; empty means the embedded PGlite database under dataDir. */
  databaseUrl: string;
  /** Where uploaded files live: a folder (ATTACHMENTS_DIR, default dataDir/media) or an S3 bucket (ATTACHMENTS_S3_*). */
  attachments: AttachmentsConfig;
  /** Where the web app is reached, for links in mails (no trailing slash). */
  publicUrl: string;
  /** Built web app to serve; empty disables static serving. */
  staticDir: string;
  /** SMTP connection URL; empty keeps mail in the outbox only. */
  smtpUrl: string;
  mailFrom: string;
  /** HEAD /signals/ answers 503 while this is on. */
  maintenance: boolean;
  /** Public create calls per client IP per hour. */
  publicThrottlePerHour: number;
  /** Largest accepted attachment in bytes (report attachments and reply photos). */
  maxUploadBytes: number;
  /** Attachments a report takes at most from the resident. */
  maxAttachmentsPerReport: number;
  /** Largest accepted JSON body in bytes. */
  bodyLimitBytes: number;
  /** A request (headers and body) must arrive within this many ms, else 408 and the connection closes. */
  requestTimeoutMs: number;
  /** A request body that sends nothing for this many ms is cut off (408, connection closed). */
  bodyIdleTimeoutMs: number;
  /** The headers must arrive within this many ms. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection closes after this many ms. */
  keepAliveTimeoutMs: number;
  /** At most this many open connections; more are refused at once. */
  maxConnections: number;
  /**
   * Origins allowed by CORS: a comma separated list of exact origins (default: the
   * origin of publicUrl). Never '*' and never 'null': such entries are ignored.
   */
  corsOrigins: string;
  /** NODE_ENV=production: no source maps served, no development defaults. */
  production: boolean;
  /**
   * Which proxies to believe for the client address (X-Forwarded-For), which the
   * rate limit counts by: false (none, the default), true (all) or proxy addresses/CIDRs.
   */
  trustProxy: boolean | string[];
  /** Extra origins the served app may load from and connect to (external map tiles, geocoder). */
  cspExtraSources: string[];
  /**
   * Development pages (outbox, triggers) under /dev: on only when DEV_PAGES switches
   * them on, or (outside production) when the server listens on loopback only.
   */
  devPages: boolean;
  logLevel: string;
  /** Human-readable log lines instead of JSON (LOG_FORMAT=pretty|json; default pretty outside production). */
  prettyLogs: boolean;
  /** WEB_CONCURRENCY: server processes sharing the port (Node's cluster module); more than 1 needs PostgreSQL. */
  webConcurrency: number;
  /** MAP_SERVICES: national (PDOK), stand-in (embedded) or auto (national when it answers at start). */
  mapServices: MapServicesSetting;
  /** MUNICIPALITY_FILE: the municipality's app configuration (JSON); empty: the defaults. */
  municipalityFile: string;
  /** Port of the Prometheus metrics listener (METRICS_PORT; 0 = off, the default). */
  metricsPort: number;
  /** Address the metrics listener binds to (METRICS_HOST; default 127.0.0.1). */
  metricsHost: string;
  /** Reports must lie inside [west, south, east, north] (WGS84); default: the Netherlands. */
  boundingBox: [number, number, number, number];
  /** Reporter e-mail domains whose reports count as internal (source 'Interne melding'). */
  internalEmailDomains: string[];
  /** Staff sign-in (OpenID Connect); see docs/staff-auth.md. */
  oidc: OidcConfig;
}

export interface OidcConfig {
  /** Run the embedded development provider under /oidc (OIDC_EMBEDDED; default on, off with NODE_ENV=production). */
  embedded: boolean;
  /** Issuer whose tokens the private API accepts; with the embedded provider `${PUBLIC_URL}/oidc`. */
  issuer: string;
  /** JWKS address of an external issuer; empty → read from the issuer's discovery document. */
  jwksUri: string;
  /** The staff app's client id (OIDC_CLIENT_ID). */
  clientId: string;
  /** Audiences accepted in access tokens (OIDC_TRUSTED_AUDIENCES, comma separated or a JSON list). */
  trustedAudiences: string[];
  /** Check `aud` against trustedAudiences (OIDC_VERIFY_AUDIENCE, default true). */
  verifyAudience: boolean;
  /** Redirect URIs of the app client: `${PUBLIC_URL}/login/callback`, `${PUBLIC_URL}/login/silent` plus OIDC_REDIRECT_URIS. */
  redirectUris: string[];
  /** Where the provider may send the browser after logout. */
  postLogoutRedirectUris: string[];
  /** Lifetime of access tokens the embedded provider issues, in seconds (OIDC_ACCESS_TOKEN_TTL). */
  accessTokenTtl: number;
  /** Create the development accounts (README) when absent (OIDC_SEED_ACCOUNTS; default: embedded and not production). */
  seedAccounts: boolean;
  /** Usernames (e-mail addresses) made active superusers at start when absent (OIDC_SUPERUSERS): the first administrators of a real deployment. */
  superusers: string[];
}

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim());
const int = (v: string | undefined, fallback: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

function parseBox(v: string | undefined): [number, number, number, number] | undefined {
  const parts = (v ?? '').split(',').map(Number);
  return parts.length === 4 && parts.every(Number.isFinite) ? (parts as [number, number, number, number]) : undefined;
}

function parseTrustProxy(v: string | undefined): boolean | string[] {
  const value = (v ?? '').trim();
  if (value === '' || /^(0|false|no|off)$/i.test(value)) return false;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  return value.split(',').map((a) => a.trim()).filter(Boolean);
}

function parseList(v: string | undefined): string[] {
  const value = (v ?? '').trim();
  if (value.startsWith('[')) {
    try {
      const list = JSON.parse(value) as unknown;
      if (Array.isArray(list)) return list.map(String).map((a) => a.trim()).filter(Boolean);
    } catch {
      // not JSON: read as a comma separated list below
    }
  }
  return value.split(',').map((a) => a.trim()).filter(Boolean);
}

/** The OIDC settings; with the embedded provider the issuer and app URIs follow PUBLIC_URL. */
export function readOidcConfig(env: NodeJS.ProcessEnv, publicUrl: string): OidcConfig {
  const embedded = env.OIDC_EMBEDDED === undefined || env.OIDC_EMBEDDED.trim() === '' ? env.NODE_ENV !== 'production' : truthy(env.OIDC_EMBEDDED);
  const audiences = parseList(env.OIDC_TRUSTED_AUDIENCES);
  return {
    embedded,
    issuer: (env.OIDC_ISSUER || (embedded ? `${publicUrl}/oidc` : '')).replace(/\/+$/, ''),
    jwksUri: env.OIDC_JWKS_URI ?? '',
    clientId: env.OIDC_CLIENT_ID || 'meldloket',
    trustedAudiences: audiences.length > 0 ? audiences : ['meldloket-api'],
    verifyAudience: env.OIDC_VERIFY_AUDIENCE === undefined || env.OIDC_VERIFY_AUDIENCE.trim() === '' ? true : truthy(env.OIDC_VERIFY_AUDIENCE),
    redirectUris: [...new Set([`${publicUrl}${APP_PATHS.signInCallback}`, `${publicUrl}${APP_PATHS.silentSignIn}`, ...parseList(env.OIDC_REDIRECT_URIS)])],
    postLogoutRedirectUris: [...new Set([`${publicUrl}/login`, `${publicUrl}/`, ...parseList(env.OIDC_POST_LOGOUT_REDIRECT_URIS)])],
    accessTokenTtl: int(env.OIDC_ACCESS_TOKEN_TTL, 900),
    superusers: parseList(env.OIDC_SUPERUSERS),
    seedAccounts: env.OIDC_SEED_ACCOUNTS === undefined || env.OIDC_SEED_ACCOUNTS.trim() === '' ? embedded && env.NODE_ENV !== 'production' : truthy(env.OIDC_SEED_ACCOUNTS),
  };
}

/** True for a host that only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** The origin (scheme://host[:port]) of a URL, or '' when it is none. */
export function originOf(url: string): string {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? '' : origin;
  } catch {
    return '';
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const port = int(env.PORT, 8080);
  // Loopback by default: a deployment opens the server up with HOST=0.0.0.0 (README).
  const host = env.HOST || '127.0.0.1';
  const production = env.NODE_ENV === 'production';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL ?? '',
    attachments: readAttachmentsConfig(env, cwd),
    publicUrl,
    staticDir: env.STATIC_DIR === '' ? '' : path.resolve(cwd, env.STATIC_DIR || 'dist'),
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM || 'Meldloket <noreply@meldloket.local>',
    maintenance: truthy(env.MAINTENANCE),
    publicThrottlePerHour: int(env.PUBLIC_THROTTLE_RATE, 60),
    maxUploadBytes: int(env.API_MAX_UPLOAD_SIZE, 20 * 1024 * 1024),
    maxAttachmentsPerReport: int(env.MAX_ATTACHMENTS_PER_REPORT, 10),
    bodyLimitBytes: int(env.BODY_LIMIT, 1024 * 1024),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 60_000),
    headersTimeoutMs: int(env.HEADERS_TIMEOUT_MS, 10_000),
    bodyIdleTimeoutMs: int(env.BODY_IDLE_TIMEOUT_MS, 10_000),
    keepAliveTimeoutMs: int(env.KEEP_ALIVE_TIMEOUT_MS, 5_000),
    maxConnections: int(env.MAX_CONNECTIONS, 1024),
    corsOrigins: env.CORS_ORIGINS || originOf(publicUrl),
    production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    cspExtraSources: (env.CSP_EXTRA_SOURCES ?? '').split(/[\s,]+/).filter((o) => /^https?:\/\/[^\s;']+$/.test(o)),
    devPages: env.DEV_PAGES === undefined || env.DEV_PAGES.trim() === '' ? !production && isLoopback(host) : truthy(env.DEV_PAGES),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    prettyLogs: env.LOG_FORMAT ? env.LOG_FORMAT.trim().toLowerCase() === 'pretty' : !production,
    metricsPort: int(env.METRICS_PORT, 0),
    mapServices: parseMapServices(env.MAP_SERVICES),
    webConcurrency: Math.min(64, int(env.WEB_CONCURRENCY, 1)),
    municipalityFile: env.MUNICIPALITY_FILE ? path.resolve(cwd, env.MUNICIPALITY_FILE) : '',
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    boundingBox: parseBox(env.BOUNDING_BOX) ?? [3.3, 50.7, 7.3, 53.6],
    internalEmailDomains: (env.INTERNAL_EMAIL_DOMAINS ?? 'amsterdam.nl').split(',').map((d) => d.trim().toLowerCase()).filter(Boolean),
    oidc: readOidcConfig(env, publicUrl),
  };
}

/**
 * What makes a production start unsafe (NODE_ENV=production), in Dutch, one line each;
 * empty when the configuration is fit for production. The server refuses to start
 * otherwise (main.ts), so a deployment cannot run with development conveniences on.
 */
export function productionProblems(env: NodeJS.ProcessEnv, config: ServerConfig): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  if (!env.PUBLIC_URL) problems.push('PUBLIC_URL ontbreekt: het adres waarop bewoners en medewerkers de site openen (voor links in e-mails en het inloggen).');
  if (config.oidc.embedded) problems.push('OIDC_EMBEDDED staat aan: de ingebouwde inlogserver met testaccounts is alleen voor ontwikkeling. Stel OIDC_ISSUER en OIDC_CLIENT_ID in voor uw eigen OpenID Connect-provider.');
  else if (!config.oidc.issuer) problems.push('OIDC_ISSUER ontbreekt: zonder inlogserver kunnen medewerkers niet inloggen.');
  else if (insecureUrl(config.oidc.issuer) && !truthy(env.OIDC_ALLOW_INSECURE_ISSUER)) {
    problems.push(
      'OIDC_ISSUER gebruikt http://: de sleutels waarmee tokens worden gecontroleerd komen dan onversleuteld binnen en kunnen onderweg worden vervangen. Gebruik https://, of zet OIDC_ALLOW_INSECURE_ISSUER=1 als de inlogserver alleen via een vertrouwd intern netwerk bereikbaar is.',
    );
  }
  if (config.oidc.seedAccounts) problems.push('OIDC_SEED_ACCOUNTS staat aan: testaccounts met bekende wachtwoorden horen niet in productie.');
  if (config.devPages) problems.push("DEV_PAGES staat aan: de ontwikkelpagina's (/dev) tonen onder meer alle verstuurde e-mails.");
  return problems;
}

const insecureUrl = (url: string) => /^http:\/\//i.test(url.trim());

/**
 * What is allowed in production but probably a mistake, in Dutch, one line each (main.ts prints
 * them at start): a PUBLIC_URL over plain HTTP sends sign-in codes, tokens and reporters' links
 * unencrypted unless a proxy in front adds TLS.
 */
export function productionWarnings(config: Pick<ServerConfig, 'production' | 'publicUrl'>): string[] {
  if (!config.production) return [];
  const warnings: string[] = [];
  if (insecureUrl(config.publicUrl)) {
    warnings.push(`PUBLIC_URL (${config.publicUrl}) gebruikt http://: inlogcodes, tokens en de links in e-mails gaan dan onversleuteld over het netwerk. Gebruik https:// (TLS bij de proxy ervoor).`);
  }
  return warnings;
}

/** Why WEB_CONCURRENCY cannot be honoured, or '' when it can. */
export function concurrencyProblem(config: Pick<ServerConfig, 'webConcurrency' | 'databaseUrl'>): string {
  if (config.webConcurrency > 1 && !config.databaseUrl) {
    return `WEB_CONCURRENCY=${config.webConcurrency} vraagt om PostgreSQL (DATABASE_URL): de ingebouwde database (PGlite) kan maar door één proces tegelijk gebruikt worden. Start met WEB_CONCURRENCY=1, of zet de gegevens over naar PostgreSQL (README, "Back-ups").`;
  }
  return '';
}
