/**
 * Staff authentication as `app.auth`: the identity tables brought up to the
 * catalogue, the embedded OIDC provider under /oidc when switched on, and the
 * bearer-token check of the private API (`app.auth.authenticate`), applied to every private
 * route from the access it declares in its config (auth/access.ts).
 */
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { OidcConfig } from '../config.ts';
import { loadProviderKeys } from './keys.ts';
import { createProvider, mountProvider } from './provider.ts';
import { warmUpAfterListen } from '../plugins/warm-up.ts';
import { seedIdentity } from './seed.ts';
import { loadStaffUserByUsername, type StaffUser } from './users.ts';
import { applyRouteAccess } from './access.ts';
import { AUTH_MESSAGES, bearerToken, createVerifier, unauthorized, type TokenVerifier } from './verify.ts';

export interface AuthService {
  /** The token's claims, or an ApiError (401/403) as docs/reference/permissions.md#authentication says. */
  verify: TokenVerifier;
  /** The signed-in staff member of a request, or an ApiError (401/403). */
  authenticate(request: FastifyRequest): Promise<StaffUser>;
  /** Whether the embedded development provider is on: only then does a user's password matter (settings). */
  embedded: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
  interface FastifyRequest {
    /** The signed-in staff member of a private route (set by its access check, auth/access.ts). */
    staff: StaffUser | null;
  }
}

export interface AuthPluginOptions {
  oidc: OidcConfig;
  trustProxy: boolean;
  devPages: boolean;
}

export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const { oidc } = options;
    // The embedded provider's keys (made on a fresh database: an RSA key pair) alongside the
    // identity seed (password hashes of the development accounts): both work off the main thread.
    const [keys] = await Promise.all([
      oidc.embedded ? loadProviderKeys(app.db) : undefined,
      seedIdentity(app.db, { accounts: oidc.seedAccounts, superusers: oidc.superusers }),
    ]);

    let verify: TokenVerifier;
    if (oidc.embedded) {
      // The provider itself is made on the first /oidc request, or a moment after the server
      // listens: oidc-provider is not needed for the server's first answer.
      const providerOptions = { config: oidc, db: app.db, trustProxy: options.trustProxy, devHint: options.devPages };
      let provider: ReturnType<typeof createProvider> | undefined;
      const getProvider = () => {
        provider ??= createProvider({ ...providerOptions, keys: keys! })
          .catch((error: unknown) => {
            provider = undefined; // tried again at the next request
            throw error;
          });
        return provider;
      };
      await mountProvider(app, getProvider, providerOptions);
      warmUpAfterListen(app, 'embedded OIDC provider', getProvider);
      verify = createVerifier(oidc, async () => (await loadProviderKeys(app.db)).publicJwks);
      app.log.info({ issuer: oidc.issuer }, 'embedded OIDC provider mounted');
    } else if (oidc.issuer) {
      verify = createVerifier(oidc, undefined, { log: (error) => app.log.error({ err: error }, 'access token could not be checked') });
    } else {
      app.log.warn('OIDC_ISSUER is not set: the private API refuses every request');
      verify = async () => {
        throw unauthorized(AUTH_MESSAGES.failed);
      };
    }

    async function authenticate(request: FastifyRequest): Promise<StaffUser> {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw unauthorized(AUTH_MESSAGES.missing);
      const claims = await verify(token);
      const user = await loadStaffUserByUsername(app.db, claims.email);
      if (!user) throw unauthorized(AUTH_MESSAGES.unknownUser);
      if (!user.is_active) throw unauthorized(AUTH_MESSAGES.inactive);
      return user;
    }

    app.decorate('auth', { verify, authenticate, embedded: oidc.embedded } satisfies AuthService);
    app.decorateRequest('staff', null);
    // every private route registered from here on gets its access check, or the server does not start
    app.addHook('onRoute', applyRouteAccess);
  },
  { name: 'auth', dependencies: ['database'] },
);

export { meets, routeRequirement, type RouteAccess, type StaffRequirement } from './access.ts';
export { hasPermission, permissionCodenames, type StaffUser } from './users.ts';
