import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test-utils.tsx';
import { canAccess, type AuthState, type StaffUser } from '../auth/index.ts';
import { staffMenuItems } from '../layout/staffMenu.ts';
import { loadConfig } from '../config/load.ts';

const perms = (...codenames: string[]) => codenames.map((codename, id) => ({ id, codename }));

const HANDLER: StaffUser = { id: 1, username: 'behandelaar@meldloket.test', first_name: 'Bas', last_name: 'Behandelaar', roles: [{ id: 1, name: 'Behandelaar', permissions: perms('sia_read', 'sia_write', 'sia_signal_create_initial') }], permissions: [] };
const ADMIN: StaffUser = {
  id: 2,
  username: 'beheerder@meldloket.test',
  roles: [{ id: 2, name: 'Beheerder', permissions: perms('sia_read', 'view_group', 'change_group', 'view_user', 'view_department', 'view_category', 'sia_statusmessagetemplate_write') }],
  permissions: [],
};

function signedIn(user: StaffUser, extra: Partial<AuthState> = {}): AuthState {
  return { isAuthenticated: true, getToken: () => 'token', status: 'ready', user, staffData: null, can: (area) => canAccess(user, area), ...extra };
}

const menu = () => screen.findByRole('navigation', { name: 'Menu' });
const menuNames = async () =>
  within(await menu())
    .getAllByRole('listitem')
    .map((li) => li.textContent?.trim());

