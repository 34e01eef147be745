/**
 * The embedded development OpenID Connect provider (`oidc-provider`), mounted by the
 * same Fastify server under /oidc. Contract (coord OWNERS.md): issuer
 * `${PUBLIC_URL}/oidc`, public client `meldloket` with PKCE S256, refresh tokens,
 * RS256 JWT access tokens with `kid`, `email` and `aud` (the first trusted
 * audience), lifetime OIDC_ACCESS_TOKEN_TTL. Consent is not asked for the app
 * client; its sign-in page is ours (views.ts), in Dutch.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import type { OidcConfig } from '../config.ts';
import type { Db } from '../db/index.ts';
import { repeatWhileOpen } from '../plugins/repeat.ts';
import { databaseAdapter, purgeExpired } from './adapter.ts';
import type { ProviderKeys } from './keys.ts';
import { verifyPassword } from './passwords.ts';
import { findAccountById, findSignInAccount } from './users.ts';
import { AUTO_SUBMIT_HASH, errorPage, loggedOutPage, logoutPage, signInPage, TEXTS } from './views.ts';

export const OIDC_PREFIX = '/oidc';
/** Scopes the app asks for (contract). Access tokens carry the resource scope below. */
const APP_SCOPES = 'openid email profile offline_access';
const API_SCOPE = 'api';
/** Resource indicator of the private API (an absolute URI, as RFC 8707 wants); its tokens get `aud` = the first trusted audience. */
const API_RESOURCE = 'urn:meldloket:api';

export interface EmbeddedProviderOptions {
  config: OidcConfig;
  db: Db;
  trustProxy: boolean;
  /** Show the development hint (README accounts) on the sign-in page. */
  devHint: boolean;
}

/** Origins of the app client's redirect URIs: where the provider's forms may send the browser. */
function redirectOrigins(config: OidcConfig): string[] {
  const origins = new Set<string>();
  for (const uri of [...config.redirectUris, ...config.postLogoutRedirectUris]) {
    try {
      origins.add(new URL(uri).origin);
    } catch {
      // an unparsable URI is refused by the provider itself
    }
  }
  return [...origins];
}

/** Policy for the provider's pages: own styles, forms to itself and the app, no other script. */
export function providerCsp(config: OidcConfig): string {
  const forms = ["'self'", ...redirectOrigins(config)].join(' ');
  return [
    "default-src 'none'",
    `script-src ${AUTO_SUBMIT_HASH}`,
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    `form-action ${forms}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * oidc-provider, loaded on first use. Version 9 announces on import that it wants Node 22; it
 * runs on Node 20 (our tests sign in through it on every run), so that one notice is left out
 * of the log and nothing else is.
 */
async function importProvider(): Promise<typeof Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('oidc-provider WARNING: Unsupported runtime.')) return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

export async function createProvider(options: EmbeddedProviderOptions & { keys: ProviderKeys }): Promise<Provider> {
  const { config, keys, db } = options;
  const Provider = await importProvider();
  const audience = config.trustedAudiences[0];

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: config.clientId,
        client_name: 'Meldloket',
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: config.redirectUris,
        post_logout_redirect_uris: config.postLogoutRedirectUris,
        scope: APP_SCOPES,
      },
    ],
    jwks: { keys: keys.signing as never },
    cookies: { keys: keys.cookieKeys, long: { signed: true }, short: { signed: true } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    scopes: ['openid', 'email', 'profile', 'offline_access', API_SCOPE],
    async findAccount(_ctx, sub) {
      const id = Number(sub);
      const account = Number.isInteger(id) ? await findAccountById(db, id) : undefined;
      if (!account || !account.is_active) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: account.username,
            email_verified: true,
            name: `${account.first_name} ${account.last_name}`.trim(),
            given_name: account.first_name,
            family_name: account.last_name,
          };
        },
      };
    },
    // The app client is our own: its grant is given without asking (no consent screen).
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = (ctx.oidc.result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (client.clientId !== config.clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(APP_SCOPES);
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'given_name', 'family_name']);
      grant.addResourceScope(API_RESOURCE, API_SCOPE);
      await grant.save();
      return grant;
    },
    // Refresh tokens for the app client, also when the request lacks prompt=consent.
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    async extraTokenClaims(_ctx, token) {
      if (token.kind !== 'AccessToken' || !('accountId' in token) || !token.accountId) return undefined;
      const account = await findAccountById(db, Number(token.accountId));
      return account ? { email: account.username } : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: API_SCOPE,
          audience,
          accessTokenTTL: config.accessTokenTtl,
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(form, ctx.oidc.client?.clientId === config.clientId);
        },
        async postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = loggedOutPage();
        },
      },
    },
    pkce: { required: () => true },
    clientBasedCORS: (_ctx, origin, client) => client.redirectUris?.some((u) => new URL(u).origin === origin) ?? false,
    interactions: { url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}` },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(out as { error?: string; error_description?: string });
    },
    ttl: {
      AccessToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 12 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
  };

  const provider = new Provider(config.issuer, configuration);
  provider.proxy = options.trustProxy;
  return provider;
}

