/**
 * docs/security.md: the private API's probe, like the public one (fuzz.test.ts). Every route of the
 * server's own route table under /signals/v1/private (private-routes.ts, so a new route is
 * covered without touching this file) gets bad input: every query parameter of its schema
 * with NUL, `Infinity`, negative and huge numbers and text; every path parameter with bad ids;
 * every field of its body (a minimal body made from the route's schema) with wrong types, NUL,
 * lone surrogates, huge and deeply nested values; and broken raw bodies. Each probe goes as the
 * superuser (who passes every check and reaches the handler) and as one of the catalogue's roles
 * in turn. Every answer is below 500 and an error is in the contract's shape, on PGlite and
 * PostgreSQL. The probes are sampled per route (each parameter gets NUL and `Infinity` and a
 * rotating share of the other values), so the suite stays well within two minutes.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { bearer } from './private-support.ts';
import { fillPath, matrixWorld, recordPrivateRoutes, type PrivateRoute } from './private-routes.ts';
import { isContractError } from './support.ts';

const deep = (n: number) => JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown;
/** Values wrong for almost any body field. */
const BAD_VALUES: unknown[] = [
  null, true, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2147483648, '', ' ', 'x'.repeat(70_000), 'a\u0000b', '\ud800', 'x\udfffy',
  "'; drop table signal; --", '../../../../etc/passwd', '10000-01-01T00:00:00Z', '9999-12-31T23:59:59-12:00', '2024-02-30T10:00:00Z', [], [null], [1, 'a', {}], {},
  JSON.parse('{"__proto__": {"x": 1}, "constructor": {"prototype": {"y": 2}}}'), deep(30), Array.from({ length: 2000 }, (_, i) => i),
];
/** Every query parameter gets these… */
const ALWAYS_QUERY = ['%00', 'a%00b', 'Infinity'];
/** …and a rotating share of these. */
const BAD_QUERY_VALUES = ['', '-1', '0', '1e400', '-Infinity', 'NaN', '99999999999999999999', '1.5', '%ED%A0%80', "'%20or%201=1", 'a'.repeat(5000), '..%2F..', 'null', 'true', '9999-12-31T23:59:59-12:00', '2024-13-01'];
const BAD_IDS = ['x', '0', '-1', '1.5', 'Infinity', '%00', '%ED%A0%80', '99999999999999999999', '2147483648', 'a'.repeat(3000), '..%2F..%2Fetc%2Fpasswd'];
const RAW_BODIES = ['', '{', '[1,2', 'null', '"tekst"', '{"a":1}{"b":2}', `${'['.repeat(5000)}${']'.repeat(5000)}`, '\u0000', '{"text":"\\ud800"}'];
const CONTENT_TYPES = ['text/plain', 'application/xml', 'multipart/form-data', 'application/json'];
/** How many of the rotating values each query parameter or body field gets. */
const SHARE = 4;

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[]; format?: string; minimum?: number; minLength?: number };

/** A small value the schema accepts, so that one bad field is what the route sees. */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.enum) return schema.enum[0];
  const type = [schema.type ?? 'string'].flat().find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((k) => [k, sample(schema.properties?.[k])]));
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (schema.format === 'date-time') return '2024-05-01T10:00:00+02:00';
      if (schema.format === 'email') return 'a@gemeente.nl';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
  }
}

/** `n` of `values`, starting at a place that moves with `offset`, so every value is used across fields. */
const share = <T,>(values: T[], offset: number, n = SHARE) => Array.from({ length: Math.min(n, values.length) }, (_, i) => values[(offset * n + i) % values.length]!);

interface Probe {
  method: PrivateRoute['method'];
  url: string;
  payload?: string;
  contentType?: string;
}

