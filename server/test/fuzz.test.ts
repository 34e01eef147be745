/**
 * docs/security.md: the server's own probe. Several hundred bad inputs per public endpoint
 * (wrong types, missing and extra fields, huge and deeply nested values, NUL and lone
 * surrogates, SQL and path-traversal strings, bad uuids, wrong content types), on
 * PGlite and PostgreSQL. Every answer is below 500, an error is in the contract's
 * shape, and none takes a second. One app per database for the whole file.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp, type TestApp } from './helpers.ts';
import { FILES, isContractError, multipart, validReport } from './support.ts';

/** Values that are wrong for almost any field. */
const deep = (n: number) => JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown;
const BAD_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, '', ' ', 'x'.repeat(70_000),
  'a\u0000b', '\ud800', 'x\udfffy', '\u202e\u200b', "'; drop table signal; --", '" or 1=1 --', '../../../../etc/passwd', '..%2f..%2fetc%2fpasswd',
  '<script>alert(1)</script>', '${7*7}', '%s%n%x', 'not-a-uuid', 'urn:uuid:3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d11', '3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d1z',
  '0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '0099-12-31T23:59:59+01:00', '10000-01-01T00:00:00Z', '2024-02-30T10:00:00Z', '2024-06-30T23:59:60Z', '2024-13-01T00:00:00',
  [], [null], [1, 'a', {}], {}, { __proto__: { polluted: true } }, JSON.parse('{"__proto__": {"x": 1}, "constructor": {"prototype": {"y": 2}}}'),
  { nested: { deeper: { deepest: 'x'.repeat(1000) } } }, deep(30), Array.from({ length: 2000 }, (_, i) => i),
];

/** Every path into the valid report whose value is replaced in turn. */
const REPORT_PATHS = [
  [], ['text'], ['text_extra'], ['location'], ['location', 'geometrie'], ['location', 'geometrie', 'type'], ['location', 'geometrie', 'coordinates'],
  ['location', 'geometrie', 'coordinates', 0], ['location', 'address'], ['location', 'address', 'huisnummer'], ['location', 'address', 'huisletter'],
  ['location', 'address', 'postcode'], ['location', 'stadsdeel'], ['category'], ['category', 'sub_category'], ['reporter'], ['reporter', 'email'],
  ['reporter', 'phone'], ['reporter', 'sharing_allowed'], ['incident_date_start'], ['incident_date_end'], ['extra_properties'], ['extra_properties', 0],
  ['extra_properties', 0, 'answer'], ['extra_properties', 0, 'id'], ['session'], ['source'], ['unknown_key'],
] as (string | number)[][];

function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = Array.isArray(base) ? [...base] : { ...(base as Record<string, unknown>) };
  const [head, ...rest] = path;
  (copy as Record<string | number, unknown>)[head!] = withValue((base as Record<string | number, unknown> | undefined)?.[head!] ?? {}, rest, value);
  return copy;
}

interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

