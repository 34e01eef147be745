/**
 * The settings screens (docs/settings.md) against a stubbed API: what a staff member sees and
 * what is sent. Roles (grouped permissions, save appends, patch replaces, the four
 * notification texts), users (search and filters, the form), departments (responsible
 * forces may-view), categories (sorted list with codes, SLA day words, the live
 * preview, new_sla only when changed) and the view-only variants of docs/reference/permissions.md#roles.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { canAccess, type AuthState, type StaffUser } from '../auth/index.ts';
import { renderApp, stubFetch, type FetchHandler } from '../test-utils.tsx';
import { SETTINGS_TEXTS } from './texts.ts';

const P = '/signals/v1/private';
const perms = (...codenames: string[]) => codenames.map((codename, id) => ({ id: 100 + id, codename }));
const user = (codenames: string[]): StaffUser => ({ id: 9, username: 'ik@gemeente.nl', roles: [{ id: 1, name: 'R', permissions: perms('sia_read', ...codenames) }], permissions: [] });
const ADMIN = user(['sia_write', 'sia_category_write', 'add_group', 'change_group', 'view_user', 'add_user', 'change_user', 'view_department', 'add_department', 'change_department', 'view_category', 'change_category']);
const VIEWER = user(['view_group', 'view_user', 'view_department', 'view_category']);
const DEPARTMENTS = [
  { id: 1, code: 'ASC', name: 'Actie Service Centrum', is_intern: true },
  { id: 2, code: 'GRN', name: 'Groen en Water', is_intern: true },
];
const signedIn = (u: StaffUser): AuthState => ({
  isAuthenticated: true,
  getToken: () => 'token',
  status: 'ready',
  user: u,
  staffData: { categories: [], departments: DEPARTMENTS, sources: [] },
  can: (area) => canAccess(u, area),
});
const list = <T,>(results: T[]) => ({ count: results.length, results });
const PERMISSIONS = [
  { id: 1, codename: 'sia_read', name: 'Leesrechten algemeen', _display: 'signals | melding | Leesrechten algemeen' },
  { id: 2, codename: 'sia_write', name: 'Schrijfrechten algemeen', _display: 'signals | melding | Schrijfrechten algemeen' },
  { id: 3, codename: 'sia_category_write', name: 'Categorieën wijzigen', _display: 'signals | categorie | Categorieën wijzigen' },
];
const ROLES = [{ id: 5, name: 'Behandelaar', permissions: [PERMISSIONS[0]] }];

type Call = { url: string; method: string; body: any };
function api(handler: FetchHandler) {
  const calls: Call[] = [];
  const fetch = stubFetch((url, init) => {
    if (init.method === 'HEAD') return { status: 200 };
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(init.body) : undefined });
    return handler(url, init);
  });
  return { fetch, calls };
}
const path = (url: string) => new URL(url, 'http://x').pathname;

describe('roles', () => {
  const rolesApi = (overrides: FetchHandler = () => undefined) =>
    api((url, init) => {
      const answer = overrides(url, init);
      if (answer) return answer;
      if (path(url) === `${P}/roles/` && (init.method ?? 'GET') === 'GET') return { body: list(ROLES) };
      if (path(url) === `${P}/permissions/`) return { body: list(PERMISSIONS) };
      return undefined;
    });

  it('lists the roles; a new role gets a name and grouped permissions with descriptions, and is appended to the list', async () => {
    const { fetch, calls } = rolesApi((url, init) =>
      path(url) === `${P}/roles/` && init.method === 'POST' ? { status: 201, body: { id: 6, name: 'Wijkteam', permissions: [PERMISSIONS[0], PERMISSIONS[2]] } } : undefined,
    );
    renderApp({ path: '/instellingen/rollen', auth: signedIn(ADMIN), fetch });
    expect(await screen.findByRole('link', { name: 'Behandelaar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Rol toevoegen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Rol toevoegen' })).toBeInTheDocument();
    const groups = screen.getAllByRole('group').map((g) => g.querySelector('legend')?.textContent);
    expect(groups).toEqual(['Meldingen', 'Categorieën']);
    const read = screen.getByRole('checkbox', { name: 'Leesrechten algemeen' });
    expect(read).toHaveAccessibleDescription('Nodig voor elk scherm van de backoffice: meldingen en instellingen bekijken.');

    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Vul een naam in.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: 'Naam' }), 'Wijkteam');
    await userEvent.click(read);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Categorieën wijzigen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await screen.findByRole('link', { name: 'Wijkteam' });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Wijkteam', permission_ids: [1, 3] });
    expect(screen.getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['Behandelaar1 recht', 'Wijkteam2 rechten']);
    // the list was not fetched again: the saved role was appended
    expect(calls.filter((c) => c.method === 'GET' && path(c.url) === `${P}/roles/`)).toHaveLength(1);
  });

  it('patching replaces the role with the same id; failures show the spec texts', async () => {
    let fail = true;
    const { fetch, calls } = rolesApi((url, init) => {
      if (init.method !== 'PATCH') return undefined;
      return fail ? { status: 400, body: { name: ['Groep met deze Naam bestaat al.'] } } : { body: { ...ROLES[0], name: 'Behandelaars' } };
    });
    renderApp({ path: '/instellingen/rollen/5', auth: signedIn(ADMIN), fetch });
    const name = await screen.findByRole('textbox', { name: 'Naam' });
    expect(screen.getByRole('checkbox', { name: 'Leesrechten algemeen' })).toBeChecked();
    await userEvent.clear(name);
    await userEvent.type(name, 'Behandelaars');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(SETTINGS_TEXTS.rolePatchFailed)).toBeInTheDocument();
    expect(screen.getByText('Groep met deze Naam bestaat al.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('link', { name: 'Behandelaars' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Behandelaar' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({ id: 5, name: 'Behandelaars', permission_ids: [1] });
  });

  it('shows the save failure, the roles failure and the permissions failure texts', async () => {
    const { fetch } = rolesApi((url, init) => (init.method === 'POST' ? { status: 500, body: { detail: 'x' } } : undefined));
    const { unmount } = renderApp({ path: '/instellingen/rollen/nieuw', auth: signedIn(ADMIN), fetch });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Naam' }), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(SETTINGS_TEXTS.roleSaveFailed)).toBeInTheDocument();
    unmount();
    const failing = rolesApi((url) => (path(url) === `${P}/roles/` || path(url) === `${P}/permissions/` ? { status: 503 } : undefined));
    renderApp({ path: '/instellingen/rollen', auth: signedIn(ADMIN), fetch: failing.fetch });
    expect((await screen.findAllByText(/overzicht kon niet opgehaald worden/)).map((e) => e.textContent)).toEqual(
      expect.arrayContaining([SETTINGS_TEXTS.rolesFetchFailed]),
    );
  });

  it('the permissions failure has its own text', async () => {
    const { fetch } = rolesApi((url) => (path(url) === `${P}/permissions/` ? { status: 500 } : undefined));
    renderApp({ path: '/instellingen/rollen/nieuw', auth: signedIn(ADMIN), fetch });
    expect((await screen.findAllByText(SETTINGS_TEXTS.permissionsFetchFailed)).length).toBeGreaterThan(0);
  });

  it('a role manager is not offered rights they do not hold (docs/security.md); what the role has stays', async () => {
    const { fetch, calls } = rolesApi((url, init) => (path(url) === `${P}/roles/5` && init.method === 'PATCH' ? { body: ROLES[0] } : undefined));
    renderApp({ path: '/instellingen/rollen/5', auth: signedIn(user(['add_group', 'change_group'])), fetch });
    const read = await screen.findByRole('checkbox', { name: 'Leesrechten algemeen' });
    expect(read).toBeEnabled();
    expect(read).toBeChecked();
    const write = screen.getByRole('checkbox', { name: 'Schrijfrechten algemeen' });
    expect(write).toBeDisabled();
    expect(write).toHaveAccessibleDescription(expect.stringContaining(`Je hebt niet voldoende rechten om deze actie uit te voeren. ${SETTINGS_TEXTS.permissionsNotHeld}`));
    expect(screen.getByRole('note')).toHaveTextContent(SETTINGS_TEXTS.permissionsNotHeld);
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ id: 5, name: 'Behandelaar', permission_ids: [1] }));
  });

  it('a view-only user sees the roles and their rights, but no button and no form', async () => {
    const { fetch } = rolesApi();
    renderApp({ path: '/instellingen/rollen', auth: signedIn(VIEWER), fetch });
    await userEvent.click(await screen.findByRole('link', { name: 'Behandelaar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Behandelaar' })).toBeInTheDocument();
    expect(screen.getByText('Leesrechten algemeen')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: SETTINGS_TEXTS.back }));
    await screen.findByRole('link', { name: 'Behandelaar' });
    expect(screen.queryByRole('link', { name: 'Rol toevoegen' })).not.toBeInTheDocument();
  });
});

const USERS = [
  { id: 3, username: 'bas@gemeente.nl', first_name: 'Bas', last_name: 'B', is_active: true, is_superuser: false, roles: ROLES, profile: { note: null, departments: ['Actie Service Centrum'], department_ids: [1] } },
];

describe('users', () => {
  it('searches and filters through the list call, and pages', async () => {
    const { fetch, calls } = api((url) => {
      if (path(url) === `${P}/users/`) return { body: { count: 120, results: USERS } };
      if (path(url) === `${P}/roles/`) return { body: list(ROLES) };
      return undefined;
    });
    renderApp({ path: '/instellingen/gebruikers', auth: signedIn(ADMIN), fetch });
    expect(await screen.findByRole('link', { name: 'bas@gemeente.nl' })).toBeInTheDocument();
    expect(screen.getByText('Pagina 1 van 3')).toBeInTheDocument();
    const last = () => new URL(calls.filter((c) => path(c.url) === `${P}/users/`).at(-1)!.url, 'http://x').searchParams;
    expect(last().get('page_size')).toBe('50');
    const search = screen.getByRole('search', { name: 'Gebruikers zoeken' });
    await userEvent.type(within(search).getByRole('searchbox', { name: 'Zoek op naam of e-mailadres' }), 'bas');
    await userEvent.click(within(search).getByRole('button', { name: 'Zoeken' }));
    await waitFor(() => expect(last().get('search')).toBe('bas'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Niet actief');
    await waitFor(() => expect(last().get('is_active')).toBe('false'));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Rol' }), 'Behandelaar');
    await waitFor(() => expect(last().get('role')).toBe('Behandelaar'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Afdeling' }), 'Groen en Water');
    await waitFor(() => expect(last().get('profile_department_code')).toBe('GRN'));
    await userEvent.click(screen.getByRole('button', { name: SETTINGS_TEXTS.nextPage }));
    await waitFor(() => expect(last().get('page')).toBe('2'));
    expect(last().get('search')).toBe('bas');
  });

  it('creates a user with roles, departments, note and a development password', async () => {
    const { fetch, calls } = api((url, init) => {
      if (path(url) === `${P}/roles/`) return { body: list(ROLES) };
      if (path(url) === `${P}/users/` && init.method === 'POST') return { status: 201, body: { ...USERS[0], id: 4 } };
      if (path(url) === `${P}/users/4`) return { body: { ...USERS[0], id: 4 } };
      if (path(url) === `${P}/users/4/history`) return { body: [] };
      return undefined;
    });
    renderApp({ path: '/instellingen/gebruikers/nieuw', auth: signedIn(ADMIN), fetch });
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mailadres (gebruikersnaam)' }), 'nina@gemeente.nl');
    await userEvent.type(screen.getByRole('textbox', { name: /Voornaam/ }), 'Nina');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Behandelaar' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Groen en Water (GRN)' }));
    await userEvent.type(screen.getByLabelText(/Beginwachtwoord/), 'kort');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Een wachtwoord heeft minstens 8 tekens.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Beginwachtwoord/), '-maar-nu-lang');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      username: 'nina@gemeente.nl',
      first_name: 'Nina',
      last_name: '',
      is_active: true,
      role_ids: [5],
      profile: { note: null, department_ids: [2] },
      password: 'kort-maar-nu-lang',
    });
  });

  it('offers no password with the municipality\'s own provider, and read-only details to a viewer', async () => {
    const { fetch } = api((url) => {
      if (path(url) === `${P}/roles/`) return { body: list(ROLES) };
      if (path(url) === `${P}/users/3`) return { body: USERS[0] };
      if (path(url) === `${P}/users/3/history`) return { body: [{ identifier: 'U_1', when: '2026-11-24T01:00:00+01:00', what: 'UPDATED_USER', action: 'Actief gewijzigd: nee → ja', description: null, who: 'beheerder@gemeente.nl' }] };
      return undefined;
    });
    const { unmount } = renderApp({ path: '/instellingen/gebruikers/3', auth: signedIn(ADMIN), fetch, config: { oidc: { issuer: 'https://login.gemeente.nl/realms/x' } } });
    expect(await screen.findByRole('textbox', { name: /Achternaam/ })).toHaveValue('B');
    expect(screen.queryByLabelText(/wachtwoord/i)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Actief' })).toBeChecked();
    unmount();
    renderApp({ path: '/instellingen/gebruikers/3', auth: signedIn(VIEWER), fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'bas@gemeente.nl' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(await screen.findByText('Actief gewijzigd: nee → ja')).toBeInTheDocument();
  });

  // docs/security.md: never offered what the server refuses (settings/grants.ts, server/src/auth/grants.ts).
  it('a user manager who is not a superuser is not offered a superuser, another\'s password, nor a role with rights they lack', async () => {
    const SUPERUSER = { ...USERS[0], id: 7, username: 'admin@gemeente.nl', is_superuser: true, roles: [] };
    const EXPORT_ROLE = { id: 6, name: 'Exporteren', permissions: [{ id: 4, codename: 'sia_signal_export', name: 'Meldingen exporteren' }] };
    const SELF = { ...USERS[0], id: ADMIN.id, username: ADMIN.username };
    const { fetch } = api((url) => {
      if (path(url) === `${P}/roles/`) return { body: list([...ROLES, EXPORT_ROLE]) };
      for (const u of [USERS[0], SUPERUSER, SELF]) {
        if (path(url) === `${P}/users/${u.id}`) return { body: u };
        if (path(url) === `${P}/users/${u.id}/history`) return { body: [] };
      }
      return undefined;
    });
    const notAllowed = 'Je hebt niet voldoende rechten om deze actie uit te voeren.';
    let view = renderApp({ path: '/instellingen/gebruikers/7', auth: signedIn(ADMIN), fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'admin@gemeente.nl' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(notAllowed);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
    view.unmount();

    view = renderApp({ path: '/instellingen/gebruikers/3', auth: signedIn(ADMIN), fetch });
    expect(await screen.findByRole('textbox', { name: /Achternaam/ })).toHaveValue('B');
    expect(screen.queryByLabelText(/wachtwoord/i)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Behandelaar' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Exporteren' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Exporteren' })).toHaveAccessibleDescription(`${notAllowed} ${SETTINGS_TEXTS.rolesNotHeld}`);
    view.unmount();

    // their own password they may set
    view = renderApp({ path: `/instellingen/gebruikers/${ADMIN.id}`, auth: signedIn(ADMIN), fetch });
    expect(await screen.findByLabelText(/Nieuw wachtwoord/)).toBeInTheDocument();
    view.unmount();

    // a superuser is offered all of it
    const ME_SUPER: StaffUser = { id: 1, username: 'root@gemeente.nl', is_superuser: true, roles: [], permissions: [] };
    view = renderApp({ path: '/instellingen/gebruikers/7', auth: signedIn(ME_SUPER), fetch });
    expect(await screen.findByLabelText(/Nieuw wachtwoord/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Exporteren' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Actief' })).toBeEnabled();
    view.unmount();
  });
});

const category = (id: number, name: string, parent: number | null, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  slug: name.toLowerCase(),
  public_name: null,
  description: null,
  handling_message: null,
  nearby_radius: 50,
  is_active: true,
  is_public_accessible: false,
  sla: parent ? { n_days: 3, use_calendar_days: false } : null,
  departments: [],
  _links: parent ? { 'sia:parent': { href: `http://x${P}/categories/${parent}` } } : {},
  ...extra,
});
const CATEGORIES = [
  category(1, 'Afval', null),
  category(2, 'grofvuil', 1, { departments: [{ id: 1, code: 'ASC', name: 'A', is_responsible: true, can_view: true }, { id: 2, code: 'AEG', name: 'B', is_responsible: true, can_view: true }] }),
  category(3, 'Bomen', 1, { handling_message: 'Wij kijken ernaar.' }),
  category(4, 'Container vol', 1, { is_active: false }),
];

describe('departments', () => {
  it('lists code, name and intern; responsible forces may-view; saves the links', async () => {
    const { fetch, calls } = api((url, init) => {
      if (path(url) === `${P}/departments/`) return { body: list(DEPARTMENTS) };
      if (path(url) === `${P}/departments/2` && (init.method ?? 'GET') === 'GET') return { body: { ...DEPARTMENTS[1], categories: [{ id: 3, category: { id: 3, name: 'Bomen' }, is_responsible: false, can_view: true }] } };
      if (path(url) === `${P}/departments/2`) return { body: DEPARTMENTS[1] };
      if (path(url) === `${P}/departments/2/history`) return { body: [] };
      if (path(url) === `${P}/categories/`) return { body: list(CATEGORIES) };
      return undefined;
    });
    renderApp({ path: '/instellingen/afdelingen', auth: signedIn(ADMIN), fetch });
    await screen.findByRole('link', { name: 'Groen en Water' });
    expect(screen.getAllByRole('row')[2]!.textContent).toBe('GRNGroen en WaterJa');
    await userEvent.click(screen.getByRole('link', { name: 'Groen en Water' }));
    const responsible = await screen.findByRole('checkbox', { name: 'grofvuil: verantwoordelijk' });
    // only active categories
    expect(screen.queryByRole('checkbox', { name: /Container vol/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Bomen: mag inzien' })).toBeChecked();
    await userEvent.click(responsible);
    expect(screen.getByRole('checkbox', { name: 'grofvuil: mag inzien' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'grofvuil: mag inzien' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bomen: mag inzien' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      code: 'GRN',
      name: 'Groen en Water',
      is_intern: true,
      categories: [{ category_id: 2, is_responsible: true, can_view: true }],
    });
  });

  it('says when the list could not be fetched', async () => {
    renderApp({ path: '/instellingen/afdelingen', auth: signedIn(ADMIN), fetch: api(() => ({ status: 500 })).fetch });
    expect((await screen.findAllByText(SETTINGS_TEXTS.departmentsFetchFailed)).length).toBeGreaterThan(0);
  });
});

describe('categories', () => {
  const categoriesApi = () =>
    api((url, init) => {
      if (path(url) === `${P}/categories/`) return { body: list(CATEGORIES) };
      if (path(url) === `${P}/categories/3` && init.method === 'PATCH') return { body: { ...CATEGORIES[2], ...JSON.parse(init.body!), sla: { n_days: 1, use_calendar_days: true } } };
      if (path(url) === `${P}/categories/3/history`) return { body: [] };
      return undefined;
    });

  it('lists subcategories by name ignoring case, with the responsible department codes', async () => {
    renderApp({ path: '/instellingen/categorieen', auth: signedIn(VIEWER), fetch: categoriesApi().fetch });
    await screen.findByRole('link', { name: 'Bomen' });
    const rows = screen.getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['Bomen', 'Afval', '3 werkdagen', 'Actief'],
      ['Container vol', 'Afval', '3 werkdagen', 'Niet actief'],
      ['grofvuil (ASC, AEG)', 'Afval', '3 werkdagen', 'Actief'],
    ]);
  });

  it('edits with the SLA day words and a live preview of the thank-you text; a new SLA is sent only when changed', async () => {
    const { fetch, calls } = categoriesApi();
    renderApp({ path: '/instellingen/categorieen/3', auth: signedIn(ADMIN), fetch });
    const preview = await screen.findByRole('region', { name: 'Voorbeeld: zo ziet de melder het na het versturen' });
    expect(within(preview).getByRole('heading', { name: 'Wat doen we met uw melding?' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('Wij kijken ernaar.');
    const message = screen.getByRole('textbox', { name: /Servicebelofte/ });
    await userEvent.clear(message);
    // empty: the resident gets the fallback text
    expect(preview).toHaveTextContent('We gaan zo snel mogelijk aan de slag.');
    await userEvent.type(message, 'Binnen een dag geregeld.');
    expect(preview).toHaveTextContent('Binnen een dag geregeld.');

    const days = screen.getByRole('spinbutton', { name: 'Aantal' });
    const kind = screen.getByRole('combobox', { name: 'Soort dagen' });
    expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['werkdagen', 'dagen']);
    await userEvent.clear(days);
    await userEvent.type(days, '1');
    expect(within(kind).getAllByRole('option').map((o) => o.textContent)).toEqual(['werkdag', 'dag']);
    expect(screen.getByText('Afhandeltermijn: 1 werkdag')).toBeInTheDocument();
    await userEvent.selectOptions(kind, 'dag');
    expect(screen.getByText('Afhandeltermijn: 1 dag')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Notitie bij deze wijziging/ }), 'Sneller');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      name: 'Bomen',
      public_name: null,
      description: null,
      handling_message: 'Binnen een dag geregeld.',
      is_active: true,
      is_public_accessible: false,
      nearby_radius: 50,
      new_sla: { n_days: 1, use_calendar_days: true },
      note: 'Sneller',
    });
    // back on the list, with the saved category
    expect(await screen.findByRole('link', { name: 'Bomen' })).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[1]!).getByText('1 dag')).toBeInTheDocument();
  });

  it('says when the overview could not be fetched', async () => {
    renderApp({ path: '/instellingen/categorieen', auth: signedIn(ADMIN), fetch: api(() => ({ status: 500 })).fetch });
    expect((await screen.findAllByText(SETTINGS_TEXTS.categoriesFetchFailed)).length).toBeGreaterThan(0);
  });
});