function probesOf(route: PrivateRoute, signalId: number): Probe[] {
  const schema = (route.schema ?? {}) as { querystring?: Schema; params?: Schema; body?: Schema };
  const url = fillPath(route.url, { signalId });
  const probes: Probe[] = [];
  const json = route.body === 'json';
  const base = json ? sample(schema.body ?? { type: 'object' }) : undefined;
  const withBody = (p: Omit<Probe, 'payload' | 'contentType'>): Probe => (json ? { ...p, payload: JSON.stringify(base), contentType: 'application/json' } : p);
  // query parameters
  Object.keys(schema.querystring?.properties ?? {}).forEach((name, i) => {
    for (const value of [...ALWAYS_QUERY, ...share(BAD_QUERY_VALUES, i)]) probes.push(withBody({ method: route.method, url: `${url}?${name}=${value}` }));
  });
  probes.push(withBody({ method: route.method, url: `${url}?%00=%00` }));
  // path parameters
  for (const name of route.url.match(/:(\w+)/g) ?? []) {
    for (const id of BAD_IDS) probes.push(withBody({ method: route.method, url: fillPath(route.url.replace(name, '__bad__'), { signalId }).replace('__bad__', id) }));
  }
  // body fields, one level deep
  if (json) {
    const fields = Object.entries(schema.body?.properties ?? {});
    fields.forEach(([name, field], i) => {
      for (const value of share(BAD_VALUES, i, 6)) probes.push({ method: route.method, url, payload: JSON.stringify({ ...(base as object), [name]: value }), contentType: 'application/json' });
      for (const [inner] of Object.entries(field.properties ?? {})) {
        for (const value of share(BAD_VALUES, i + 1, 2)) probes.push({ method: route.method, url, payload: JSON.stringify({ ...(base as object), [name]: { ...(sample(field) as object), [inner]: value } }), contentType: 'application/json' });
      }
      if (field.items) for (const value of share(BAD_VALUES, i + 2, 2)) probes.push({ method: route.method, url, payload: JSON.stringify({ ...(base as object), [name]: [value] }), contentType: 'application/json' });
    });
    for (const value of share(BAD_VALUES, fields.length, 4)) probes.push({ method: route.method, url, payload: JSON.stringify(value), contentType: 'application/json' });
  }
  if (route.body !== 'none') {
    for (const type of CONTENT_TYPES) for (const raw of share(RAW_BODIES, CONTENT_TYPES.indexOf(type), 3)) probes.push({ method: route.method, url, payload: raw, contentType: type });
  }
  return probes;
}

describe.each(DATABASE_TARGETS)('fuzzing every private endpoint (%s)', (target) => {
  const recorded = recordPrivateRoutes();
  const t = useTestApp(target, recorded.options);

  it('bad input on every route, as the superuser and as each role in turn: 4xx in the contract\'s shape, never a 5xx', async () => {
    const world = await matrixWorld(t());
    const superuser = world.actors.find((a) => a.name === 'superuser')!;
    const roles = world.actors.filter((a) => a.token && a !== superuser);
    const failures: string[] = [];
    let sent = 0;
    const routes = recorded.routes;
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      const probes = probesOf(route, world.signalId);
      for (const [i, probe] of probes.entries()) {
        for (const actor of [superuser, roles[(i + sent) % roles.length]!]) {
          sent += 1;
          const res = await t()
            .app.inject({
              method: probe.method,
              url: probe.url,
              headers: { ...bearer(actor.token!), ...(probe.contentType ? { 'content-type': probe.contentType } : {}) },
              payload: probe.payload,
            })
            .catch((error: Error) => error);
          if (res instanceof Error) {
            failures.push(`${res.message}: ${probe.method} ${probe.url.slice(0, 140)} as ${actor.name}`);
            continue;
          }
          const label = `${res.statusCode} ${probe.method} ${probe.url.slice(0, 140)} ${String(probe.payload ?? '').slice(0, 100)} as ${actor.name}`;
          if (res.statusCode >= 500) failures.push(`${label}: ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400 && !isContractError(res.json())) failures.push(`shape ${label}: ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(3000);
  });
});