describe('back-office routing (docs/reference/screens.md#routes)', () => {
  it('sends /login on to /manage/incidents and asks an anonymous visitor to sign in there', async () => {
    const { router } = renderApp({ path: '/login' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inloggen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage/incidents');
    expect(screen.getByRole('button', { name: 'Inloggen' })).toBeEnabled();
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('starts the sign-in from the page the user wanted, to return there', async () => {
    const login = vi.fn(async () => {});
    renderApp({ path: '/instellingen/rollen?x=1', auth: { isAuthenticated: false, getToken: () => null, login } });
    // the router loads the section's lazy chunk before it renders the gate: allow for a cold import
    await userEvent.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(login).toHaveBeenCalledWith('/instellingen/rollen?x=1');
  });

  it('sends /manage on to the incidents overview', async () => {
    const { router } = renderApp({ path: '/manage', auth: signedIn(HANDLER) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overzicht meldingen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/manage/incidents');
  });

  it("refuses a route the user may not open with the 403 text, never a blank page", async () => {
    renderApp({ path: '/instellingen/rollen', auth: signedIn(HANDLER) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Geen toegang' })).toBeInTheDocument();
    expect(screen.getByText('Je hebt niet voldoende rechten om deze actie uit te voeren.')).toBeInTheDocument();
  });

  it('opens the settings sections the admin may see, and refuses the one without a right', async () => {
    const { router } = renderApp({ path: '/instellingen/', auth: signedIn(ADMIN) });
    const sections = await screen.findByRole('navigation', { name: 'Instellingen' });
    expect(within(sections).getAllByRole('link').map((a) => a.textContent)).toEqual(['Rollen', 'Gebruikers', 'Afdelingen', 'Categorieën']);
    await act(() => router.navigate('/instellingen/afdelingen'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Afdelingen' })).toBeInTheDocument();
    const noUsers = { ...ADMIN, roles: [{ id: 3, name: 'x', permissions: perms('view_group') }] };
    renderApp({ path: '/instellingen/gebruikers', auth: signedIn(noUsers) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Geen toegang' })).toBeInTheDocument();
  });

  it('waits for the current user before deciding, and offers to sign out when the authorise call failed', async () => {
    const { unmount } = renderApp({ path: '/manage/signalering', auth: signedIn(HANDLER, { status: 'loading', user: null }) });
    expect(await screen.findByRole('status')).toHaveTextContent('Bezig met laden…');
    unmount();
    renderApp({ path: '/manage/signalering', auth: signedIn(HANDLER, { status: 'failed', user: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Authenticeren is niet gelukt' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Uitloggen' })).toBeInTheDocument();
  });

  it('treats the v2 default texts as absent while its flag is off', async () => {
    renderApp({ path: '/manage/v2/standaardteksten', auth: signedIn(ADMIN) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeInTheDocument();
  });
});

describe('staff menu (docs/reference/screens.md#routes)', () => {
  it("gives a handler Overzicht, search, Melden, Signalering and their account (Mijn mail, Uitloggen) only", async () => {
    renderApp({ path: '/manage/incidents', auth: signedIn(HANDLER) });
    expect(await menuNames()).toEqual(['Overzicht', '', 'Melden', 'Signalering', 'Mijn account: Bas']);
    await userEvent.click(screen.getByRole('button', { name: 'Mijn account: Bas' }));
    expect(await menuNames()).toEqual(['Overzicht', '', 'Melden', 'Signalering', 'Mijn account: BasMijn mailUitloggen', 'Mijn mail', 'Uitloggen']);
    expect(screen.getByRole('link', { name: 'Mijn mail' })).toHaveAttribute('href', '/manage/mijn-mail');
    expect(screen.getByRole('searchbox', { name: 'Zoek op meldingsinformatie' })).toHaveAttribute('placeholder', 'Zoek op meldingsinformatie');
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gemeente Amsterdam Meldloket' })).toHaveAttribute('href', '/manage/incidents');
  });

  it('gives an administrator Standaard teksten and Instellingen too, and Help when configured; no Melden without the create right', async () => {
    renderApp({ path: '/manage/incidents', auth: signedIn(ADMIN), config: { links: { help: 'https://help.example.nl/' } } });
    expect(await menuNames()).toEqual(['Overzicht', '', 'Signalering', 'Standaard teksten', 'Instellingen', 'Help (opent in een nieuw venster)', 'Mijn account: beheerder@meldloket.test']);
    expect(screen.getByRole('link', { name: 'Instellingen' })).toHaveAttribute('href', '/instellingen/');
    expect(screen.getByRole('link', { name: /Help/ })).toHaveAttribute('href', 'https://help.example.nl/');
  });

  it('gives a read-only account no Melden, since its create call would be refused', async () => {
    const reader: StaffUser = { id: 3, username: 'lezer@meldloket.test', roles: [{ id: 4, name: 'Alleen lezen', permissions: perms('sia_read') }], permissions: [] };
    renderApp({ path: '/manage/signalering', auth: signedIn(reader) });
    expect(await menuNames()).toEqual(['Overzicht', '', 'Signalering', 'Mijn account: lezer@meldloket.test']);
    expect(screen.queryByRole('link', { name: 'Melden' })).not.toBeInTheDocument();
  });

  it('labels both default-text screens (v1) and (v2) when both flags are on', () => {
    const config = loadConfig({ features: { showStandardTextAdminV1: true, showStandardTextAdminV2: true } });
    const labels = staffMenuItems(config, () => true).map((i) => i.label);
    expect(labels).toContain('Standaard teksten (v1)');
    expect(labels).toContain('Standaard teksten (v2)');
    const onlyV2 = staffMenuItems(loadConfig({ features: { showStandardTextAdminV1: false, showStandardTextAdminV2: true } }), () => true);
    expect(onlyV2.find((i) => i.key === 'defaultTextsV2')?.label).toBe('Standaard teksten');
  });

  it('searches from the menu into the overview', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/manage/signalering', auth: signedIn(HANDLER) });
    await user.type(await screen.findByRole('searchbox', { name: 'Zoek op meldingsinformatie' }), 'Dam 1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/incidents'));
    expect(router.state.location.search).toBe('?search=Dam%201');
    expect(await screen.findByRole('heading', { level: 2, name: 'Zoekresultaat voor ‘Dam 1’' })).toBeInTheDocument();
  });

  it('signs out with Uitloggen', async () => {
    const logout = vi.fn(async () => {});
    renderApp({ path: '/manage/incidents', auth: signedIn(HANDLER, { logout }) });
    await userEvent.click(within(await menu()).getByRole('button', { name: /^Mijn account/ }));
    await userEvent.click(within(await menu()).getByRole('button', { name: 'Uitloggen' }));
    expect(logout).toHaveBeenCalledTimes(1);
  });

  it('collapses to a Menu toggle below 1320 px', async () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query.includes('1319'), media: query, addEventListener() {}, removeEventListener() {} }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const user = userEvent.setup();
      renderApp({ path: '/manage/incidents', auth: signedIn(HANDLER) });
      const toggle = await within(await menu()).findByRole('button', { name: 'Menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('link', { name: 'Signalering' })).not.toBeInTheDocument();
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await user.click(screen.getByRole('link', { name: 'Signalering' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Signalering' })).toBeInTheDocument();
      await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
      await user.click(toggle);
      await user.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
