/**
 * Infrastructure: CORS for the configured origins only (exposing Link, X-API-Version
 * and X-Total-Count as the contract says), security headers with a
 * Content-Security-Policy without 'unsafe-eval' (X-Frame-Options DENY to match
 * frame-ancestors 'none', HSTS only on https, a Permissions-Policy), a check of the
 * Host header, no source maps in production, the X-API-Version header on every
 * response, and the rate limiter (off by default, switched on per route).
 */
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { ApiError, NOT_FOUND } from '../http/api-error.ts';
import { originOf } from '../config.ts';
import { isValidHost } from '../http/host.ts';
import { databaseStore } from './rate-limit-store.ts';

export const API_VERSION = '2.50.12';

export interface SecurityOptions {
  /** Comma separated list of origins; '*', 'null' and anything that is not an origin are ignored. */
  corsOrigins: string;
  /** Answer requests for source maps (*.map) with 404 (production). */
  hideSourceMaps?: boolean;
  /** Count rate limits in the database (PostgreSQL: shared by every server process). */
  sharedRateLimit?: boolean;
  /** Extra origins the served app may connect to (map tiles, geocoder). */
  connectSources?: string[];
  /** Origins decided while the server starts (the national map services), read per response. */
  lateSources?: () => string[];
  /** Inline scripts allowed by their hash ('sha256-…'): the rendered page's early script (static-app.ts). */
  scriptHashes?: string[];
  /** Origins the app may open in a frame besides its own: the sign-in provider's, for its silent check on load. */
  frameSources?: string[];
}

/** The policy for the served web app: own scripts only, no eval, no inline script but those named by their hash. */
export function contentSecurityPolicy(connectSources: string[] = [], lateSources: () => string[] = () => [], scriptHashes: string[] = [], frameSources: string[] = []) {
  const late = () => lateSources().join(' ');
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...connectSources, late],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...connectSources, late],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      frameSrc: ["'self'", ...frameSources],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/** What the app may use: the map's "my location" only; no camera, microphone, payment, … */
export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), display-capture=(), browsing-topics=()';

/** The exact origins of a comma separated list; never a wildcard or 'null'. */
export function allowedOrigins(list: string): string[] {
  return [...new Set(list.split(',').map((o) => o.trim()).filter((o) => o !== '' && originOf(o) === o.replace(/\/+$/, '')).map((o) => o.replace(/\/+$/, '')))];
}

export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    // A malformed Host is the client's mistake (and is never copied into a link: see http/hal.ts).
    app.addHook('onRequest', async (request) => {
      const host = request.headers.host;
      if (host !== undefined && !isValidHost(host)) throw ApiError.detail(400, 'Ongeldige Host-header.');
      if (options.hideSourceMaps && request.url.split('?')[0]!.endsWith('.map')) throw ApiError.detail(404, NOT_FOUND);
    });
    const origins = new Set(allowedOrigins(options.corsOrigins));
    await app.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && origins.has(origin) ? origin : false),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'Accept', 'Accept-Language'],
      exposedHeaders: ['Link', 'X-API-Version', 'X-Total-Count', 'Retry-After'],
      maxAge: 600,
    });
    // Built once: its policy's late sources are read per response. (@fastify/helmet built the
    // middleware anew for every request, parsing the policy each time: a tenth of a create's CPU.)
    const securityHeaders = helmet({
      contentSecurityPolicy: contentSecurityPolicy(options.connectSources, options.lateSources, options.scriptHashes, options.frameSources),
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
      // frame-ancestors 'none' says: never in a frame; X-Frame-Options says the same for old browsers.
      frameguard: { action: 'deny' },
      // HSTS only means something over https (set below, per request).
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)));
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('X-API-Version', API_VERSION);
      reply.header('Permissions-Policy', PERMISSIONS_POLICY);
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      return payload;
    });
    await app.register(rateLimit, {
      global: false,
      ...(options.sharedRateLimit ? { store: databaseStore(() => app.db) } : {}),
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, { detail: `Verzoek is afgeremd. Probeer het over ${Math.max(1, Math.ceil(context.ttl / 1000))} seconden opnieuw.` }, { 'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))) }),
    });
  },
  { name: 'security' },
);