const json = (value: unknown) => JSON.stringify(value) ?? 'null';
const CONTENT_TYPES = ['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=latin1', 'application/json'];
const RAW_BODIES = ['', '{', '{"text":', '[1,2', 'null', '"tekst"', '{"a":1}{"b":2}', `${'['.repeat(5000)}${']'.repeat(5000)}`, `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, '\u0000', '{"text":"\\ud800"}'];
const BAD_IDS = ['x', '%25', '%00', '..%2F..%2Fetc%2Fpasswd', 'not-a-uuid', '3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d1z', '------------------------------------', `${'9'.repeat(40)}`, "1'%20or%20'1'='1", 'urn:uuid:3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d11', '%ED%A0%80', 'a'.repeat(3000)];
const BAD_QUERY_VALUES = ['', 'x', '-1', '0', '1e400', 'NaN', '%00', '%ED%A0%80', "'%20or%201=1", 'a'.repeat(5000), '..%2F..', '1,2,3,4,5', '[]', '{}'];

function bodyProbes(method: Probe['method'], url: string, base: unknown, paths: (string | number)[][]): Probe[] {
  const probes: Probe[] = [];
  for (const path of paths) for (const value of BAD_VALUES) probes.push({ method, url, payload: json(withValue(base, path, value)), headers: { 'content-type': 'application/json' } });
  for (const type of CONTENT_TYPES) for (const raw of RAW_BODIES) probes.push({ method, url, payload: raw, headers: { 'content-type': type } });
  return probes;
}

function queryProbes(url: string, params: string[]): Probe[] {
  const probes: Probe[] = [];
  for (const p of params) for (const v of BAD_QUERY_VALUES) probes.push({ method: 'GET', url: `${url}?${p}=${v}` }, { method: 'GET', url: `${url}?${p}=${v}&${p}=${v}x` });
  for (const id of BAD_IDS) probes.push({ method: 'GET', url: `${url}?${id}=${id}` });
  return probes;
}

const pathProbes = (template: (id: string) => string, methods: Probe['method'][] = ['GET']) =>
  BAD_IDS.flatMap((id) => methods.map((method) => ({ method, url: template(id), payload: method === 'GET' ? undefined : '{}', headers: method === 'GET' ? undefined : { 'content-type': 'application/json' } })));

async function run(t: TestApp, probes: Probe[]) {
  const failures: string[] = [];
  for (const probe of probes) {
    // a stall fails the test by its own time limit; a wall-clock bound per probe only measured the machine's load
    const res = await t.app.inject({ method: probe.method, url: probe.url, payload: probe.payload, headers: probe.headers });
    const label = `${probe.method} ${probe.url.slice(0, 120)} ${String(probe.payload ?? '').slice(0, 120)}`;
    if (res.statusCode >= 500) failures.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
    else if (res.statusCode >= 400 && probe.url.startsWith('/signals') && res.statusCode !== 404 && !isContractError(res.json())) failures.push(`shape ${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
  }
  return failures;
}

