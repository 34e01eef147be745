/**
 * docs/security.md: the authorisation matrix of the private API, generated from the server's own route
 * table (each route's staff requirement, auth/index.ts) and the permission catalogue's starting
 * roles (auth/catalogue.ts ROLES): every private route × anonymous, no role, each role in the
 * report's own department and in another, and a superuser. The contract's answers (§ "How 401
 * and 403 are decided", docs/reference/permissions.md#permissions-and-scoping department scoping):
 * - no token: 401 with the Bearer challenge and `{"detail"}`;
 * - a route without a staff requirement fails the test (every private call checks token and permission);
 * - lacking the route's permissions: 403 `{"detail": "Je hebt geen toestemming …"}`;
 * - a report route of a report outside the caller's departments (and no sia_can_view_all_categories):
 *   a read is that 403, a write never succeeds;
 * - otherwise no 401/403.
 * Writes are sent with an empty JSON body and unknown ids, so an allowed call ends in a 400/404
 * or a no-op and the matrix leaves the data as it was.
 */
import { describe, expect, it } from 'vitest';
import { meets } from '../src/auth/index.ts';
import { seesAllSignals } from '../src/auth/scoping.ts';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { bearer } from './private-support.ts';
import { fillPath, matrixWorld, recordPrivateRoutes, type Actor, type PrivateRoute } from './private-routes.ts';

const FORBIDDEN = { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' };

/** What the contract answers `actor` on `route` (a status or a rule), or why the route is wrong. */
function expected(route: PrivateRoute, actor: Actor): { status: number; body?: unknown } | 'allowed' | 'not-2xx' {
  if (!actor.user) return { status: 401 };
  if (!meets(actor.user, route.requirement!)) return { status: 403, body: FORBIDDEN };
  if (route.aboutSignal && !seesAllSignals(actor.user) && actor.department !== 'own') return route.method === 'GET' ? { status: 403, body: FORBIDDEN } : 'not-2xx';
  return 'allowed';
}

describe.each(DATABASE_TARGETS)('authorisation matrix of the private API (%s)', (target) => {
  const recorded = recordPrivateRoutes();
  const t = useTestApp(target, recorded.options);

  it('every private route checks token and permission, as the route table and the roles say', async () => {
    const routes = recorded.routes;
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => !r.requirement).map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const world = await matrixWorld(t());
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const url = fillPath(route.url, { signalId: world.signalId });
      for (const actor of world.actors) {
        const want = expected(route, actor);
        const res = await t().app.inject({
          method: route.method,
          url,
          headers: { ...(actor.token ? bearer(actor.token) : {}), ...(route.body === 'none' ? {} : { 'content-type': 'application/json' }) },
          payload: route.body === 'none' ? undefined : '{}',
        });
        calls += 1;
        const label = `${route.method} ${route.url} as ${actor.name}: ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (res.statusCode >= 500) failures.push(`5xx ${label}`);
        else if (want === 'allowed') {
          if (res.statusCode === 401 || res.statusCode === 403) failures.push(`refused ${label}`);
        } else if (want === 'not-2xx') {
          if (res.statusCode < 300 || res.statusCode === 401) failures.push(`not refused ${label}`);
        } else if (res.statusCode !== want.status) failures.push(`want ${want.status}, ${label}`);
        else if (want.status === 401 && (res.headers['www-authenticate'] !== 'Bearer realm="signals"' || typeof res.json().detail !== 'string')) failures.push(`401 shape ${label}`);
        else if (want.body !== undefined && JSON.stringify(res.json()) !== JSON.stringify(want.body)) failures.push(`body ${label}`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBe(routes.length * world.actors.length);
  });
});
