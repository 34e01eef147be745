/**
 * Infrastructure: CORS (exposing Link, X-API-Version and X-Total-Count as the
 * contract says), security headers with a Content-Security-Policy without
 * 'unsafe-eval', the X-API-Version header on every response, and the rate limiter
 * (off by default, switched on per route with `config.rateLimit`).
 */
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from '../http/api-error.ts';

export const API_VERSION = '2.50.12';

export interface SecurityOptions {
  /** '*' or a comma separated list of origins. */
  corsOrigins: string;
  /** Extra origins the served app may connect to (map tiles, geocoder). */
  connectSources?: string[];
}

/** The policy for the served web app: own scripts only, no eval, no inline script. */
export function contentSecurityPolicy(connectSources: string[] = []) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...connectSources],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...connectSources],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

export const securityPlugin = fp<SecurityOptions>(
  async (app, options) => {
    const origins = options.corsOrigins.trim();
    await app.register(cors, {
      origin: origins === '*' ? true : origins.split(',').map((o) => o.trim()),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'Accept', 'Accept-Language'],
      exposedHeaders: ['Link', 'X-API-Version', 'X-Total-Count', 'Retry-After'],
      maxAge: 600,
    });
    await app.register(helmet, {
      contentSecurityPolicy: contentSecurityPolicy(options.connectSources),
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('X-API-Version', API_VERSION);
      return payload;
    });
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, { detail: `Verzoek is afgeremd. Probeer het over ${Math.max(1, Math.ceil(context.ttl / 1000))} seconden opnieuw.` }, { 'Retry-After': String(Math.max(1, Math.ceil(context.ttl / 1000))) }),
    });
  },
  { name: 'security' },
);