/** A hash no password matches (its salt and hash are random), checked for unknown addresses. */
const UNKNOWN_ACCOUNT_HASH = `scrypt$16384$8$1$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`;

const formParser = (_request: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => {
  done(null, Object.fromEntries(new URLSearchParams(body)));
};

/**
 * Mounts the provider: its own routes (discovery, auth, token, jwks, logout, …) are
 * handed to it before Fastify reads the body; the sign-in pages are Fastify routes.
 * `getProvider` makes it on the first request that needs it (oidc-provider is not loaded
 * before the server's first answer).
 */
export async function mountProvider(app: FastifyInstance, getProvider: () => Promise<Provider>, options: EmbeddedProviderOptions): Promise<void> {
  const csp = providerCsp(options.config);
  let callback: ReturnType<Provider['callback']> | undefined;

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    callback ??= (await getProvider()).callback();
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '').slice(OIDC_PREFIX.length) || '/';
    reply.hijack();
    reply.raw.setHeader('Content-Security-Policy', csp);
    reply.raw.setHeader('X-Content-Type-Options', 'nosniff');
    reply.raw.setHeader('Referrer-Policy', 'no-referrer');
    callback(raw, reply.raw);
    return reply;
  };
  const route = { onRequest: handOver, handler: async () => undefined };
  app.all(OIDC_PREFIX, route);
  app.all(`${OIDC_PREFIX}/*`, route);

  repeatWhileOpen(app, 15 * 60 * 1000, () => purgeExpired(options.db), 'removing expired sign-in sessions failed');

  await app.register(async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, formParser);
    pages.addHook('onSend', async (_request, reply, payload) => {
      reply.header('Content-Security-Policy', csp);
      reply.header('Cache-Control', 'no-store');
      return payload;
    });

    const uidParams = { type: 'object', properties: { uid: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } }, required: ['uid'] } as const;
    const actions = (uid: string) => ({ action: `${OIDC_PREFIX}/interaction/${uid}/login`, abortAction: `${OIDC_PREFIX}/interaction/${uid}/abort` });

    const details = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await (await getProvider()).interactionDetails(request.raw, reply.raw);
      } catch {
        return undefined; // unknown, expired or someone else's interaction
      }
    };
    const expired = (reply: FastifyReply) =>
      reply.code(400).type('text/html; charset=utf-8').send(errorPage({ error: 'invalid_request', error_description: 'De inlogsessie is verlopen.' }));

    pages.get<{ Params: { uid: string } }>(`${OIDC_PREFIX}/interaction/:uid`, { schema: { params: uidParams } }, async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return expired(reply);
      if (interaction.prompt.name === 'consent' && interaction.params.client_id === options.config.clientId) {
        const provider = await getProvider();
        // Consent for our own app is implied: grant what it asked for and continue.
        const grant = interaction.grantId ? await provider.Grant.find(interaction.grantId) : new provider.Grant({ clientId: options.config.clientId, accountId: interaction.session!.accountId });
        if (!grant) return expired(reply);
        grant.addOIDCScope(APP_SCOPES);
        grant.addResourceScope(API_RESOURCE, API_SCOPE);
        const grantId = await grant.save();
        const to = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
        return reply.redirect(to, 303);
      }
      return reply.type('text/html; charset=utf-8').send(signInPage({ ...actions(request.params.uid), devHint: options.devHint, email: typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '' }));
    });

    pages.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      `${OIDC_PREFIX}/interaction/:uid/login`,
      // Password guessing: at most 20 attempts a minute per client address.
      { schema: { params: uidParams }, config: { rateLimit: { max: 20, timeWindow: 60_000 } } },
      async (request, reply) => {
        const interaction = await details(request, reply);
        if (!interaction) return expired(reply);
        const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
        const email = typeof body.email === 'string' ? body.email.trim() : '';
        const password = typeof body.password === 'string' ? body.password : '';
        const again = (error: string) =>
          reply.code(400).type('text/html; charset=utf-8').send(signInPage({ ...actions(request.params.uid), email, error, devHint: options.devHint }));
        if (!email || !password) return again(TEXTS.missing);
        const account = await findSignInAccount(options.db, email);
        // An unknown address costs as much time as a wrong password: no telling which accounts exist.
        const matches = await verifyPassword(password, account?.password_hash ?? UNKNOWN_ACCOUNT_HASH);
        if (!account || !matches) return again(TEXTS.wrongPassword);
        if (!account.is_active) return again(TEXTS.inactive);
        const to = await (await getProvider()).interactionResult(request.raw, reply.raw, { login: { accountId: String(account.id) } }, { mergeWithLastSubmission: false });
        return reply.redirect(to, 303);
      },
    );

    pages.post<{ Params: { uid: string } }>(`${OIDC_PREFIX}/interaction/:uid/abort`, { schema: { params: uidParams } }, async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return expired(reply);
      const to = await (await getProvider()).interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'Inloggen is afgebroken.' },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });
  });
}
