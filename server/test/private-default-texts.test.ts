/**
 * Default texts (docs/reference/api.md#private): /status-messages with its filters, ordering per
 * category, positions (duplicate-position error), full-text search, and the older
 * per-category status-message-templates API; permissions of docs/reference/permissions.md#permissions-and-scoping — on PGlite and
 * PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';

const P = '/signals/v1/private';
const SM = `${P}/status-messages`;

describe.each(DATABASE_TARGETS)('default texts (%s)', (target) => {
  const t = useTestApp(target);
  const call = async (account: keyof typeof ACCOUNTS | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const headers = account ? bearer(await mintToken(t().app, ACCOUNTS[account].email)) : {};
    const res = await t().app.inject({ method, url, headers, payload: payload as object });
    return { status: res.statusCode, body: res.statusCode === 204 ? null : (res.json() as any) };
  };
  const category = async (slug: string) => (await t().app.db.selectFrom('category').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  const create = async (body: Record<string, unknown>) => {
    const res = await call('coordinator', 'POST', `${SM}/`, body);
    expect(res.status).toBe(201);
    return res.body;
  };

  it('CRUD with the contract item, the write permissions of docs/reference/permissions.md#permissions-and-scoping, and DRF errors', async () => {
    const grofvuil = await category('grofvuil');
    const created = await create({ title: 'Opgehaald', text: 'Het grofvuil is opgehaald.', state: 'o', active: true, categories: [grofvuil] });
    expect(created).toMatchObject({ title: 'Opgehaald', text: 'Het grofvuil is opgehaald.', state: 'o', active: true, categories: [grofvuil] });
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+0[12]:00$/);
    expect(Object.keys(created).sort()).toEqual(['active', 'categories', 'created_at', 'id', 'state', 'text', 'title', 'updated_at']);

    expect((await call('lezer', 'GET', `${SM}/${created.id}`)).body).toEqual(created);
    // Reading needs sia_read; writing sia_write and sia_statusmessage_write (the handler has neither the latter).
    expect((await call('behandelaar', 'POST', `${SM}/`, { title: 'x', text: 'y', state: 'o' })).status).toBe(403);
    expect((await call('lezer', 'PATCH', `${SM}/${created.id}`, { active: false })).status).toBe(403);
    expect((await call(null, 'GET', `${SM}/`)).status).toBe(401);

    const patched = await call('coordinator', 'PATCH', `${SM}/${created.id}`, { active: false, categories: [] });
    expect(patched.body).toMatchObject({ active: false, categories: [], title: 'Opgehaald' });
    const put = await call('coordinator', 'PUT', `${SM}/${created.id}`, { title: 'Nieuw', text: 'Tekst', state: 'b' });
    expect(put.body).toMatchObject({ title: 'Nieuw', text: 'Tekst', state: 'b', active: false });
    expect((await call('coordinator', 'PUT', `${SM}/${created.id}`, { title: 'Zonder tekst' })).body).toEqual({ text: ['Dit veld is vereist.'], state: ['Dit veld is vereist.'] });

    expect((await call('coordinator', 'POST', `${SM}/`, { title: 'x', text: 'y', state: 'onbekend' })).body).toEqual({ state: ['"onbekend" is een ongeldige keuze.'] });
    expect((await call('coordinator', 'POST', `${SM}/`, { title: 'x', text: 'y', state: 'o', categories: [99999999] })).body).toEqual({ categories: ['Ongeldige pk "99999999" - object bestaat niet.'] });
    expect((await call('coordinator', 'POST', `${SM}/`, { title: 'x'.repeat(256), text: 'y', state: 'o' })).status).toBe(400);

    expect((await call('coordinator', 'DELETE', `${SM}/${created.id}`)).status).toBe(204);
    expect(await call('coordinator', 'GET', `${SM}/${created.id}`)).toEqual({ status: 404, body: { detail: 'No StatusMessage matches the given query.' } });
  });

  it('filters on active, category_id and state (multi), ordered per category by position', async () => {
    const cat = await category('huisafval');
    const other = await category('grofvuil');
    const a = await create({ title: 'A', text: 'tekst a', state: 'o', active: true, categories: [cat] });
    const b = await create({ title: 'B', text: 'tekst b', state: 'o', active: true, categories: [cat, other] });
    const c = await create({ title: 'C', text: 'tekst c', state: 'b', active: false, categories: [cat] });
    const ids = async (query: string) => (await call('lezer', 'GET', `${SM}/?${query}`)).body.results.map((m: any) => m.id);

    // Newly linked messages are at position 0: newest first among equals.
    expect(await ids(`category_id=${cat}`)).toEqual([c.id, b.id, a.id]);
    const order = await call('coordinator', 'POST', `${SM}/category/${cat}`, [
      { status_message: a.id, position: 0 },
      { status_message: c.id, position: 1 },
      { status_message: b.id, position: 2 },
    ]);
    expect(order).toEqual({ status: 201, body: [{ status_message: a.id, position: 0 }, { status_message: c.id, position: 1 }, { status_message: b.id, position: 2 }] });
    expect(await ids(`category_id=${cat}`)).toEqual([a.id, c.id, b.id]);
    expect(await ids(`category_id=${cat}&ordering=-position`)).toEqual([b.id, c.id, a.id]);
    expect(await ids(`category_id=${cat}&state=o`)).toEqual([a.id, b.id]);
    expect(await ids(`category_id=${cat}&state=o&state=b&active=false`)).toEqual([c.id]);
    expect(await ids(`category_id=${other}`)).toEqual([b.id]);

    expect((await call('lezer', 'GET', `${SM}/?state=zz`)).body).toEqual({ state: ['Selecteer een geldige keuze. zz is geen beschikbare keuze.'] });
    expect((await call('lezer', 'GET', `${SM}/?category_id=99999`)).body).toEqual({ category_id: ['Selecteer een geldige keuze. 99999 is geen beschikbare keuze.'] });
    expect((await call('lezer', 'GET', `${SM}/?page_size=1`)).body._links.next.href).toContain('page=2');
  });

  it('positions: duplicates in one request, unknown messages and the category permission are refused, nothing changes', async () => {
    const cat = await category('grofvuil');
    const a = await create({ title: 'P1', text: 'x', state: 'i', categories: [cat] });
    const b = await create({ title: 'P2', text: 'y', state: 'i', categories: [cat] });
    expect(await call('coordinator', 'POST', `${SM}/category/${cat}`, [{ status_message: a.id, position: 1 }, { status_message: b.id, position: 1 }])).toEqual({
      status: 400,
      body: { position: ['Duplicate positions in request.'] },
    });
    expect((await call('coordinator', 'POST', `${SM}/category/${cat}`, [{ status_message: a.id, position: 1 }, { status_message: a.id, position: 2 }])).body).toEqual({ status_message: ['Duplicate status messages in request.'] });
    expect((await call('coordinator', 'POST', `${SM}/category/${cat}`, { status_message: 99999999, position: 1 })).body).toEqual({ status_message: ['Status message with id 99999999 does not exist.'] });
    expect((await call('behandelaar', 'POST', `${SM}/category/${cat}`, { status_message: a.id, position: 1 })).status).toBe(403);
    const single = await call('coordinator', 'POST', `${SM}/category/${cat}`, { status_message: b.id, position: 5 });
    expect(single).toEqual({ status: 201, body: { status_message: b.id, position: 5 } });
    const positions = await t().app.db.selectFrom('status_message_category').select(['status_message_id', 'position']).where('category_id', '=', cat).where('status_message_id', 'in', [a.id, b.id]).orderBy('status_message_id').execute();
    expect(positions).toEqual([{ status_message_id: a.id, position: 0 }, { status_message_id: b.id, position: 5 }]);
  });

  it('search: Dutch full text on title and text with prefixes, highlights, facets, state and active filters', async () => {
    await create({ title: 'Container geleegd', text: 'De containers in uw straat zijn geleegd.', state: 'o', active: true });
    await create({ title: 'Boom gesnoeid', text: 'De boom voor uw woning is gesnoeid.', state: 'o', active: true });
    await create({ title: 'Inactief', text: 'Deze container-tekst wordt niet meer gebruikt.', state: 'b', active: false });
    const search = async (query: string) => (await call('lezer', 'GET', `${SM}/search?${query}`)).body;

    const hits = await search('q=contain');
    expect(hits.results.map((r: any) => r.title).sort()).toEqual(['Container geleegd', 'Inactief']);
    expect(hits.count).toBe(2);
    const best = hits.results.find((r: any) => r.title === 'Container geleegd');
    expect(best.highlight.title[0]).toBe('<em>Container</em> geleegd');
    expect(best.highlight.text[0]).toContain('<em>containers</em>');
    expect(hits.facets.state).toEqual([{ term: 'b', count: 1, active: false }, { term: 'o', count: 1, active: false }]);
    expect(hits.facets.active).toEqual([{ term: true, count: 1, active: false }, { term: false, count: 1, active: false }]);

    const active = await search('q=contain&active=true&state=o');
    expect(active.results.map((r: any) => r.title)).toEqual(['Container geleegd']);
    expect(active.facets.state.find((f: any) => f.term === 'o').active).toBe(true);
    // Two words must both match (stemmed: 'gesnoeide' finds 'gesnoeid').
    expect((await search('q=boom%20gesnoeid')).results.map((r: any) => r.title)).toEqual(['Boom gesnoeid']);
    expect((await search('q=boom%20container')).count).toBe(0);
    // No words: everything, without highlights.
    const all = await search('q=');
    expect(all.count).toBeGreaterThanOrEqual(3);
    expect(all.results[0].highlight).toBeUndefined();
    expect((await search("q=' %26 | ! :*")).count).toBe(all.count);
    expect((await search('q=x&state=zz')).state).toEqual(['Selecteer een geldige keuze. zz is geen beschikbare keuze.']);
    expect((await call('lezer', 'GET', `${SM}/search?q=contain&page=9`)).status).toBe(404);
  });

  it('status-message-templates: GET grouped per state, POST replaces the states it sends, both spellings, sub and main categories', async () => {
    const url = `${P}/terms/categories/afval/sub_categories/grofvuil/status-message-templates`;
    expect(await call('lezer', 'GET', url)).toEqual({ status: 200, body: [] });
    const saved = await call('coordinator', 'POST', url, [
      { state: 'o', templates: [{ title: 'Opgehaald', text: 'Het is opgehaald.' }, { title: 'Niet gevonden', text: 'We vonden niets.', is_active: false }] },
      { state: 'b', templates: [{ title: 'Onderweg', text: 'We komen eraan.' }] },
    ]);
    expect(saved).toEqual({
      status: 200,
      body: [
        { state: 'b', templates: [{ title: 'Onderweg', text: 'We komen eraan.', is_active: true }] },
        { state: 'o', templates: [{ title: 'Opgehaald', text: 'Het is opgehaald.', is_active: true }, { title: 'Niet gevonden', text: 'We vonden niets.', is_active: false }] },
      ],
    });
    // Replacing 'o' leaves 'b' alone; an empty list clears a state.
    await call('coordinator', 'POST', url.replace('status-message-templates', 'status_message_templates'), [{ state: 'o', templates: [] }]);
    expect((await call('lezer', 'GET', url)).body).toEqual([{ state: 'b', templates: [{ title: 'Onderweg', text: 'We komen eraan.', is_active: true }] }]);

    const main = `${P}/terms/categories/afval/status-message-templates`;
    await call('coordinator', 'POST', main, [{ state: 'm', templates: [{ title: 'Ontvangen', text: 'Dank u.' }] }]);
    expect((await call('lezer', 'GET', main)).body).toEqual([{ state: 'm', templates: [{ title: 'Ontvangen', text: 'Dank u.', is_active: true }] }]);

    // Only the first 14 states; a template needs title and text; writes need sia_statusmessagetemplate_write.
    expect((await call('coordinator', 'POST', url, [{ state: 'sent', templates: [] }])).status).toBe(400);
    expect((await call('coordinator', 'POST', url, [{ state: 'o', templates: [{ title: 'Zonder tekst' }] }])).status).toBe(400);
    expect((await call('behandelaar', 'POST', url, [{ state: 'o', templates: [] }])).status).toBe(403);
    expect((await call('lezer', 'GET', `${P}/terms/categories/afval/sub_categories/bestaat-niet/status-message-templates`)).body).toEqual({ detail: 'No Category matches the given query.' });
  });
});
