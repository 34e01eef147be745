/**
 * /signals/v1/private/me/filters/ (docs/reference/api.md#private): saved filters per user — list, retrieve,
 * create, PATCH, delete; `options` validated with the contract's messages; another
 * user's filter is a 404; on PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';

const F = '/signals/v1/private/me/filters/';
type Account = 'behandelaar' | 'coordinator' | 'lezer';

describe.each(DATABASE_TARGETS)('saved filters (%s)', (target) => {
  const t = useTestApp(target);
  const tokens: Partial<Record<Account, string>> = {};
  let subSlug = '';

  beforeAll(async () => {
    for (const account of ['behandelaar', 'coordinator', 'lezer'] as const) tokens[account] = await mintToken(t().app, ACCOUNTS[account].email);
    subSlug = (await t().app.db.selectFrom('category').select('slug').where('parent_id', 'is not', null).orderBy('id').executeTakeFirstOrThrow()).slug;
  });

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown, account: Account = 'behandelaar') => {
    const res = await t().app.inject({ method, url: `${F}${path}`, headers: bearer(tokens[account]!), ...(body !== undefined ? { payload: body as object } : {}) });
    return { status: res.statusCode, body: res.body ? (res.json() as any) : null };
  };

  it('needs a token; reading needs sia_read, writing sia_write', async () => {
    expect((await t().app.inject({ method: 'GET', url: F })).statusCode).toBe(401);
    expect((await call('GET', '', undefined, 'lezer')).status).toBe(200);
    expect((await call('POST', '', { name: 'x', options: {} }, 'lezer')).status).toBe(403);
  });

  it('creates, lists (newest first), retrieves, updates and deletes a filter of the user', async () => {
    const created = await call('POST', '', { name: 'Nieuw in Centrum', options: { status: ['m', 'i'], stadsdeel: 'A' }, show_on_overview: true });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(created.body).toMatchObject({
      _display: 'Nieuw in Centrum',
      name: 'Nieuw in Centrum',
      options: { status: ['m', 'i'], stadsdeel: ['A'] }, // one value of a multi-valued filter becomes a list
      refresh: false,
      show_on_overview: true,
      _links: {
        self: { href: `http://localhost:8080${F}${id}` },
        'sia:filter': { href: 'http://localhost:8080/signals/v1/private/signals/?status=m&status=i&stadsdeel=A' },
      },
    });
    expect(created.body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+0[12]:00$/);

    const second = await call('POST', '', { name: 'Te laat', options: { punctuality: 'late', category_slug: [subSlug] }, refresh: true });
    expect(second.body.options).toEqual({ punctuality: 'late', category_slug: [subSlug] });
    const list = await call('GET', '');
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((f: any) => f.name)).toEqual(['Te laat', 'Nieuw in Centrum']);

    expect((await call('GET', String(id))).body.name).toBe('Nieuw in Centrum');
    const patched = await call('PATCH', String(id), { name: 'Centrum', refresh: true });
    expect(patched.body).toMatchObject({ name: 'Centrum', refresh: true, show_on_overview: true, options: { status: ['m', 'i'], stadsdeel: ['A'] } });
    const reoptioned = await call('PATCH', String(id), { options: { priority: ['high'] } });
    expect(reoptioned.body.options).toEqual({ priority: ['high'] });
    expect((await call('PATCH', String(id), {})).body.name).toBe('Centrum');

    expect((await call('DELETE', String(id))).status).toBe(204);
    expect((await call('GET', String(id))).status).toBe(404);
    expect((await call('DELETE', String(id))).status).toBe(404);
    // a browser client that names JSON on a DELETE without a body is not refused for it
    const empty = await t().app.inject({ method: 'DELETE', url: `${F}${second.body.id}`, headers: { ...bearer(tokens.behandelaar!), 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(204);
    expect((await call('GET', String(second.body.id))).status).toBe(404);
    // a POST still needs its body
    const noBody = await t().app.inject({ method: 'POST', url: F, headers: { ...bearer(tokens.behandelaar!), 'content-type': 'application/json' } });
    expect(noBody.statusCode).toBe(400);
  });

  it("keeps each user's filters to that user", async () => {
    const mine = await call('POST', '', { name: 'Van Bas', options: { priority: 'high' } });
    expect((await call('GET', '', undefined, 'coordinator')).body.count).toBe(0);
    expect(await call('GET', String(mine.body.id), undefined, 'coordinator')).toEqual({ status: 404, body: { detail: 'No StoredSignalFilter matches the given query.' } });
    expect((await call('PATCH', String(mine.body.id), { name: 'overgenomen' }, 'coordinator')).status).toBe(404);
    expect((await call('DELETE', String(mine.body.id), undefined, 'coordinator')).status).toBe(404);
    expect((await call('GET', String(mine.body.id))).body.name).toBe('Van Bas');
    await call('DELETE', String(mine.body.id));
  });

  it('names are unique per user (trimmed, any case): a second one is a 400 under name; another user may use the name', async () => {
    const first = await call('POST', '', { name: 'Nieuw in Noord', options: { stadsdeel: 'N' } });
    expect(first.status).toBe(201);
    const taken = { status: 400, body: { name: ['Je hebt al een filter met deze naam. Kies een andere naam.'] } };
    expect(await call('POST', '', { name: ' nieuw in NOORD ', options: { stadsdeel: 'A' } })).toEqual(taken);
    const other = await call('POST', '', { name: 'Oud in Noord', options: { stadsdeel: 'N' } });
    expect(await call('PATCH', String(other.body.id), { name: 'Nieuw in noord' })).toEqual(taken);
    // renaming a filter to its own name, or changing only its options, is fine
    expect((await call('PATCH', String(first.body.id), { name: 'Nieuw in Noord', refresh: true })).status).toBe(200);
    const theirs = await call('POST', '', { name: 'Nieuw in Noord', options: { stadsdeel: 'N' } }, 'coordinator');
    expect(theirs.status).toBe(201);
    for (const [id, account] of [[first.body.id, 'behandelaar'], [other.body.id, 'behandelaar'], [theirs.body.id, 'coordinator']] as const) await call('DELETE', String(id), undefined, account);
    // what the API holds: one of each name per user
    expect((await call('GET', '')).body.results.map((f: { name: string }) => f.name)).not.toContain('Nieuw in Noord');
  });

  it('validates name and options with the contract messages', async () => {
    expect(await call('POST', '', { name: 'Zonder opties' })).toEqual({ status: 400, body: { non_field_errors: ['No filters specified, "options" object missing.'] } });
    expect(await call('POST', '', { options: { status: ['m'] } })).toEqual({ status: 400, body: { name: ['Dit veld is vereist.'] } });
    expect(await call('POST', '', { name: 'x', options: { foo: 1, status: ['m'], bar: 'y' } })).toEqual({
      status: 400,
      body: { options: ["FilterSet data to store contains unknown filters ['bar', 'foo']"] },
    });
    expect(await call('POST', '', { name: 'x', options: { status: ['m', 'x'], stadsdeel: 'Z' } })).toEqual({
      status: 400,
      body: { options: { status: ['Selecteer een geldige keuze. x is geen beschikbare keuze.'], stadsdeel: ['Selecteer een geldige keuze. Z is geen beschikbare keuze.'] } },
    });
    expect(await call('POST', '', { name: 'x', options: { punctuality: 'soon' } })).toEqual({
      status: 400,
      body: { options: { punctuality: ['Selecteer een geldige keuze. soon is geen beschikbare keuze.'] } },
    });
    expect((await call('POST', '', { name: 'x', options: 'status=m' })).body).toEqual({ options: ['Ongeldige gegevens. Verwachtte een dictionary, maar kreeg een str.'] });
    expect((await call('POST', '', { name: 'x', options: { address_text: ['a', 'b'] } })).body).toEqual({ options: { address_text: ['Geen geldige string.'] } });
    expect((await call('POST', '', { name: 'x', options: { status: [{ a: 1 }] } })).body).toEqual({ options: { status: ['Verwachtte een lijst met waarden.'] } });
    // PATCH checks options the same way and changes nothing on an error.
    const f = await call('POST', '', { name: 'Geldig', options: { status: ['m'] } });
    expect((await call('PATCH', String(f.body.id), { options: { kind: ['x'] } })).body).toEqual({ options: { kind: ['Selecteer een geldige keuze. x is geen beschikbare keuze.'] } });
    expect((await call('GET', String(f.body.id))).body.options).toEqual({ status: ['m'] });
    expect(await call('GET', 'abc')).toEqual({ status: 404, body: { detail: 'Niet gevonden.' } }); // a malformed key (docs/reference/api.md#conventions)
    await call('DELETE', String(f.body.id));
  });
});
