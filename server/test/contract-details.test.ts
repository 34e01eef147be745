/** docs/security.md, "contract details the probe found": small differences from the reference API. */
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers.ts';
import { postReport, validReport } from './support.ts';
import { serializeSub } from '../src/routes/terms/serialize.ts';

describe('contract details', () => {
  const t = useTestApp('pglite');

  it('takes the last value of a repeated query parameter, as Django does', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/signals/v1/public/terms/categories/?page_size=x&page_size=2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toHaveLength(2);
  });

  it('answers 405 for GET on the prediction and verify-email calls, and for PATCH/DELETE on a questionnaire', async () => {
    for (const [method, url] of [
      ['GET', '/signals/category/prediction'],
      ['GET', '/signals/v1/public/reporter/verify-email'],
      ['PATCH', '/signals/v1/public/qa/questionnaires/3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d11'],
      ['DELETE', '/signals/v1/public/qa/questionnaires/3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d11'],
    ] as const) {
      const res = await t().app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.json()).toEqual({ detail: `Methode "${method}" niet toegestaan.` });
    }
  });

  it('stores __proto__ and constructor keys inside free JSON answers as data', async () => {
    const ok = await t().app.inject({
      method: 'POST',
      url: '/signals/v1/public/signals/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validReport()).replace('"answer":{', '"answer":{"__proto__":{"admin":true},"constructor":"x",'),
    });
    expect(ok.statusCode).toBe(201);
    const row = await t().app.db.selectFrom('signal').select('extra_properties').where('uuid', '=', ok.json().signal_id).executeTakeFirstOrThrow();
    const stored = (typeof row.extra_properties === 'string' ? JSON.parse(row.extra_properties) : row.extra_properties) as { answer: Record<string, unknown> }[];
    expect(Object.keys(stored[0]!.answer)).toEqual(expect.arrayContaining(['__proto__', 'constructor']));
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('reads a datetime without offset as Amsterdam time, and refuses years before 1900, after 9999 and a leap second', async () => {
    const naive = await postReport(t().app, validReport({ incident_date_start: '2024-07-01T10:00:00' }));
    expect(naive.status).toBe(201);
    expect(naive.body.incident_date_start).toBe('2024-07-01T10:00:00.000000+02:00');
    for (const value of ['0001-01-01T00:00:00Z', '0099-06-01T12:00:00+01:00', '10000-01-01T00:00:00Z', '2024-06-30T23:59:60Z']) {
      const res = await postReport(t().app, validReport({ incident_date_start: value }));
      expect(res.status, value).toBe(400);
      expect(res.body.incident_date_start[0], value).toMatch(/^Datetime heeft een ongeldig formaat/);
    }
  });

  it('takes a session given as urn:uuid and answers it like any unknown session', async () => {
    const res = await postReport(t().app, validReport({ session: 'urn:uuid:3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d11' }));
    expect(res).toMatchObject({ status: 400, body: { session: ['Session matching query does not exist.'] } });
  });

  it('trims the reporter e-mail address and refuses one over 254 characters', async () => {
    const trimmed = await postReport(t().app, validReport({ reporter: { email: '  melder@example.com  ', sharing_allowed: false } }));
    expect(trimmed.status).toBe(201);
    const row = await t().app.db.selectFrom('signal').select('reporter_email').where('uuid', '=', trimmed.body.signal_id).executeTakeFirstOrThrow();
    expect(row.reporter_email).toBe('melder@example.com');
    const long = await postReport(t().app, validReport({ reporter: { email: `${'a'.repeat(64)}@${'b'.repeat(187)}.nl`, sharing_allowed: false } }));
    expect(long.status).toBe(400);
    expect(Object.keys(long.body)).toEqual(['reporter']);
  });

  it('accepts "huisletter": null in an address', async () => {
    const report = validReport();
    const location = report.location as { address: Record<string, unknown> };
    const res = await postReport(t().app, { ...report, location: { ...location, address: { ...location.address, huisletter: null } } });
    expect(res.status).toBe(201);
  });

  it("names and links a sub-category's questionnaire only when it has one, as Signalen does (never null)", async () => {
    const url = '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil';
    const grofvuil = await t().app.inject({ method: 'GET', url });
    // Signalen's serializer leaves the key out (its source questionnaire.uuid cannot be read): no `questionnaire: null`
    expect(grofvuil.json()).not.toHaveProperty('questionnaire');
    expect(grofvuil.json()._links).not.toHaveProperty('sia:questionnaire');
    const lists = await Promise.all(['/signals/v1/public/terms/categories/?page_size=1000', '/signals/v1/public/terms/categories/afval', '/signals/v1/public/terms/categories/afval/sub_categories/'].map((path) => t().app.inject({ method: 'GET', url: path })));
    for (const list of lists) expect(list.body).not.toContain('"questionnaire":null');

    const uuid = '3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d11';
    await t().app.db.updateTable('category').set({ questionnaire: uuid }).where('slug', '=', 'grofvuil').execute();
    t().app.categories.invalidate();
    const withOne = (await t().app.inject({ method: 'GET', url })).json();
    expect(withOne.questionnaire).toBe(uuid);
    expect(withOne._links['sia:questionnaire']).toEqual({ href: `http://localhost:8080/signals/v1/public/qa/questionnaires/${uuid}` });
    await t().app.db.updateTable('category').set({ questionnaire: null }).where('slug', '=', 'grofvuil').execute();
    t().app.categories.invalidate();
  });
});
