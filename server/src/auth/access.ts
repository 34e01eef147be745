/**
 * Who may call a private route, declared once in the route's own config and applied by one hook:
 *
 *   app.get(API_PATHS.roles, { config: { permission: 'sia_read' }, … })
 *   app.post(API_PATHS.roles, { config: { permission: 'add_group' }, … })        // + sia_write
 *   app.get(API_PATHS.users, { config: { permissions: USER_AREA, any: true }, … }) // sia_read + one of them
 *   app.get(API_PATHS.sources, { config: { signedIn: true }, … })                 // any staff member
 *
 * The read/write default (docs/reference/api.md#private): a route that names neither `sia_read` nor `sia_write`
 * needs `sia_read` when it is a GET and `sia_write` otherwise, besides what it names. With
 * `any: true` one of the named permissions suffices. `public: true` opts a route under the
 * private prefix out (none does today).
 *
 * The hook checks the bearer token and the permissions before the body is read: 401 without
 * a valid token, 403 without the permissions (a superuser holds all), never a 500. A route under
 * /signals/v1/private without a declaration stops the server at start.
 */
import type { FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { forbidden } from '../domain/errors.ts';
import type { Permission } from './catalogue.ts';
import { hasPermission, type StaffUser } from './users.ts';
import { AUTH_MESSAGES } from './verify.ts';
import { API_PREFIX } from '@meldloket/engine';

/** Every route under this prefix is private: it declares who may call it. */
export const PRIVATE_PREFIX = `${API_PREFIX.private}/`;

/** What a route's config may declare about its callers. */
export interface RouteAccess {
  /** One permission the caller needs (besides the read/write default). */
  permission?: Permission;
  /** The permissions the caller needs, all of them (or one of them with `any`), besides the read/write default. */
  permissions?: Permission[];
  /** One of `permissions` suffices. */
  any?: boolean;
  /** Any signed-in staff member, whatever their permissions. */
  signedIn?: boolean;
  /** No token asked (a route under the private prefix that is not private). */
  public?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
}

/** What a private route asks of the caller: every codename of `all` and, when given, one of `any`. */
export interface StaffRequirement {
  all: Permission[];
  any?: Permission[];
}

const READ_WRITE: readonly Permission[] = ['sia_read', 'sia_write'];

/** The read/write default of a method: GET (and HEAD) read, everything else writes. */
export const defaultPermission = (method: string): Permission => (method === 'GET' || method === 'HEAD' ? 'sia_read' : 'sia_write');

/**
 * The requirement a route's declaration amounts to: `'public'` for a public route, undefined
 * without a declaration.
 */
export function routeRequirement(method: string, access: RouteAccess | undefined): StaffRequirement | 'public' | undefined {
  if (!access) return undefined;
  if (access.public) return 'public';
  if (access.signedIn) return { all: [] };
  const named = access.permissions ?? (access.permission ? [access.permission] : undefined);
  if (!named?.length) return undefined;
  const implied = named.some((codename) => READ_WRITE.includes(codename)) ? [] : [defaultPermission(method)];
  return access.any ? { all: implied, any: named } : { all: [...implied, ...named] };
}

/** Whether `user` meets `requirement` (a superuser meets every one). */
export const meets = (user: Pick<StaffUser, 'roles' | 'permissions' | 'is_superuser'>, requirement: StaffRequirement) =>
  hasPermission(user, ...requirement.all) && (!requirement.any?.length || requirement.any.some((codename) => hasPermission(user, codename)));

/** The onRequest hook of a private route: signed in (401) and meeting `requirement` (403); sets `request.staff`. */
function checkAccess(requirement: StaffRequirement): onRequestAsyncHookHandler {
  return async function (request: FastifyRequest) {
    const user = await request.server.auth.authenticate(request);
    if (!meets(user, requirement)) throw forbidden(AUTH_MESSAGES.forbidden);
    request.staff = user;
  };
}

/**
 * The onRoute hook (auth plugin): puts the access check first on every private route, from the
 * route's declaration; a private route without one is an error at start.
 */
export function applyRouteAccess(route: RouteOptions): void {
  if (!route.url.startsWith(PRIVATE_PREFIX)) return;
  const methods = [route.method].flat().filter((method) => method !== 'OPTIONS'); // HEAD (of a GET) as the GET
  const requirements = methods.map((method) => routeRequirement(method, route.config));
  if (requirements.some((requirement) => requirement === undefined) || requirements.length === 0) {
    throw new Error(`${methods.join(',')} ${route.url}: a private route declares who may call it in its config (permission, permissions, signedIn or public; see auth/access.ts)`);
  }
  const requirement = requirements[0]!;
  if (requirements.some((other) => JSON.stringify(other) !== JSON.stringify(requirement))) {
    throw new Error(`${methods.join(',')} ${route.url}: one route per method when the read/write default differs`);
  }
  if (requirement === 'public') return;
  route.onRequest = [checkAccess(requirement), ...[route.onRequest ?? []].flat()];
}
