/**
 * The private API as the server's own route table has it, for the authorisation matrix and
 * the private fuzz suite: every route registered under /signals/v1/private with the staff
 * requirement its config declares (auth/access.ts `routeRequirement`), so a new route is
 * covered without touching the tests. Also the actors of the matrix, made from the
 * starting roles of the permission catalogue, each in a department that handles the test
 * report ('own') and in one that does not ('other').
 */
import type { RouteOptions } from 'fastify';
import { ROLES } from '../src/auth/catalogue.ts';
import { PRIVATE_PREFIX, routeRequirement, type StaffRequirement } from '../src/auth/access.ts';
import { loadStaffUser, type StaffUser } from '../src/auth/users.ts';
import type { BuildOptions } from '../src/app.ts';
import type { TestApp } from './helpers.ts';
import { mintToken } from './private-support.ts';
import { postReport, validReport } from './support.ts';


export interface PrivateRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** What the route's config declares (undefined: none, or public, which the matrix does not expect). */
  requirement: StaffRequirement | undefined;
  /** Whether the route is about one report (`/signals/:id…`): department scoping applies. */
  aboutSignal: boolean;
  /** Whether the route reads a body (multipart for uploads). */
  body: 'json' | 'multipart' | 'none';
  schema: RouteOptions['schema'];
}

/** Build options that record the private routes as they are registered, and the list they fill. */
export function recordPrivateRoutes(): { options: BuildOptions; routes: PrivateRoute[] } {
  const routes: PrivateRoute[] = [];
  const seen = new Set<string>();
  const onRoute = (route: RouteOptions) => {
    if (!route.url.startsWith(PRIVATE_PREFIX)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const multipart = /attachments\/$/.test(route.url) && method === 'POST';
      const requirement = routeRequirement(method, route.config);
      routes.push({
        method: method as PrivateRoute['method'],
        url: route.url,
        requirement: requirement === 'public' ? undefined : requirement,
        aboutSignal: /^\/signals\/v1\/private\/signals\/:id(\/|$)/.test(route.url),
        body: method === 'GET' || method === 'DELETE' ? 'none' : multipart ? 'multipart' : 'json',
        schema: route.schema,
      });
    }
  };
  return { options: { onRoute }, routes };
}

/** A path with its parameters filled: the report's id for `:id` of a report route, an unknown id elsewhere. */
export function fillPath(url: string, values: { signalId: number; unknownId?: number }): string {
  const unknown = String(values.unknownId ?? 999_999);
  return url.replace(/:(\w+)/g, (_, name: string) => {
    if (name === 'id' && /\/signals\/:id/.test(url)) return String(values.signalId);
    if (name === 'slug') return 'afval';
    if (name === 'sub_slug') return 'grofvuil';
    return unknown;
  });
}

export interface Actor {
  name: string;
  email: string | null;
  user?: StaffUser;
  /** Whether the actor's departments handle the test report ('own') or not ('other'). */
  department?: 'own' | 'other';
  token?: string;
}

export interface MatrixWorld {
  signalId: number;
  actors: Actor[];
}

/**
 * A report (public create) and the actors: anonymous, a staff member without any role, each
 * starting role of the catalogue in the report's department and in another one, and a superuser.
 */
export async function matrixWorld(t: TestApp): Promise<MatrixWorld> {
  const db = t.app.db;
  const report = await postReport(t.app, validReport());
  if (report.status !== 201) throw new Error(`report: ${report.status}`);
  const signal = await db.selectFrom('signal').select(['id', 'category_id']).where('uuid', '=', report.body.signal_id).executeTakeFirstOrThrow();
  const linked = await db.selectFrom('category_department').select('department_id').where('category_id', '=', signal.category_id).where((eb) => eb.or([eb('is_responsible', '=', true), eb('can_view', '=', true)])).execute();
  const own = linked[0]!.department_id;
  const other = (await db.selectFrom('department').select('id').where('id', 'not in', linked.map((l) => l.department_id)).orderBy('id').executeTakeFirstOrThrow()).id;
  const roles = await db.selectFrom('role').select(['id', 'name']).execute();

  async function make(name: string, roleNames: string[], department: number | undefined, superuser = false): Promise<Actor> {
    const email = `matrix-${name.toLowerCase().replace(/[^a-z]+/g, '-')}@gemeente.nl`;
    const { id } = await db
      .insertInto('staff_user')
      .values({ username: email, email, first_name: name, last_name: '', is_active: true, is_staff: true, is_superuser: superuser })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roleIds = roleNames.map((r) => roles.find((x) => x.name === r)!.id);
    if (roleIds.length) await db.insertInto('user_role').values(roleIds.map((role_id) => ({ user_id: id, role_id }))).execute();
    if (department !== undefined) await db.insertInto('user_department').values({ user_id: id, department_id: department }).execute();
    return { name, email, user: await loadStaffUser(db, id), department: department === undefined ? undefined : department === own ? 'own' : 'other' };
  }

  const actors: Actor[] = [{ name: 'anoniem', email: null }, await make('zonder rol', [], own)];
  for (const role of ROLES) {
    actors.push(await make(`${role.name} eigen afdeling`, [role.name], own), await make(`${role.name} andere afdeling`, [role.name], other));
  }
  actors.push(await make('superuser', [], undefined, true));
  for (const actor of actors) if (actor.email) actor.token = await mintToken(t.app, actor.email, { expiresIn: 3600 });
  return { signalId: signal.id, actors };
}
