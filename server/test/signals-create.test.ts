import { describe, expect, it } from 'vitest';
import { buildTestApp, DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { postReport, SUB_URL, validReport } from './support.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const AMS_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+0[12]:00$/;

describe.each(DATABASE_TARGETS)('POST /signals/v1/public/signals/ on %s', (target) => {
  const t = useTestApp(target);

  it('stores a valid report and answers 201 with signal_id, id and SIG-<id>, keys in contract order', async () => {
    const { status, body } = await postReport(t().app, validReport());
    expect(status).toBe(201);
    expect(Object.keys(body)).toEqual(['_display', 'id', 'id_display', 'signal_id', 'status', 'created_at', 'updated_at', 'incident_date_start', 'incident_date_end']);
    expect(body.signal_id).toMatch(UUID);
    expect(body._display).toBe(`SIG-${body.id}`);
    expect(body.id_display).toBe(`SIG-${body.id}`);
    expect(body.status).toEqual({ state: 'OPEN', state_display: 'Open' });
    expect(body.created_at).toMatch(AMS_ISO);
    expect(body.incident_date_start).toBe('2024-05-01T09:00:00.000000+02:00');
    expect(body.incident_date_end).toBeNull();
  });

  it('stores extra_properties exactly as sent, with the defaults of a new report', async () => {
    const report = validReport({ extra_properties: [{ id: 'a', label: 'Vraag', answer: [1, { x: null }], category_url: SUB_URL }] });
    const { body } = await postReport(t().app, report);
    const row = await t().app.db.selectFrom('signal').selectAll().where('uuid', '=', body.signal_id).executeTakeFirstOrThrow();
    expect(row.extra_properties).toEqual(report.extra_properties);
    expect(row).toMatchObject({ state: 'm', priority: 'normal', type_code: 'SIG', source: 'online', reporter_state: 'approved', address_text: 'Dam 1 1012JS Amsterdam' });
  });

  it('answers GET on the report with the same body as the create call', async () => {
    const created = await postReport(t().app, validReport());
    const res = await t().app.inject({ method: 'GET', url: `/signals/v1/public/signals/${created.body.signal_id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created.body);
  });

  it('accepts the "point" type spelled in lower case and an absolute category URL on any host', async () => {
    const report = validReport({
      location: { geometrie: { type: 'point', coordinates: [4.9, 52.37] } },
      category: { category_url: `https://elders.example${SUB_URL}` },
    });
    expect((await postReport(t().app, report)).status).toBe(201);
  });

  it('reports a missing required field in DRF shape', async () => {
    const { text: _text, ...report } = validReport();
    const { status, body } = await postReport(t().app, report);
    expect(status).toBe(400);
    expect(body).toEqual({ text: ['Dit veld is vereist.'] });
  });

  it('reports a blank description', async () => {
    const { status, body } = await postReport(t().app, validReport({ text: '   ' }));
    expect(status).toBe(400);
    expect(body).toEqual({ text: ['Dit veld mag niet leeg zijn.'] });
  });

  it('reports a description over 3000 characters', async () => {
    const { body } = await postReport(t().app, validReport({ text: 'x'.repeat(3001) }));
    expect(body).toEqual({ text: ['Zorg ervoor dat dit veld niet meer dan 3000 karakters bevat.'] });
  });

  it('reports wrong types per field', async () => {
    const { status, body } = await postReport(t().app, validReport({ text: 12, incident_date_start: 'gisteren', reporter: { email: 'geen-adres', sharing_allowed: 'ja' } }));
    expect(status).toBe(400);
    expect(body.text).toHaveLength(1);
    expect(body.incident_date_start[0]).toMatch(/^Datetime heeft een ongeldig formaat/);
    expect(body.reporter).toEqual({ email: ['Voer een geldig e-mailadres in.'], sharing_allowed: ['Moet een geldige boolean zijn.'] });
  });

  it('rejects unknown top-level keys only once every field is valid', async () => {
    const both = await postReport(t().app, validReport({ priority: 'high', type: 'REQ', text: '' }));
    expect(both.body).toEqual({ text: ['Dit veld mag niet leeg zijn.'] });
    const only = await postReport(t().app, validReport({ priority: { priority: 'high' }, type: { code: 'REQ' } }));
    expect(only.status).toBe(400);
    expect(only.body).toEqual({ non_field_errors: ['Extra properties present: priority, type'] });
  });

  it('ignores unknown keys inside nested objects', async () => {
    const report = validReport({ reporter: { email: 'a@example.com', created_at: 'x', updated_at: 'y' } });
    expect((await postReport(t().app, report)).status).toBe(201);
  });

  it('refuses a location outside the bounding box', async () => {
    const { status, body } = await postReport(t().app, validReport({ location: { geometrie: { type: 'Point', coordinates: [2.35, 48.85] } } }));
    expect(status).toBe(400);
    expect(body).toEqual({ location: { geometrie: ['The location coordinates (WS84) are not inside the bounding box we are accepting signals for.'] } });
  });

  it('reports a missing or malformed geometry under location.geometrie', async () => {
    const missing = await postReport(t().app, validReport({ location: { address: null } }));
    expect(missing.body).toEqual({ location: { geometrie: ['Dit veld is vereist.'] } });
    const malformed = await postReport(t().app, validReport({ location: { geometrie: { type: 'Polygon', coordinates: 'x' } } }));
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.location)).toEqual(['geometrie']);
  });

  it('refuses an unknown subcategory, a main-category URL and neither or both keys', async () => {
    const unknown = await postReport(t().app, validReport({ category: { sub_category: '/signals/v1/public/terms/categories/afval/sub_categories/bestaat-niet' } }));
    expect(unknown.body).toEqual({ category: { sub_category: ['Ongeldige hyperlink - Object bestaat niet.'] } });
    const main = await postReport(t().app, validReport({ category: { sub_category: '/signals/v1/public/terms/categories/afval' } }));
    expect(main.body).toEqual({ category: { sub_category: ['Ongeldige hyperlink - Ongeldige URL'] } });
    const neither = await postReport(t().app, validReport({ category: { text: 'x' } }));
    expect(neither.body).toEqual({ category: ['Either the "sub_category" OR the "category_url" must be given'] });
    const both = await postReport(t().app, validReport({ category: { sub_category: SUB_URL, category_url: SUB_URL } }));
    expect(both.body).toEqual({ category: ['Only the "sub_category" OR "category_url" can be given'] });
  });

  it('refuses extra_properties that are not a list of answers with Invalid input.', async () => {
    for (const extra of [{}, [{ id: 'x', label: 'y', answer: 1 }], [{ id: 'x', label: 'y', answer: 1, category_url: 'geen url' }]]) {
      const { status, body } = await postReport(t().app, validReport({ extra_properties: extra }));
      expect(status).toBe(400);
      expect(body).toEqual({ extra_properties: ['Invalid input.'] });
    }
    expect((await postReport(t().app, validReport({ extra_properties: null }))).status).toBe(201);
  });

  it('accepts the online source in any case and refuses an unknown or non-public source', async () => {
    expect((await postReport(t().app, validReport({ source: 'ONLINE' }))).status).toBe(201);
    const unknown = await postReport(t().app, validReport({ source: 'Telefoon – ASC' }));
    expect(unknown.body).toEqual({ source: ['Invalid source given, value not known'] });
  });

  it('marks a report from an internal e-mail domain as Interne melding', async () => {
    const { body } = await postReport(t().app, validReport({ reporter: { email: 'medewerker@amsterdam.nl' } }));
    const row = await t().app.db.selectFrom('signal').select('source').where('uuid', '=', body.signal_id).executeTakeFirstOrThrow();
    expect(row.source).toBe('Interne melding');
  });

  it('turns an empty e-mail address into null', async () => {
    const { body } = await postReport(t().app, validReport({ reporter: { email: '', phone: null } }));
    const row = await t().app.db.selectFrom('signal').select(['reporter_email', 'reporter_phone', 'sharing_allowed']).where('uuid', '=', body.signal_id).executeTakeFirstOrThrow();
    expect(row).toEqual({ reporter_email: null, reporter_phone: null, sharing_allowed: false });
  });

  it('answers malformed JSON with a 400 detail, not a 500', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/signals/v1/public/signals/', payload: '{"text": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^JSON parse error/);
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('refuses a NUL character anywhere in the body with 400 under its field, which the database could not store', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ text: 'kapotte\u0000lamp' }, 'text'],
      [{ source: 'online\u0000' }, 'source'],
      [{ reporter: { email: 'melder@example.com', phone: '06\u000012345678' } }, 'reporter'],
      [{ extra_properties: [{ id: 'x', label: 'X', answer: { 'sleutel\u0000': 1 }, category_url: SUB_URL }] }, 'extra_properties'],
    ];
    for (const [override, field] of cases) {
      const res = await postReport(t().app, validReport(override));
      expect(res.status, field).toBe(400);
      expect(res.body, field).toEqual({ [field]: ['Null-tekens zijn niet toegestaan.'] });
    }
  });

  it('refuses the year 0000, which ISO-8601 allows but no database stores', async () => {
    const res = await postReport(t().app, validReport({ incident_date_start: '0000-01-01T00:00:00Z' }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['incident_date_start']);
  });

  it('answers a malformed URL with 400 in the detail shape', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/signals/v1/public/terms/categories/%ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Ongeldige aanvraag.' });
  });

  it('answers other methods on a report with 405', async () => {
    const { body } = await postReport(t().app, validReport());
    const res = await t().app.inject({ method: 'DELETE', url: `/signals/v1/public/signals/${body.signal_id}` });
    expect(res.statusCode).toBe(405);
  });

  it('answers a body that is not an object with 400', async () => {
    const res = await postReport(t().app, [1, 2]);
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('non_field_errors');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t().app.inject({ method: 'POST', url: '/signals/v1/public/signals/', payload: 'text=x', headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toHaveProperty('detail');
  });

  it('answers a body over the size limit with 413', async () => {
    const res = await postReport(t().app, validReport({ text_extra: 'x'.repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toHaveProperty('detail');
  });

  it('answers GET on the list URL with 405, with or without the trailing slash', async () => {
    for (const url of ['/signals/v1/public/signals/', '/signals/v1/public/signals']) {
      const res = await t().app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(405);
      expect(res.json()).toEqual({ detail: 'Methode "GET" niet toegestaan.' });
    }
  });

  it('returns the first report for a retried submit with the same Idempotency-Key', async () => {
    const key = `retry-${target}-${Date.now()}`;
    const first = await postReport(t().app, validReport(), { 'idempotency-key': key });
    const again = await postReport(t().app, validReport(), { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const concurrent = await Promise.all([1, 2, 3].map(() => postReport(t().app, validReport({ text: 'tegelijk' }), { 'idempotency-key': `${key}-c` })));
    expect(new Set(concurrent.map((r) => r.body.signal_id)).size).toBe(1);
    const stored = await t().app.db.selectFrom('signal').select('id').where('text', '=', 'tegelijk').execute();
    expect(stored).toHaveLength(1);
  });

  it('answers 422 for an Idempotency-Key reused with another body, and never hands a key to another client', async () => {
    const key = `scope-${target}-${Date.now()}`;
    const first = await postReport(t().app, validReport({ text: 'Eerste melding met deze sleutel' }), { 'idempotency-key': key });
    expect(first.status).toBe(201);
    const other = await postReport(t().app, validReport({ text: 'Een andere melding, zelfde sleutel' }), { 'idempotency-key': key });
    expect(other).toMatchObject({ status: 422, body: { detail: 'Deze Idempotency-Key is al gebruikt voor een andere aanvraag.' } });
    // Same key and body from another address: its own new report, not the first reporter's.
    const res = await t().app.inject({
      method: 'POST',
      url: '/signals/v1/public/signals/',
      payload: validReport({ text: 'Eerste melding met deze sleutel' }),
      headers: { 'idempotency-key': key },
      remoteAddress: '192.0.2.44',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().signal_id).not.toBe(first.body.signal_id);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers 404 for an unknown and for a malformed report id', async () => {
    const unknown = await t().app.inject({ method: 'GET', url: '/signals/v1/public/signals/3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d11' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'No Signal matches the given query.' });
    const malformed = await t().app.inject({ method: 'GET', url: '/signals/v1/public/signals/geen-uuid' });
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ detail: 'Niet gevonden.' });
  });

  it('answers OPEN or CLOSED by the internal state', async () => {
    const { body } = await postReport(t().app, validReport());
    await t().app.db.updateTable('signal').set({ state: 'o' }).where('uuid', '=', body.signal_id).execute();
    const res = await t().app.inject({ method: 'GET', url: `/signals/v1/public/signals/${body.signal_id}` });
    expect(res.json().status).toEqual({ state: 'CLOSED', state_display: 'Gesloten' });
  });
});

describe('create rate limit', () => {
  it('answers 429 with Retry-After once a client went over the hourly limit', async () => {
    const t = await buildTestApp('pglite', { config: { publicThrottlePerHour: 2 } });
    try {
      expect((await postReport(t.app, validReport())).status).toBe(201);
      expect((await postReport(t.app, validReport())).status).toBe(201);
      const third = await postReport(t.app, validReport());
      expect(third.status).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(third.body.detail).toMatch(/seconden/);
      const read = await t.app.inject({ method: 'GET', url: '/signals/v1/public/terms/categories/' });
      expect(read.statusCode).toBe(200);
      // Without a trusted proxy, a forged X-Forwarded-For does not buy a fresh allowance.
      const forged = await postReport(t.app, validReport(), { 'x-forwarded-for': '203.0.113.9' });
      expect(forged.status).toBe(429);
    } finally {
      await t.close();
    }
  });
});
