/**
 * The settings endpoints of docs/settings.md (docs/reference/api.md#private, docs/reference/permissions.md#roles): users, the username
 * autocomplete, department and category writes with their history. Every endpoint per
 * permission: 401 without a token, 403 without the right, 200/201 with it, 400 for bad
 * input; and the effects the spec names (responsible department → its staff see the
 * reports; a new SLA is the current one; a new handling message reaches residents).
 */
import { describe, expect, it } from 'vitest';
import { buildTestApp, DATABASE_TARGETS, useTestApp } from './helpers.ts';
import { ACCOUNTS, bearer, mintToken, signIn } from './private-support.ts';
import { postReport, validReport } from './support.ts';

const P = '/signals/v1/private';
type Account = keyof typeof ACCOUNTS | null;

describe.each(DATABASE_TARGETS)('settings API (%s)', (target) => {
  const t = useTestApp(target);
  const call = async (account: Account, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) => {
    const headers = account ? bearer(await mintToken(t().app, ACCOUNTS[account].email)) : {};
    const res = await t().app.inject({ method, url, headers, payload: payload as object });
    return { status: res.statusCode, body: res.json() as any };
  };
  const departmentByCode = async (code: string) => (await call('lezer', 'GET', `${P}/departments/`)).body.results.find((d: any) => d.code === code);
  const categories = async () => (await call('lezer', 'GET', `${P}/categories/?page_size=1000`)).body.results as any[];
  const roleId = async (name: string) => (await call('lezer', 'GET', `${P}/roles/`)).body.results.find((r: any) => r.name === name).id as number;

  it('every settings route: 401 without a token, 403 without the right (before the body is read)', async () => {
    const routes: Array<[method: 'GET' | 'POST' | 'PATCH', url: string, forbidden: keyof typeof ACCOUNTS | null]> = [
      ['GET', `${P}/users/`, 'lezer'],
      ['POST', `${P}/users/`, 'lezer'],
      ['GET', `${P}/users/1`, 'coordinator'],
      ['PATCH', `${P}/users/1`, 'coordinator'],
      ['GET', `${P}/users/1/history`, 'coordinator'],
      ['GET', `${P}/autocomplete/usernames/?username=a`, null],
      ['POST', `${P}/departments/`, 'coordinator'],
      ['PATCH', `${P}/departments/1`, 'coordinator'],
      ['GET', `${P}/departments/1/history`, null],
      ['PATCH', `${P}/categories/1`, 'coordinator'],
      ['GET', `${P}/categories/1/history`, null],
    ];
    for (const [method, url, forbidden] of routes) {
      const malformed = method === 'GET' ? undefined : { name: 42 };
      expect([method, url, (await call(null, method, url, malformed)).status]).toEqual([method, url, 401]);
      if (forbidden) expect([method, url, (await call(forbidden, method, url, malformed)).status]).toEqual([method, url, 403]);
      else expect([method, url, (await call('lezer', method, url)).status]).toEqual([method, url, 200]);
    }
  });

  it('the role form lists the settings permissions too (?all=true), so a role can open a settings area', async () => {
    const plain = (await call('lezer', 'GET', `${P}/permissions/?page_size=1000`)).body.results.map((p: any) => p.codename);
    expect(plain).not.toContain('change_category');
    const all = (await call('lezer', 'GET', `${P}/permissions/?all=true&page_size=1000`)).body.results;
    const codenames = all.map((p: any) => p.codename);
    expect(codenames).toEqual(expect.arrayContaining(['sia_read', 'view_group', 'add_user', 'change_department', 'change_category']));
    expect(codenames).not.toContain('perform_sigmax_updates');
    const changeCategory = all.find((p: any) => p.codename === 'change_category');
    expect(changeCategory._display).toBe('signals | categorie | Kan categorie wijzigen');
    expect((await call('lezer', 'GET', `${P}/permissions/${changeCategory.id}`)).body.codename).toBe('change_category');
    const role = await call('beheerder', 'POST', `${P}/roles/`, { name: 'Categoriebeheer', permission_ids: [changeCategory.id] });
    expect(role.body.permissions.map((p: any) => p.codename)).toEqual(['change_category']);
  });

  describe('users', () => {
    it('refuses without a token (401) and without a users right (403); the list needs sia_read and one of view/add/change_user', async () => {
      expect((await call(null, 'GET', `${P}/users/`)).status).toBe(401);
      expect((await call(null, 'POST', `${P}/users/`, { username: 'x@gemeente.nl' })).status).toBe(401);
      expect((await call('lezer', 'GET', `${P}/users/`)).status).toBe(403);
      expect((await call('coordinator', 'GET', `${P}/users/`)).status).toBe(403);
      expect((await call('coordinator', 'POST', `${P}/users/`, { username: 'x@gemeente.nl' })).status).toBe(403);
      expect((await call('lezer', 'PATCH', `${P}/users/1`, { first_name: 'X' })).status).toBe(403);
      expect((await call('lezer', 'GET', `${P}/users/1/history`)).status).toBe(403);
      expect((await call('beheerder', 'GET', `${P}/users/`)).status).toBe(200);
      expect((await call('admin', 'GET', `${P}/users/`)).status).toBe(200);
    });

    it('lists paged by username, searches name or e-mail, filters active, role and department', async () => {
      const all = (await call('beheerder', 'GET', `${P}/users/`)).body;
      expect(all.count).toBe(6);
      expect(all.results.map((u: any) => u.username)).toEqual([...all.results.map((u: any) => u.username)].sort());
      const page = (await call('beheerder', 'GET', `${P}/users/?page_size=2&page=2`)).body;
      expect(page.results).toHaveLength(2);
      expect(page._links.next.href).toContain('page=3');
      expect((await call('beheerder', 'GET', `${P}/users/?search=lies`)).body.results.map((u: any) => u.username)).toEqual(['lezer@meldloket.local']);
      expect((await call('beheerder', 'GET', `${P}/users/?search=BEHANDELAAR@`)).body.results.map((u: any) => u.username)).toEqual(['behandelaar@meldloket.local']);
      expect((await call('beheerder', 'GET', `${P}/users/?search=%25`)).body.count).toBe(0);
      expect((await call('beheerder', 'GET', `${P}/users/?is_active=false`)).body.results.map((u: any) => u.username)).toEqual(['inactief@meldloket.local']);
      const handlers = (await call('beheerder', 'GET', `${P}/users/?role=Behandelaar`)).body.results.map((u: any) => u.username);
      expect(handlers).toEqual(['behandelaar@meldloket.local', 'inactief@meldloket.local']);
      const asc = (await call('beheerder', 'GET', `${P}/users/?profile_department_code=ASC&is_active=true`)).body.results.map((u: any) => u.username);
      expect(asc).toEqual(['behandelaar@meldloket.local', 'coordinator@meldloket.local']);
      expect((await call('beheerder', 'GET', `${P}/users/?is_active=soms`)).status).toBe(400);
      expect((await call('beheerder', 'GET', `${P}/users/?page=99`)).status).toBe(404);
    });

    it('creates a user with roles and departments, changes name, active, roles, departments and note, and keeps a history', async () => {
      const grn = await departmentByCode('GRN');
      const reader = await roleId('Alleen lezen');
      expect((await call('behandelaar', 'POST', `${P}/users/`, { username: 'nieuw@gemeente.nl' })).status).toBe(403);
      const created = await call('beheerder', 'POST', `${P}/users/`, {
        username: 'nieuw@gemeente.nl',
        first_name: 'Nina',
        last_name: 'Nieuw',
        role_ids: [reader],
        profile: { department_ids: [grn.id], note: 'Start in januari' },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ username: 'nieuw@gemeente.nl', email: 'nieuw@gemeente.nl', is_active: true, first_name: 'Nina', roles: [{ name: 'Alleen lezen' }] });
      expect(created.body.profile).toMatchObject({ departments: ['Groen en Water'], department_ids: [grn.id], note: 'Start in januari' });
      const id = created.body.id;

      expect((await call('beheerder', 'POST', `${P}/users/`, { username: 'NIEUW@gemeente.nl' })).body).toEqual({ username: ['Een gebruiker met die gebruikersnaam bestaat al.'] });
      expect((await call('beheerder', 'POST', `${P}/users/`, { username: 'geen-adres' })).body).toEqual({ username: ['Voer een geldig e-mailadres in.'] });
      expect((await call('beheerder', 'POST', `${P}/users/`, { first_name: 'X' })).body).toEqual({ username: ['Dit veld is vereist.'] });
      expect((await call('beheerder', 'POST', `${P}/users/`, { username: 'y@gemeente.nl', role_ids: [999999] })).body).toEqual({ role_ids: ['Ongeldige pk "999999" - object bestaat niet.'] });
      expect((await call('beheerder', 'PATCH', `${P}/users/${id}`, { is_active: 'nee' })).status).toBe(400);
      expect((await call('beheerder', 'PATCH', `${P}/users/999999`, { first_name: 'X' })).status).toBe(404);

      expect((await call('coordinator', 'PATCH', `${P}/users/${id}`, { first_name: 'X' })).status).toBe(403);
      const handler = await roleId('Behandelaar');
      const patched = await call('beheerder', 'PATCH', `${P}/users/${id}`, { last_name: 'Nieuwenhuis', is_active: false, role_ids: [handler], profile: { department_ids: [], note: null } });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ last_name: 'Nieuwenhuis', first_name: 'Nina', is_active: false, roles: [{ name: 'Behandelaar' }] });
      expect(patched.body.profile).toMatchObject({ departments: [], note: null });
      expect((await call('beheerder', 'GET', `${P}/users/${id}`)).body.roles[0].name).toBe('Behandelaar');

      const history = (await call('beheerder', 'GET', `${P}/users/${id}/history`)).body;
      expect(history).toHaveLength(2);
      expect(history[0]).toMatchObject({ what: 'UPDATED_USER', who: ACCOUNTS.beheerder.email });
      expect(history[0].action.split('\n')).toEqual([
        'Achternaam gewijzigd: Nieuw → Nieuwenhuis',
        'Actief gewijzigd: ja → nee',
        'Rollen gewijzigd: Alleen lezen → Behandelaar',
        'Afdelingen gewijzigd: Groen en Water → (geen)',
        'Notitie gewijzigd: Start in januari → (leeg)',
      ]);
      expect(history[1]).toMatchObject({ what: 'CREATED_USER', action: 'Gebruiker aangemaakt: nieuw@gemeente.nl\nRollen: Alleen lezen\nAfdelingen: Groen en Water' });
      expect(history[1].when).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it('an administrator cannot switch off their own account', async () => {
      const me = (await call('beheerder', 'GET', `${P}/me/`)).body;
      expect((await call('beheerder', 'PATCH', `${P}/users/${me.id}`, { is_active: false })).body).toEqual({ is_active: ['Je kunt je eigen account niet op inactief zetten.'] });
    });

    it('sets an initial password for the embedded development provider, with which the new user signs in', async () => {
      const created = await call('beheerder', 'POST', `${P}/users/`, { username: 'wachtwoord@gemeente.nl', role_ids: [await roleId('Alleen lezen')], password: 'een-goed-wachtwoord' });
      expect(created.status).toBe(201);
      const tokens = await signIn(t().app, 'wachtwoord@gemeente.nl', 'een-goed-wachtwoord');
      const me = await t().app.inject({ method: 'GET', url: `${P}/me/`, headers: bearer(tokens.access_token) });
      expect(me.json()).toMatchObject({ username: 'wachtwoord@gemeente.nl', roles: [{ name: 'Alleen lezen' }] });
      expect((await call('beheerder', 'POST', `${P}/users/`, { username: 'kort@gemeente.nl', password: 'kort' })).status).toBe(400);
    });

    it('autocompletes active usernames for any reader', async () => {
      expect((await call(null, 'GET', `${P}/autocomplete/usernames/?username=be`)).status).toBe(401);
      const { status, body } = await call('lezer', 'GET', `${P}/autocomplete/usernames/?username=BE`);
      expect(status).toBe(200);
      expect(body.results).toEqual([{ username: 'behandelaar@meldloket.local' }, { username: 'beheerder@meldloket.local' }]);
      expect((await call('lezer', 'GET', `${P}/autocomplete/usernames/?username=inactief`)).body.results).toEqual([]);
    });
  });

  describe('departments', () => {
    it('creates and changes a department with its category links; responsible forces may-view; only active categories', async () => {
      const usable = (await categories()).filter((c) => c.sla && c.is_active && c.slug !== 'grofvuil');
      const [active, other] = usable;
      const body = { code: 'TST', name: 'Testafdeling', is_intern: false, categories: [{ category_id: active.id, is_responsible: true, can_view: false }, { category_id: other.id, can_view: true }] };
      expect((await call(null, 'POST', `${P}/departments/`, body)).status).toBe(401);
      expect((await call('coordinator', 'POST', `${P}/departments/`, body)).status).toBe(403);
      const created = await call('beheerder', 'POST', `${P}/departments/`, body);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ code: 'TST', name: 'Testafdeling', is_intern: false, _display: 'TST (Testafdeling)' });
      const links = Object.fromEntries(created.body.categories.map((c: any) => [c.category.id, c]));
      expect(links[active.id]).toMatchObject({ is_responsible: true, can_view: true });
      expect(links[other.id]).toMatchObject({ is_responsible: false, can_view: true });
      expect((await departmentByCode('TST')).category_names.sort()).toEqual([active.name, other.name].sort());

      expect((await call('beheerder', 'POST', `${P}/departments/`, { code: 'tst', name: 'Dubbel' })).body).toEqual({ code: ['Afdeling met deze Code bestaat al.'] });
      expect((await call('beheerder', 'POST', `${P}/departments/`, { code: 'NW' })).body).toEqual({ name: ['Dit veld is vereist.'] });
      expect((await call('beheerder', 'POST', `${P}/departments/`, { code: 'NW', name: 'N', categories: [{ category_id: 999999 }] })).body).toEqual({ categories: ['Ongeldige pk "999999" - object bestaat niet.'] });

      const id = created.body.id;
      expect((await call('coordinator', 'PATCH', `${P}/departments/${id}`, { name: 'X' })).status).toBe(403);
      const patched = await call('beheerder', 'PATCH', `${P}/departments/${id}`, { name: 'Testafdeling Noord', categories: [{ category_id: other.id, is_responsible: true }] });
      expect(patched.status).toBe(200);
      expect(patched.body.name).toBe('Testafdeling Noord');
      expect(patched.body.categories).toEqual([expect.objectContaining({ id: other.id, is_responsible: true, can_view: true })]);
      expect((await call('beheerder', 'PATCH', `${P}/departments/999999`, { name: 'X' })).status).toBe(404);

      // An inactive category cannot be linked.
      const inactive = usable[2];
      expect((await call('beheerder', 'PATCH', `${P}/categories/${inactive.id}`, { is_active: false })).status).toBe(200);
      const refused = await call('beheerder', 'PATCH', `${P}/departments/${id}`, { categories: [{ category_id: inactive.id, can_view: true }] });
      expect(refused.status).toBe(400);
      expect(refused.body.categories[0]).toContain('niet actief');
      await call('beheerder', 'PATCH', `${P}/categories/${inactive.id}`, { is_active: true });

      const history = (await call('lezer', 'GET', `${P}/departments/${id}/history`)).body;
      expect(history.map((h: any) => h.what)).toEqual(['UPDATED_DEPARTMENT', 'CREATED_DEPARTMENT']);
      expect(history[0].action).toContain('Naam gewijzigd: Testafdeling → Testafdeling Noord');
      expect(history[0].action).toContain(`Verantwoordelijk voor gewijzigd: ${other.name}`);
    });

    it('a department made responsible for a category lets its staff see that category\'s reports', async () => {
      const list = async () => (await call('lezer', 'GET', `${P}/signals/?page_size=100`)).body.results.map((s: any) => s.id);
      const grn = await departmentByCode('GRN');
      const all = await categories();
      const grnCategories = new Set(all.filter((c) => c.departments.some((d: any) => d.code === 'GRN')).map((c) => c.id));
      const grofvuil = all.find((c) => c.slug === 'grofvuil')!;
      expect(grnCategories.has(grofvuil.id)).toBe(false);
      const report = await postReport(t().app, validReport());
      expect(report.status).toBe(201);
      const id = report.body.id ?? Number(String(report.body.signal_id ?? '').replace(/\D/g, ''));
      expect(await list()).not.toContain(id);
      const detail = (await call('beheerder', 'GET', `${P}/departments/${grn.id}`)).body;
      const keep = detail.categories.map((c: any) => ({ category_id: c.id, is_responsible: c.is_responsible, can_view: c.can_view }));
      expect((await call('beheerder', 'PATCH', `${P}/departments/${grn.id}`, { categories: [...keep, { category_id: grofvuil.id, is_responsible: true }] })).status).toBe(200);
      expect(await list()).toContain(id);
    });
  });

  describe('categories', () => {
    it('PATCH needs sia_write, sia_category_write and change_category; changes every field, a new SLA becomes the current one; history shows each change with its note', async () => {
      const grofvuil = (await categories()).find((c) => c.slug === 'grofvuil')!;
      const url = `${P}/categories/${grofvuil.id}`;
      expect((await call(null, 'PATCH', url, { name: 'X' })).status).toBe(401);
      expect((await call('coordinator', 'PATCH', url, { name: 'X' })).status).toBe(403);
      expect((await call('lezer', 'PATCH', url, { name: 'X' })).status).toBe(403);
      expect((await call('beheerder', 'PATCH', url, { new_sla: { n_days: 0, use_calendar_days: true } })).status).toBe(400);
      expect((await call('beheerder', 'PATCH', url, { new_sla: { n_days: 2 } })).status).toBe(400);
      expect((await call('beheerder', 'PATCH', url, { name: '  ' })).status).toBe(400);
      expect((await call('beheerder', 'PATCH', `${P}/categories/999999`, { name: 'X' })).status).toBe(404);

      const patched = await call('beheerder', 'PATCH', url, {
        name: 'Grof afval',
        public_name: 'Grof afval op straat',
        description: 'Meubels en matrassen',
        handling_message: 'Wij halen het binnen een week op.',
        new_sla: { n_days: 1, use_calendar_days: true },
        is_public_accessible: !grofvuil.is_public_accessible,
        note: 'Afspraak met de wijk',
      });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({
        name: 'Grof afval',
        public_name: 'Grof afval op straat',
        description: 'Meubels en matrassen',
        handling_message: 'Wij halen het binnen een week op.',
        sla: { n_days: 1, use_calendar_days: true },
        is_public_accessible: !grofvuil.is_public_accessible,
        slug: 'grofvuil',
      });
      // The category row holds the current SLA (the overview's punctuality reads it) and a record is kept.
      const row = await t().app.db.selectFrom('category').select(['sla_n_days', 'sla_use_calendar_days']).where('id', '=', grofvuil.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ sla_n_days: 1, sla_use_calendar_days: true });
      expect(await t().app.db.selectFrom('category_sla').select(['n_days', 'use_calendar_days', 'created_by']).where('category_id', '=', grofvuil.id).execute()).toEqual([
        { n_days: 1, use_calendar_days: true, created_by: ACCOUNTS.beheerder.email },
      ]);

      // Residents get the new handling message and name at once.
      const pub = await t().app.inject({ method: 'GET', url: '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil' });
      expect(pub.json()).toMatchObject({ name: 'Grof afval', handling_message: 'Wij halen het binnen een week op.' });

      expect((await call(null, 'GET', `${url}/history`)).status).toBe(401);
      const history = (await call('lezer', 'GET', `${url}/history`)).body;
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ what: 'UPDATED_CATEGORY', description: 'Afspraak met de wijk', who: ACCOUNTS.beheerder.email });
      expect(history[0].action.split('\n')).toEqual([
        `Naam gewijzigd: ${grofvuil.name} → Grof afval`,
        `Naam voor melders gewijzigd: (leeg) → Grof afval op straat`,
        `Omschrijving gewijzigd: ${grofvuil.description ?? '(leeg)'} → Meubels en matrassen`,
        `Servicebelofte gewijzigd: ${grofvuil.handling_message} → Wij halen het binnen een week op.`,
        `Afhandeltermijn gewijzigd: ${grofvuil.sla.n_days} ${grofvuil.sla.use_calendar_days ? 'dagen' : 'werkdagen'} → 1 dag`,
        grofvuil.is_public_accessible ? 'Openbaar tonen gewijzigd: ja → nee' : 'Openbaar tonen gewijzigd: nee → ja',
      ]);
      expect((await call('lezer', 'GET', `${P}/categories/999999/history`)).status).toBe(404);

      // A note alone is kept too; an unchanged save without a note adds nothing.
      await call('beheerder', 'PATCH', url, { name: 'Grof afval', note: 'Alleen een notitie' });
      await call('beheerder', 'PATCH', url, { name: 'Grof afval' });
      const after = (await call('lezer', 'GET', `${url}/history`)).body;
      expect(after).toHaveLength(2);
      expect(after[0]).toMatchObject({ action: 'Notitie toegevoegd', description: 'Alleen een notitie' });
    });
  });
});

describe.runIf(DATABASE_TARGETS.includes('postgres'))('settings across server processes (postgres)', () => {
  const first = useTestApp('postgres');

  it('a second process serves a changed handling message (change notice, plugins/changes.ts)', async () => {
    const second = await buildTestApp('postgres', { database: { schema: first().schema } });
    try {
      const url = '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil';
      const read = async () => (await second.app.inject({ method: 'GET', url })).json().handling_message as string;
      const before = await read();
      const token = await mintToken(first().app, ACCOUNTS.beheerder.email);
      const list = (await first().app.inject({ method: 'GET', url: `${P}/categories/?page_size=1000`, headers: bearer(token) })).json().results as any[];
      const grofvuil = list.find((c) => c.slug === 'grofvuil');
      const patched = await first().app.inject({ method: 'PATCH', url: `${P}/categories/${grofvuil.id}`, headers: bearer(token), payload: { handling_message: 'Nieuw in alle processen.' } });
      expect(patched.statusCode).toBe(200);
      expect(before).not.toBe('Nieuw in alle processen.');
      await expect.poll(read, { timeout: 5000, interval: 200 }).toBe('Nieuw in alle processen.');
    } finally {
      await second.close();
    }
  });
});
