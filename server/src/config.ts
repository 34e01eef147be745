/**
 * Server configuration from environment variables (documented in the README, section
 * "Server configuration"). `readConfig` never throws on a missing variable: every
 * setting has a default that runs the product on one machine.
 */
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  /** Folder for the embedded database (PGlite) and uploaded files. */
  dataDir: string;
  /** PostgreSQL connection string; empty means the embedded PGlite database under dataDir. */
  databaseUrl: string;
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
  /** Largest accepted attachment in bytes. */
  maxUploadBytes: number;
  /** Largest accepted JSON body in bytes. */
  bodyLimitBytes: number;
  /** Origins allowed by CORS: '*' or a comma separated list. */
  corsOrigins: string;
  /**
   * Which proxies to believe for the client address (X-Forwarded-For), which the
   * rate limit counts by: false (none, the default), true (all) or proxy addresses/CIDRs.
   */
  trustProxy: boolean | string[];
  /** Extra origins the served app may load from and connect to (external map tiles, geocoder). */
  cspExtraSources: string[];
  /** Development pages (outbox, triggers) under /dev. */
  devPages: boolean;
  logLevel: string;
  /** Reports must lie inside [west, south, east, north] (WGS84); default: the Netherlands. */
  boundingBox: [number, number, number, number];
  /** Reporter e-mail domains whose reports count as internal (source 'Interne melding'). */
  internalEmailDomains: string[];
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

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const port = int(env.PORT, 8080);
  const host = env.HOST || '0.0.0.0';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host,
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL ?? '',
    publicUrl,
    staticDir: env.STATIC_DIR === '' ? '' : path.resolve(cwd, env.STATIC_DIR || 'dist'),
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM || 'Meldloket <noreply@meldloket.local>',
    maintenance: truthy(env.MAINTENANCE),
    publicThrottlePerHour: int(env.PUBLIC_THROTTLE_RATE, 60),
    maxUploadBytes: int(env.API_MAX_UPLOAD_SIZE, 20 * 1024 * 1024),
    bodyLimitBytes: int(env.BODY_LIMIT, 1024 * 1024),
    corsOrigins: env.CORS_ORIGINS || '*',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    cspExtraSources: (env.CSP_EXTRA_SOURCES ?? '').split(/[\s,]+/).filter((o) => /^https?:\/\/[^\s;']+$/.test(o)),
    devPages: env.DEV_PAGES === undefined ? env.NODE_ENV !== 'production' : truthy(env.DEV_PAGES),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    boundingBox: parseBox(env.BOUNDING_BOX) ?? [3.3, 50.7, 7.3, 53.6],
    internalEmailDomains: (env.INTERNAL_EMAIL_DOMAINS ?? 'amsterdam.nl').split(',').map((d) => d.trim().toLowerCase()).filter(Boolean),
  };
}
