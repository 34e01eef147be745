/**
 * Staff authentication as `app.auth`: the identity tables brought up to the
 * catalogue, the embedded OIDC provider under /oidc when switched on, and the
 * bearer-token check of the private API (`app.auth.authenticate`, `requireStaff`).
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { OidcConfig } from '../config.ts';
import { ApiError } from '../http/api-error.ts';
import { loadProviderKeys } from './keys.ts';
import { createProvider, mountProvider } from './provider.ts';
import { warmUpAfterListen } from '../plugins/warm-up.ts';
import { seedIdentity } from './seed.ts';
import { findUserByUsername, hasPermission, loadStaffUser, type StaffUser } from './users.ts';
import { AUTH_MESSAGES, bearerToken, createVerifier, unauthorized, type TokenVerifier } from './verify.ts';
import type { Permission } from './catalogue.ts';

export interface AuthService {
  /** The token's claims, or an ApiError (401/403) as contract §14 says. */
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
    /** Set by `requireStaff` for the private API. */
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
      const found = await findUserByUsername(app.db, claims.email);
      if (!found) throw unauthorized(AUTH_MESSAGES.unknownUser);
      if (!found.is_active) throw unauthorized(AUTH_MESSAGES.inactive);
      const user = await loadStaffUser(app.db, found.id);
      if (!user) throw unauthorized(AUTH_MESSAGES.unknownUser);
      return user;
    }

    app.decorate('auth', { verify, authenticate, embedded: oidc.embedded } satisfies AuthService);
    app.decorateRequest('staff', null);
  },
  { name: 'auth', dependencies: ['database'] },
);

/** What a private route asks of the caller: every codename of `all` and, when given, one of `any`. */
export interface StaffRequirement {
  all: Permission[];
  any?: Permission[];
}

const REQUIREMENTS = new WeakMap<object, StaffRequirement>();

/**
 * The requirement of a route's onRequest hook(s), when one is a staff check: the route table
 * is thereby the one source of who may call what (the authorisation matrix test reads it).
 */
export function staffRequirement(onRequest: unknown): StaffRequirement | undefined {
  for (const hook of Array.isArray(onRequest) ? onRequest : [onRequest]) {
    const found = typeof hook === 'function' ? REQUIREMENTS.get(hook) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Whether `user` meets `requirement` (a superuser meets every one). */
export const meets = (user: Pick<StaffUser, 'roles' | 'permissions' | 'is_superuser'>, requirement: StaffRequirement) =>
  hasPermission(user, ...requirement.all) && (!requirement.any?.length || requirement.any.some((codename) => hasPermission(user, codename)));

/**
 * An onRequest hook for a private route: the caller must be signed in and meet `requirement`
 * (a superuser meets all); 401 or 403 otherwise, before the body is read.
 */
export function requireStaffOf(requirement: StaffRequirement): onRequestAsyncHookHandler {
  const hook: onRequestAsyncHookHandler = async function (request: FastifyRequest, _reply: FastifyReply) {
    const user = await request.server.auth.authenticate(request);
    if (!meets(user, requirement)) throw new ApiError(403, { detail: AUTH_MESSAGES.forbidden });
    request.staff = user;
  };
  REQUIREMENTS.set(hook, requirement);
  return hook;
}

/** `requireStaffOf` holding every permission named (none: any signed-in staff member). */
export const requireStaff = (...permissions: Permission[]): onRequestAsyncHookHandler => requireStaffOf({ all: permissions });

export { hasPermission, permissionCodenames, type StaffUser } from './users.ts';
