/**
 * The private endpoints of docs/staff-auth.md in the contract's shapes (docs/reference/api.md#private, docs/reference/api.md#staff-create): me, roles
 * with their writes, permissions, departments, sources, categories and the staff
 * create call, on PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken } from './private-support.ts';
import { SUB_URL, validReport } from './support.ts';

const P = '/signals/v1/private';

describe.each(DATABASE_TARGETS)('private API (%s)', (target) => {
  const t = useTestApp(target);
  const as = async (account: keyof typeof ACCOUNTS) => bearer(await mintToken(t().app, ACCOUNTS[account].email));
  const call = async (account: keyof typeof ACCOUNTS, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) => {
    const res = await t().app.inject({ method, url, headers: { ...(await as(account))}, payload: payload as object });
    return { status: res.statusCode, body: res.statusCode === 204 ? null : (res.json() as any), headers: res.headers };
  };

  it('GET /me/: roles with their permissions, direct permissions apart, department names', async () => {
    const { status, body } = await call('coordinator', 'GET', `${P}/me/`);
    expect(status).toBe(200);
    expect(body._links.self.href).toBe(`http://localhost:8080${P}/users/${body.id}`);
    expect(body._links.curies).toEqual({ name: 'sia', href: 'http://localhost:8080/signals/v1/relations' });
    expect(body).toMatchObject({ _display: ACCOUNTS.coordinator.email, username: ACCOUNTS.coordinator.email, email: ACCOUNTS.coordinator.email, first_name: 'Cor', is_active: true, is_superuser: false, permissions: [] });
    expect(body.roles).toHaveLength(1);
    expect(body.roles[0].name).toBe('Coördinator');
    const read = body.roles[0].permissions.find((p: any) => p.codename === 'sia_read');
    expect(read).toEqual({ _links: { self: { href: `http://localhost:8080${P}/permissions/${read.id}` } }, _display: 'signals | melding | Leesrechten algemeen', id: read.id, name: 'Leesrechten algemeen', codename: 'sia_read' });
    expect(body.profile).toMatchObject({ note: null, departments: ['Actie Service Centrum'], notification_on_user_assignment: false });
    expect(body.profile.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+0[12]:00$/);
  });

  it('GET /permissions/: only sia_ codenames and push_to_sigmax, HAL-paginated', async () => {
    const { status, body } = await call('lezer', 'GET', `${P}/permissions/?page_size=5`);
    expect(status).toBe(200);
    // docs/reference/permissions.md#permissions-and-scoping's 31, sia_privacy_officer and sia_reporter_rights (docs/privacy.md), sia_routing_write (docs/routing.md) and sia_questionset_write (docs/studio-api.md)
    expect(body.count).toBe(35);
    expect(body.results).toHaveLength(5);
    expect(body._links.next.href).toBe(`http://localhost:8080${P}/permissions/?page_size=5&page=2`);
    const all = (await call('lezer', 'GET', `${P}/permissions/`)).body.results.map((p: any) => p.codename);
    expect(all).toContain('push_to_sigmax');
    expect(all.every((c: string) => c.startsWith('sia_') || c === 'push_to_sigmax')).toBe(true);
    expect(all).not.toContain('view_group');
    expect((await call('lezer', 'GET', `${P}/permissions/?page=9`)).status).toBe(404);
  });

  it('roles: list ordered by name, create, rename, change permissions, delete; each write needs its Django permission', async () => {
    const list = await call('lezer', 'GET', `${P}/roles/`);
    expect(list.body.results.map((r: any) => r.name)).toEqual(['Alleen lezen', 'Behandelaar', 'Beheerder', 'Coördinator']);
    const permissions = (await call('lezer', 'GET', `${P}/permissions/`)).body.results;
    const id = (codename: string) => permissions.find((p: any) => p.codename === codename).id;

    expect((await call('coordinator', 'POST', `${P}/roles/`, { name: 'Wijkteam', permission_ids: [] })).status).toBe(403);
    const created = await call('beheerder', 'POST', `${P}/roles/`, { name: 'Wijkteam', permission_ids: [id('sia_read'), id('sia_write')] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ _display: 'Wijkteam', name: 'Wijkteam' });
    expect(created.body.permissions.map((p: any) => p.codename)).toEqual(['sia_read', 'sia_write']);

    expect((await call('beheerder', 'POST', `${P}/roles/`, { name: 'wijkteam' })).body).toEqual({ name: ['Groep met deze Naam bestaat al.'] });
    expect((await call('beheerder', 'POST', `${P}/roles/`, { permission_ids: [] })).body).toEqual({ name: ['Dit veld is vereist.'] });
    expect((await call('beheerder', 'POST', `${P}/roles/`, { name: 'X', permission_ids: [999999] })).body).toEqual({ permission_ids: ['Ongeldige pk "999999" - object bestaat niet.'] });
    // Bad input is a 400, never a database error.
    for (const body of [{ name: 'X', permission_ids: [99999999999] }, { name: 'X', permission_ids: ['a'] }, { name: 12 }, { name: ' ' }, { name: 'x'.repeat(151) }, []]) {
      expect((await call('beheerder', 'POST', `${P}/roles/`, body)).status).toBe(400);
    }
    expect((await call('beheerder', 'PATCH', `${P}/roles/99999999999`, { name: 'X' })).status).toBe(404);

    const patched = await call('beheerder', 'PATCH', `${P}/roles/${created.body.id}`, { name: 'Wijkteam Noord', permission_ids: [id('sia_read')] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Wijkteam Noord', permissions: [{ codename: 'sia_read' }] });
    expect((await call('lezer', 'GET', `${P}/roles/${created.body.id}`)).body.name).toBe('Wijkteam Noord');

    expect((await call('coordinator', 'DELETE', `${P}/roles/${created.body.id}`)).status).toBe(403);
    expect((await call('beheerder', 'DELETE', `${P}/roles/${created.body.id}`)).status).toBe(204);
    expect((await call('lezer', 'GET', `${P}/roles/${created.body.id}`))).toMatchObject({ status: 404, body: { detail: 'No Group matches the given query.' } });
    expect((await call('lezer', 'GET', `${P}/roles/abc`)).status).toBe(404);
  });

  it('a role change reaches its users at once (permissions are the union of roles and direct ones)', async () => {
    const roles = (await call('admin', 'GET', `${P}/roles/`)).body.results;
    const readOnly = roles.find((r: any) => r.name === 'Alleen lezen');
    expect((await call('lezer', 'GET', `${P}/departments/`)).status).toBe(200);
    await call('admin', 'PATCH', `${P}/roles/${readOnly.id}`, { permission_ids: [] });
    expect((await call('lezer', 'GET', `${P}/departments/`)).status).toBe(403);
    // Sources need no permission at all, only a signed-in user.
    expect((await call('lezer', 'GET', `${P}/sources/`)).status).toBe(200);
    await call('admin', 'PATCH', `${P}/roles/${readOnly.id}`, { permission_ids: readOnly.permissions.map((p: any) => p.id) });
    expect((await call('lezer', 'GET', `${P}/departments/`)).status).toBe(200);
  });

  it('GET /departments/: list items with category_names, can_direct filter, detail with categories', async () => {
    const all = (await call('lezer', 'GET', `${P}/departments/`)).body;
    expect(all.count).toBe(13); // the tree's 12 and the demo routing's Openbare Verlichting Noord (routing/seed.ts)
    const asc = all.results.find((d: any) => d.code === 'ASC');
    expect(asc).toMatchObject({ _display: 'ASC (Actie Service Centrum)', name: 'Actie Service Centrum', is_intern: true, can_direct: false });
    expect(asc._links.self.href).toBe(`http://localhost:8080${P}/departments/${asc.id}`);
    expect(asc.category_names.length).toBeGreaterThan(0);
    expect(asc.category_names).toContain('Grofvuil');

    await t().app.db.updateTable('department').set({ can_direct: true }).where('code', '=', 'AEG').execute();
    expect((await call('lezer', 'GET', `${P}/departments/?can_direct=true`)).body.results.map((d: any) => d.code)).toEqual(['AEG']);
    expect((await call('lezer', 'GET', `${P}/departments/?can_direct=false`)).body.count).toBe(12);
    expect((await call('lezer', 'GET', `${P}/departments/?can_direct=misschien`)).status).toBe(400);

    const detail = (await call('lezer', 'GET', `${P}/departments/${asc.id}`)).body;
    expect(detail.category_names).toBeUndefined();
    expect(detail.categories[0]).toMatchObject({ category: { name: expect.any(String) }, is_responsible: expect.any(Boolean), can_view: true });
  });

  it('GET /sources/?is_active=true: id, name, description, is_active, can_be_selected', async () => {
    const { body } = await call('lezer', 'GET', `${P}/sources/?is_active=true`);
    expect(body.results[0]).toEqual({ id: expect.any(Number), name: 'online', description: 'Meldingen via het webformulier', is_active: true, can_be_selected: false });
    expect(body.results.filter((s: any) => s.can_be_selected).map((s: any) => s.name)).toContain('Telefoon – ASC');
    expect((await call('lezer', 'GET', `${P}/sources/?can_be_selected=true`)).body.results.every((s: any) => s.can_be_selected)).toBe(true);
  });

  it('GET /categories/?page_size=1000: every main and sub category with links, sla and departments', async () => {
    const { body } = await call('lezer', 'GET', `${P}/categories/?page_size=1000`);
    const total = await t().app.db.selectFrom('category').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(body.count).toBe(Number(total.n));
    expect(body._links.next.href).toBeNull();
    const grofvuil = body.results.find((c: any) => c.slug === 'grofvuil');
    expect(grofvuil._display).toBe('Grofvuil (Afval)');
    expect(grofvuil._links.self.public).toBe(`http://localhost:8080${SUB_URL}`);
    expect(grofvuil._links['sia:parent'].public).toBe('http://localhost:8080/signals/v1/public/terms/categories/afval');
    expect(grofvuil.sla).toEqual({ n_days: expect.any(Number), use_calendar_days: expect.any(Boolean) });
    expect(grofvuil.departments[0]).toEqual({ id: expect.any(Number), code: expect.any(String), name: expect.any(String), is_intern: expect.any(Boolean), is_responsible: expect.any(Boolean), can_view: true });
    const main = body.results.find((c: any) => c.slug === 'afval');
    expect(main._links['sia:parent']).toBeUndefined();
    expect((await call('lezer', 'GET', `${P}/categories/${grofvuil.id}`)).body.slug).toBe('grofvuil');
    expect((await call('lezer', 'GET', `${P}/categories/?page_size=10`)).body.results).toHaveLength(10);
  });

  describe('POST /signals/ (staff create, docs/reference/api.md#staff-create)', () => {
    const staffReport = (overrides: Record<string, unknown> = {}) =>
      validReport({ source: 'Telefoon – ASC', priority: { priority: 'high' }, type: { code: 'REQ' }, ...overrides });

    it('creates the report with source, priority and type and answers with the private list representation', async () => {
      const { status, body } = await call('behandelaar', 'POST', `${P}/signals/`, staffReport({ onbekend: 'wordt genegeerd' }));
      expect(status).toBe(201);
      expect(body).toMatchObject({
        _links: { self: { href: `http://localhost:8080${P}/signals/${body.id}` } },
        id_display: `SIG-${body.id}`,
        source: 'Telefoon – ASC',
        status: { state: 'm', state_display: 'Gemeld', user: ACCOUNTS.behandelaar.email },
        priority: { priority: 'high', created_by: ACCOUNTS.behandelaar.email },
        type: { code: 'REQ', created_by: ACCOUNTS.behandelaar.email },
        category: { sub_slug: 'grofvuil', main_slug: 'afval', category_url: `http://localhost:8080${SUB_URL}` },
        reporter: { email: 'melder@example.com', phone: '0612345678', sharing_allowed: false },
        location: { geometrie: { type: 'Point', coordinates: [4.8936, 52.3731] }, address_text: 'Dam 1 1012JS Amsterdam' },
        notes: [],
        has_parent: false,
      });
      expect(typeof body.category.departments).toBe('string');
      expect(body._display).toMatch(new RegExp(`^${body.id} - m - `));
      // The public lookup finds the same report.
      expect((await t().app.inject({ method: 'GET', url: `/signals/v1/public/signals/${body.signal_id}` })).statusCode).toBe(200);
    });

    it('replays an Idempotency-Key only for the staff member who sent it', async () => {
      const send = async (account: keyof typeof ACCOUNTS) =>
        t().app.inject({ method: 'POST', url: `${P}/signals/`, headers: { ...(await as(account)), 'idempotency-key': 'telefoon-42' }, payload: staffReport() });
      const first = await send('behandelaar');
      const again = await send('behandelaar');
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().id).toBe(first.json().id);
      const colleague = await send('coordinator');
      expect(colleague.statusCode).toBe(201);
      expect(colleague.headers['idempotent-replayed']).toBeUndefined();
      expect(colleague.json().id).not.toBe(first.json().id);
    });

    it('requires source, priority and type from staff', async () => {
      const body = staffReport();
      delete body.source;
      delete body.priority;
      delete body.type;
      const res = await call('behandelaar', 'POST', `${P}/signals/`, body);
      expect(res).toMatchObject({ status: 400, body: { source: ['Dit veld is vereist.'], priority: ['Dit veld is vereist.'], type: ['Dit veld is vereist.'] } });
      expect((await call('behandelaar', 'POST', `${P}/signals/`, staffReport({ priority: { priority: 'spoed' } }))).status).toBe(400);
    });

    it('refuses a public or unknown source, and status or departments on create', async () => {
      expect((await call('behandelaar', 'POST', `${P}/signals/`, staffReport({ source: 'online' }))).body).toEqual({ source: ['Invalid source given for authenticated user'] });
      expect((await call('behandelaar', 'POST', `${P}/signals/`, staffReport({ source: 'Postduif' }))).body).toEqual({ source: ['Invalid source given, value not known'] });
      expect((await call('behandelaar', 'POST', `${P}/signals/`, staffReport({ status: { state: 'o' } }))).body).toEqual({ status: ['Status cannot be set on initial creation'] });
      expect((await call('behandelaar', 'POST', `${P}/signals/`, staffReport({ routing_departments: [] }))).status).toBe(400);
    });

    it('applies the internal-mail rule and masks contact details without sia_can_view_contact_details', async () => {
      const internal = await call('admin', 'POST', `${P}/signals/`, staffReport({ reporter: { email: 'collega@amsterdam.nl', sharing_allowed: false } }));
      expect(internal.body.source).toBe('Interne melding');
      // A user with the create permissions granted directly, without the contact-details one.
      const user = await t().app.db.insertInto('staff_user').values({ username: 'direct@meldloket.local', email: 'direct@meldloket.local', password_hash: null }).returning('id').executeTakeFirstOrThrow();
      const perms = await t().app.db.selectFrom('permission').select('id').where('codename', 'in', ['sia_write', 'sia_signal_create_initial']).execute();
      await t().app.db.insertInto('user_permission').values(perms.map((p) => ({ user_id: user.id, permission_id: p.id }))).execute();
      const token = bearer(await mintToken(t().app, 'direct@meldloket.local'));
      const res = await t().app.inject({ method: 'POST', url: `${P}/signals/`, headers: token, payload: staffReport() });
      expect(res.statusCode).toBe(201);
      expect(res.json().reporter).toMatchObject({ email: '*****', phone: '*****' });
    });
  });
});