for (const target of DATABASE_TARGETS) {
  describe(`fuzzing every public endpoint (${target})`, () => {
    const t = useTestApp(target, { config: { publicThrottlePerHour: 1_000_000 } });

    it('POST /signals/v1/public/signals/: several hundred bad bodies, never a 5xx', async () => {
      const probes = bodyProbes('POST', '/signals/v1/public/signals/', validReport(), REPORT_PATHS);
      expect(probes.length).toBeGreaterThan(300);
      expect(await run(t(), probes)).toEqual([]);
    });

    it('report ids, attachments and the geography list', async () => {
      const report = await t().app.inject({ method: 'POST', url: '/signals/v1/public/signals/', payload: validReport() });
      const uuid = report.json().signal_id as string;
      const png = multipart([{ name: 'signal_id', data: uuid }, { name: 'file', filename: 'a.png', type: 'image/png', data: FILES.png() }]);
      const attachment = (body: Buffer | string, type: string): Probe => ({ method: 'POST', url: `/signals/v1/public/signals/${uuid}/attachments/`, payload: body, headers: { 'content-type': type } });
      const probes: Probe[] = [
        ...pathProbes((id) => `/signals/v1/public/signals/${id}`, ['GET', 'PUT', 'PATCH', 'DELETE', 'POST']),
        ...pathProbes((id) => `/signals/v1/public/signals/${id}/attachments/`, ['POST']),
        ...pathProbes((id) => `/signals/media/${id}`),
        ...CONTENT_TYPES.flatMap((type) => RAW_BODIES.map((raw) => attachment(raw, type))),
        attachment(png.payload.subarray(0, 100), png.headers['content-type']),
        attachment(png.payload, 'multipart/form-data; boundary=anders'),
        ...queryProbes('/signals/v1/public/signals/geography', ['bbox', 'lat', 'lon', 'maincategory_slug', 'category_slug', 'page', 'page_size']),
      ];
      expect(probes.length).toBeGreaterThan(300);
      expect(await run(t(), probes)).toEqual([]);
    });

    it('categories, questions and the prediction', async () => {
      // The server trains its classifier a second after it listens (a few hundred ms, once per
      // process); an injected app never listens, so it is prepared here as a started server has it.
      t().app.classifier.predict('Er ligt grofvuil');
      const probes: Probe[] = [
        ...pathProbes((id) => `/signals/v1/public/terms/categories/${id}`),
        ...pathProbes((id) => `/signals/v1/public/terms/categories/afval/sub_categories/${id}`),
        ...pathProbes((id) => `/signals/v1/public/terms/categories/${id}/sub_categories/`),
        ...queryProbes('/signals/v1/public/terms/categories/', ['page', 'page_size']),
        ...queryProbes('/signals/v1/public/questions/', ['main_slug', 'sub_slug', 'category_slug', 'page']),
        ...bodyProbes('POST', '/signals/category/prediction', { text: 'Er ligt grofvuil' }, [[], ['text'], ['extra']]),
      ];
      expect(probes.length).toBeGreaterThan(300);
      expect(await run(t(), probes)).toEqual([]);
    });

    it('questionnaires, sessions, verify-email and the satisfaction survey', async () => {
      const report = await t().app.inject({ method: 'POST', url: '/signals/v1/public/signals/', payload: validReport() });
      const { sessionUuid } = await t().app.followup.requestReaction(report.json().signal_id as string, 'Waar precies?');
      const session = t().app.inject({ method: 'GET', url: `/signals/v1/public/qa/sessions/${sessionUuid}` });
      const question = (await session).json().path_questions[0].uuid as string;
      const { uuid: form } = await t().app.followup.requestFeedback(report.json().signal_id as string);
      const qa = '/signals/v1/public/qa';
      const probes: Probe[] = [
        ...pathProbes((id) => `${qa}/questionnaires/${id}`, ['GET', 'POST', 'PATCH', 'DELETE']),
        ...pathProbes((id) => `${qa}/questionnaires/${id}/session`, ['POST']),
        ...pathProbes((id) => `${qa}/sessions/${id}`, ['GET', 'PUT', 'PATCH', 'DELETE']),
        ...pathProbes((id) => `${qa}/sessions/${id}/answers`, ['POST']),
        ...pathProbes((id) => `${qa}/sessions/${id}/submit`, ['POST']),
        ...pathProbes((id) => `${qa}/questions/${id}`, ['GET']),
        ...pathProbes((id) => `/signals/v1/public/feedback/forms/${id}`, ['GET', 'PUT']),
        ...bodyProbes('POST', `${qa}/sessions/${sessionUuid}/answers`, [{ question_uuid: question, payload: 'Bij de boom' }], [[0], [0, 'question_uuid'], [0, 'payload']]),
        ...bodyProbes('POST', '/signals/v1/public/reporter/verify-email', { token: 'abc' }, [[], ['token']]),
        ...bodyProbes('PUT', `/signals/v1/public/feedback/forms/${form}`, { is_satisfied: true, allows_contact: false, text_list: ['Het ging snel'], text_extra: '' }, [['is_satisfied'], ['text_list'], ['text_extra'], ['allows_contact']]),
      ];
      expect(probes.length).toBeGreaterThan(300);
      expect(await run(t(), probes)).toEqual([]);
    });
  });
}

describe('fuzzing the stand-ins (no database)', () => {
  const t = useTestApp('pglite');
  it('suggest, reverse, lookup, wfs and tiles never give a 5xx', async () => {
    const probes: Probe[] = [
      ...queryProbes('/stand-ins/locatieserver/v3_1/suggest', ['q', 'fq', 'rows']),
      ...queryProbes('/stand-ins/locatieserver/v3_1/reverse', ['X', 'Y', 'lat', 'lon', 'distance', 'rows', 'type']),
      ...queryProbes('/stand-ins/locatieserver/v3_1/lookup', ['id']),
      ...queryProbes('/stand-ins/wfs/bomen', ['bbox', 'Filter', 'count', 'typeName', 'srsName']),
      ...pathProbes((id) => `/stand-ins/tiles/${id}/1/1.png`),
      ...pathProbes((id) => `/stand-ins/wfs/${id}`),
    ];
    expect(probes.length).toBeGreaterThan(300);
    expect(await run(t(), probes)).toEqual([]);
  });
});

