import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch } from '../../test-utils.tsx';
import { canAccess, type AuthState, type StaffData, type StaffUser } from '../../auth/index.ts';
import { NEW_REPORTS_CHECK } from './queries.ts';


const perms = (...codenames: string[]) => codenames.map((codename, id) => ({ id, codename }));
const HANDLER: StaffUser = { id: 1, username: 'bas@meldloket.test', email: 'bas@meldloket.test', roles: [{ id: 1, name: 'Behandelaar', permissions: perms('sia_read', 'sia_write') }], permissions: [] };
const REPORTER: StaffUser = { ...HANDLER, roles: [{ id: 2, name: 'Coördinator', permissions: perms('sia_read', 'sia_signal_report') }] };

const STAFF_DATA: StaffData = {
  categories: [
    { id: 1, name: 'Afval', slug: 'afval', is_active: true, _links: { self: { href: '/c/1' } } },
    // 3 working days, and 2 calendar days
    { id: 12, name: 'Grofvuil', slug: 'grofvuil', is_active: true, _links: { self: { href: '/c/12' }, 'sia:parent': { href: '/c/1' } }, sla: { n_days: 3, use_calendar_days: false } } as never,
    { id: 13, name: 'Zwerfvuil', slug: 'zwerfvuil', is_active: true, _links: { self: { href: '/c/13' }, 'sia:parent': { href: '/c/1' } }, sla: { n_days: 2, use_calendar_days: true } } as never,
  ],
  departments: [],
  sources: [],
};

function signedIn(user: StaffUser): AuthState {
  return { isAuthenticated: true, getToken: () => 'token', status: 'ready', user, staffData: STAFF_DATA, can: (area) => canAccess(user, area) };
}

const row = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  id_display: `SIG-${id}`,
  created_at: '2026-11-23T10:00:00+01:00', // as the API writes it (the Amsterdam offset)
  status: { state: 'm', state_display: 'Gemeld' },
  priority: { priority: 'high' },
  category: { sub: 'Grofvuil', sub_slug: 'grofvuil', main: 'Afval', main_slug: 'afval' },
  location: { stadsdeel: 'A', address_text: 'Dam 1, 1012JS Amsterdam' },
  assigned_user_email: null,
  ...over,
});

type Call = { url: URL; method: string };

function api(pages: (url: URL) => { status?: number; body?: unknown } | undefined) {
  const calls: Call[] = [];
  const fetch = stubFetch((raw, init) => {
    const url = new URL(raw, 'http://x');
    if (init.method === 'HEAD') return { status: 200 };
    calls.push({ url, method: init.method ?? 'GET' });
    if (url.pathname === '/signals/v1/private/me/filters/') return { body: { count: 0, results: [] } };
    return pages(url);
  });
  return { fetch, calls, lists: () => calls.filter((c) => c.url.pathname === '/signals/v1/private/signals/' && c.url.searchParams.get('page_size') !== '1') };
}

afterEach(() => {
  vi.useRealTimers();
  NEW_REPORTS_CHECK.intervalMs = 30_000;
});

describe('the incidents overview', () => {
  it('shows the reports as a table with the columns of the issue, remaining days in (werk)dagen and none for a state of docs/reference/statuses.md#states-and-transitions', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-24T09:00:00+01:00') });
    const { fetch } = api((url) =>
      url.pathname === '/signals/v1/private/signals/'
        ? {
            body: {
              count: 3,
              results: [
                row(3),
                row(2, { category: { sub: 'Zwerfvuil', sub_slug: 'zwerfvuil', main: 'Afval', main_slug: 'afval' }, location: { stadsdeel: null, address_text: 'Kalverstraat 2' }, assigned_user_email: 'cor@meldloket.test' }),
                row(1, { status: { state: 'reaction requested', state_display: 'Reactie gevraagd' } }),
              ],
            },
          }
        : undefined,
    );
    renderApp({ path: '/manage/incidents', auth: signedIn(HANDLER), fetch });
    const table = await screen.findByRole('table', { name: 'Meldingen' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'Id', 'Datum', 'Stadsdeel', 'Subcategorie', 'Status', 'Melders', 'Urgentie', 'Adres', 'Toegewezen aan', 'Afhandeltermijn',
    ]);
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    // made Monday 23 November 10:00: 3 working days → Thursday 26th, 2 days left on Tuesday; 2 calendar days → 25th, 1 day left
    expect(rows).toEqual([
      ['SIG-3', '23-11-2026 10:00', 'Centrum', 'Grofvuil', 'Gemeld', '1', 'Hoog', 'Dam 1, 1012JS Amsterdam', 'Niet toegewezen', '2 werkdagen'],
      ['SIG-2', '23-11-2026 10:00', 'Niet bepaald', 'Zwerfvuil', 'Gemeld', '1', 'Hoog', 'Kalverstraat 2', 'cor@meldloket.test', '1 dag'],
      ['SIG-1', '23-11-2026 10:00', 'Centrum', 'Grofvuil', 'Reactie gevraagd', '1', 'Hoog', 'Dam 1, 1012JS Amsterdam', 'Niet toegewezen', ''],
    ]);
    expect(within(table).getByRole('link', { name: 'SIG-3' })).toHaveAttribute('href', '/manage/incident/3');
    expect(screen.getByRole('status', { name: '' })).toBeDefined();
    expect(screen.getByText('3 meldingen')).toBeInTheDocument();
  });

  it('sorts by a column header: aria-sort follows, the URL holds the order and the call asks for it', async () => {
    const user = userEvent.setup();
    const { fetch, lists } = api((url) => (url.pathname === '/signals/v1/private/signals/' ? { body: { count: 1, results: [row(1)] } } : undefined));
    const { router } = renderApp({ path: '/manage/incidents', auth: signedIn(HANDLER), fetch });
    const table = await screen.findByRole('table', { name: 'Meldingen' });
    const header = (name: string) => within(table).getAllByRole('columnheader').find((h) => h.textContent?.startsWith(name))!;
    expect(header('Datum')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Status')).toHaveAttribute('aria-sort', 'none');
    expect(lists()[0].url.searchParams.get('ordering')).toBe('-created_at');
    await user.click(within(header('Status')).getByRole('button', { name: /Status/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?ordering=status'));
    await waitFor(() => expect(header('Status')).toHaveAttribute('aria-sort', 'ascending'));
    expect(header('Datum')).toHaveAttribute('aria-sort', 'none');
    await waitFor(() => expect(lists().at(-1)!.url.searchParams.get('ordering')).toBe('status'));
    await user.click(within(header('Status')).getByRole('button', { name: /Status/ }));
    await waitFor(() => expect(header('Status')).toHaveAttribute('aria-sort', 'descending'));
    expect(router.state.location.search).toBe('?ordering=-status');
  });

  it('pages by 50 through links that keep filter and order in the URL', async () => {
    const { fetch, lists } = api((url) =>
      url.pathname === '/signals/v1/private/signals/' ? { body: { count: 120, results: Array.from({ length: 50 }, (_, i) => row(200 - i)) } } : undefined,
    );
    renderApp({ path: '/manage/incidents?status=m&ordering=address&page=2', auth: signedIn(HANDLER), fetch });
    const nav = await screen.findByRole('navigation', { name: 'Paginering' });
    expect(within(nav).getByRole('link', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Pagina 3' })).toHaveAttribute('href', '/manage/incidents?status=m&ordering=address&page=3');
    expect(within(nav).getByRole('link', { name: 'Vorige' })).toHaveAttribute('href', '/manage/incidents?status=m&ordering=address');
    expect(within(nav).queryByRole('link', { name: 'Pagina 4' })).not.toBeInTheDocument();
    const query = lists()[0].url.searchParams;
    expect([query.getAll('status'), query.get('ordering'), query.get('page')]).toEqual([['m'], 'address', '2']);
  });

  it('shows the active filter as tags; removing one filters again from page 1', async () => {
    const user = userEvent.setup();
    const { fetch, lists } = api((url) => (url.pathname === '/signals/v1/private/signals/' ? { body: { count: 1, results: [row(1)] } } : undefined));
    const { router } = renderApp({ path: '/manage/incidents?status=m&status=b&stadsdeel=A&page=2', auth: signedIn(HANDLER), fetch });
    const tags = await screen.findByRole('region', { name: 'Actief filter' });
    expect(within(tags).getAllByRole('listitem').map((li) => li.textContent?.replace('×', ''))).toEqual(['Status: Gemeld', 'Status: In behandeling', 'Stadsdeel: Centrum']);
    await user.click(within(tags).getByRole('button', { name: 'Verwijder filter Status: Gemeld' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=b&stadsdeel=A'));
    await waitFor(() => expect(lists().at(-1)!.url.searchParams.getAll('status')).toEqual(['b']));
    await user.click(screen.getByRole('button', { name: 'Filter wissen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('filters through the panel, a form of labelled fields', async () => {
    const user = userEvent.setup();
    const { fetch, lists } = api((url) => (url.pathname === '/signals/v1/private/signals/' ? { body: { count: 1, results: [row(1)] } } : undefined));
    const { router } = renderApp({ path: '/manage/incidents', auth: signedIn(HANDLER), fetch });
    await user.click(await screen.findByRole('button', { name: 'Filteren', expanded: false }));
    const form = screen.getByRole('form', { name: 'Filter' });
    await user.click(within(within(form).getByRole('group', { name: 'Status' })).getByRole('checkbox', { name: 'In behandeling' }));
    await user.click(within(within(form).getByRole('group', { name: 'Stadsdeel' })).getByRole('checkbox', { name: 'Noord' }));
    await user.click(within(within(form).getByRole('group', { name: 'Doorlooptijd' })).getByRole('radio', { name: 'Buiten de afhandeltermijn' }));
    await user.click(within(within(form).getByRole('group', { name: 'Toegewezen aan' })).getByRole('radio', { name: 'Niet toegewezen' }));
    await user.click(within(form).getByRole('button', { name: 'Filteren' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=b&stadsdeel=N&punctuality=late&assigned_user_email=null'));
    await waitFor(() => expect(lists().at(-1)!.url.search).toBe('?status=b&stadsdeel=N&punctuality=late&assigned_user_email=null&ordering=-created_at'));
    expect(screen.queryByRole('form', { name: 'Filter' })).not.toBeInTheDocument();
    // Escape closes the panel without filtering, and focus goes back to its button
    const button = screen.getByRole('button', { name: 'Filteren', expanded: false });
    await user.click(button);
    await user.click(within(within(screen.getByRole('form', { name: 'Filter' })).getByRole('group', { name: 'Status' })).getByRole('checkbox', { name: 'Gemeld' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Filter' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(router.state.location.search).toBe('?status=b&stadsdeel=N&punctuality=late&assigned_user_email=null');
  });

  it('says so when nothing matches, and gives the docs/reference/texts.md#errors text when the call fails', async () => {
    const empty = api((url) => (url.pathname === '/signals/v1/private/signals/' ? { body: { count: 0, results: [] } } : undefined));
    const { unmount } = renderApp({ path: '/manage/incidents?status=o', auth: signedIn(HANDLER), fetch: empty.fetch });
    expect(await screen.findByText('Er zijn geen meldingen die bij dit filter horen.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    // no filter and no reports (a fresh installation): said plainly, not as a filter that matched nothing
    const fresh = renderApp({ path: '/manage/incidents', auth: signedIn(HANDLER), fetch: empty.fetch });
    expect(await screen.findByText('Er zijn nog geen meldingen. Zodra iemand een melding doet, staat die hier.')).toBeInTheDocument();
    expect(screen.queryByText('Er zijn geen meldingen die bij dit filter horen.')).not.toBeInTheDocument();
    fresh.unmount();
    const failing = api((url) => (url.pathname === '/signals/v1/private/signals/' ? { status: 500, body: { detail: 'boom' } } : undefined));
    renderApp({ path: '/manage/incidents', auth: signedIn(HANDLER), fetch: failing.fetch });
    expect(await screen.findByRole('alert')).toHaveTextContent('Interne fout op de server. Probeer het nogmaals');
  });

  it('searches with the header text through the search call, and offers to clear the search', async () => {
    const user = userEvent.setup();
    const { fetch, calls } = api((url) => (url.pathname === '/signals/v1/private/search/' || url.pathname === '/signals/v1/private/signals/' ? { body: { count: 1, results: [row(7)] } } : undefined));
    const { router } = renderApp({ path: '/manage/incidents?search=SIG-7', auth: signedIn(HANDLER), fetch });
    expect(await screen.findByRole('heading', { level: 2, name: 'Zoekresultaat voor ‘SIG-7’' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Zoek op meldingsinformatie' })).toHaveValue('SIG-7');
    // the heading comes from the URL at once; the search call follows it
    const search = await waitFor(() => {
      const call = calls.find((c) => c.url.pathname === '/signals/v1/private/search/');
      expect(call).toBeDefined();
      return call!;
    });
    expect(search.url.searchParams.get('q')).toBe('SIG-7');
    expect(search.url.searchParams.has('ordering')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Zoekopdracht wissen' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Zoek op meldingsinformatie' })).toHaveValue('');
  });

  it("says 'Meer dan …' when the search stopped counting, never a wrong number", async () => {
    const { fetch } = api((url) =>
      url.pathname === '/signals/v1/private/search/'
        ? { body: { count: 1001, count_capped: true, results: Array.from({ length: 50 }, (_, i) => row(2000 - i)) } }
        : url.pathname === '/signals/v1/private/signals/' ? { body: { count: 1, results: [row(1)] } } : undefined,
    );
    renderApp({ path: '/manage/incidents?search=lantaarnpaal', auth: signedIn(HANDLER), fetch });
    expect(await screen.findByText('Meer dan 1.000 meldingen')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('1.001 meldingen')).not.toBeInTheDocument();
  });

  it('offers the CSV export only with the csvExport area', async () => {
    const { fetch } = api((url) => (url.pathname === '/signals/v1/private/signals/' ? { body: { count: 1, results: [row(1)] } } : undefined));
    const { unmount } = renderApp({ path: '/manage/incidents', auth: signedIn(HANDLER), fetch });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Exporteren (CSV)' })).not.toBeInTheDocument();
    unmount();
    renderApp({ path: '/manage/incidents', auth: signedIn(REPORTER), fetch });
    expect(await screen.findByRole('button', { name: 'Exporteren (CSV)' })).toBeEnabled();
  });

  it("notices new reports of the filter and shows them on 'n nieuwe meldingen'", async () => {
    NEW_REPORTS_CHECK.intervalMs = 100;
    let total = 2;
    let since = 1;
    const { fetch, lists, calls } = api((url) => {
      if (url.pathname !== '/signals/v1/private/signals/') return undefined;
      if (url.searchParams.get('page_size') === '1') {
        // the check: the newest report, then how many were made since it (the newest itself included)
        return { body: { count: url.searchParams.has('created_after') ? since : total, results: [row(total)] } };
      }
      return { body: { count: total, results: Array.from({ length: total }, (_, i) => row(total - i)) } };
    });
    renderApp({ path: '/manage/incidents?status=m', auth: signedIn(HANDLER), fetch });
    await screen.findByText('2 meldingen');
    // the check has noted the newest report and counted from it
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.has('created_after'))).toBe(true));
    total = 4;
    since = 3;
    const notice = await screen.findByRole('button', { name: '2 nieuwe meldingen' });
    const before = lists().length;
    await userEvent.click(notice);
    expect(await screen.findByText('4 meldingen')).toBeInTheDocument();
    expect(lists().length).toBe(before + 1);
    expect(lists().at(-1)!.url.searchParams.getAll('status')).toEqual(['m']);
    await waitFor(() => expect(screen.queryByRole('button', { name: /nieuwe meldingen/ })).not.toBeInTheDocument());
  });

  it('refreshes the list by itself under a saved filter with refresh, and shows it as a tab', async () => {
    NEW_REPORTS_CHECK.intervalMs = 100;
    let total = 1;
    const saved = { id: 4, name: 'Nieuw in Noord', options: { stadsdeel: ['N'] }, refresh: true, show_on_overview: true };
    const calls: URL[] = [];
    const fetch = stubFetch((raw, init) => {
      if (init.method === 'HEAD') return { status: 200 };
      const url = new URL(raw, 'http://x');
      calls.push(url);
      if (url.pathname === '/signals/v1/private/me/filters/') return { body: { count: 1, results: [saved] } };
      if (url.pathname !== '/signals/v1/private/signals/') return undefined;
      if (url.searchParams.get('page_size') === '1') return { body: { count: total, results: [row(total)] } };
      return { body: { count: total, results: Array.from({ length: total }, (_, i) => row(total - i)) } };
    });
    renderApp({ path: '/manage/incidents?stadsdeel=N&filter_id=4', auth: signedIn(HANDLER), fetch });
    const tab = await screen.findByRole('link', { name: 'Nieuw in Noord' });
    expect(tab).toHaveAttribute('aria-current', 'page');
    await screen.findByText('1 melding');
    await waitFor(() => expect(calls.some((c) => c.searchParams.has('created_after'))).toBe(true));
    total = 3;
    // no notice to press: the list itself shows the new reports
    expect(await screen.findByText('3 meldingen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /nieuwe melding/ })).not.toBeInTheDocument();
  });

  it('saves the filter, updates the applied one and removes it, through the saved-filter calls', async () => {
    const user = userEvent.setup();
    const writes: { method: string; path: string; body?: unknown }[] = [];
    let stored = [{ id: 4, name: 'Noord', options: { stadsdeel: ['N'] }, refresh: false, show_on_overview: false }];
    const fetch = stubFetch((raw, init) => {
      if (init.method === 'HEAD') return { status: 200 };
      const url = new URL(raw, 'http://x');
      if (url.pathname.startsWith('/signals/v1/private/me/filters/')) {
        const method = init.method ?? 'GET';
        if (method === 'GET') return { body: { count: stored.length, results: stored } };
        const body = init.body ? JSON.parse(init.body) : undefined;
        writes.push({ method, path: url.pathname, body });
        if (method === 'POST') return { status: 201, body: { id: 9, ...body } };
        if (method === 'PATCH') return { body: { ...stored[0], ...body } };
        stored = [];
        return { status: 204 };
      }
      if (url.pathname === '/signals/v1/private/signals/') return { body: { count: 1, results: [row(1)] } };
      return undefined;
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { router } = renderApp({ path: '/manage/incidents?stadsdeel=N&filter_id=4', auth: signedIn(HANDLER), fetch });
    await screen.findByText('1 melding');

    // update the applied filter: its name fills the form
    await user.click(screen.getByRole('button', { name: 'Filteren', expanded: false }));
    let form = screen.getByRole('form', { name: 'Filter' });
    expect(within(form).getByLabelText('Naam van het filter')).toHaveValue('Noord');
    await user.click(within(within(form).getByRole('group', { name: 'Status' })).getByRole('checkbox', { name: 'Gemeld' }));
    await user.click(within(form).getByRole('button', { name: 'Filter bijwerken' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ method: 'PATCH', path: '/signals/v1/private/me/filters/4', body: { name: 'Noord', refresh: false, show_on_overview: false, options: { status: ['m'], stadsdeel: ['N'] } } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=m&stadsdeel=N&filter_id=4'));

    // save as a new one: a name is needed
    await user.click(screen.getByRole('button', { name: 'Filteren', expanded: false }));
    form = screen.getByRole('form', { name: 'Filter' });
    await user.clear(within(form).getByLabelText('Naam van het filter'));
    await user.click(within(form).getByRole('button', { name: 'Opslaan als filter' }));
    expect(within(form).getByText('Geef het filter een naam om het op te slaan.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Naam van het filter')).toHaveFocus();
    await user.type(within(form).getByLabelText('Naam van het filter'), 'Gemeld in Noord');
    await user.click(within(form).getByRole('checkbox', { name: 'Automatisch vernieuwen' }));
    await user.click(within(form).getByRole('button', { name: 'Opslaan als filter' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({ method: 'POST', path: '/signals/v1/private/me/filters/', body: { name: 'Gemeld in Noord', refresh: true, show_on_overview: false, options: { status: ['m'], stadsdeel: ['N'] } } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=m&stadsdeel=N&filter_id=9'));

    // remove one from 'Mijn filters'
    await user.click(screen.getByRole('button', { name: 'Mijn filters' }));
    await user.click(screen.getByRole('button', { name: 'Filter Noord verwijderen' }));
    await waitFor(() => expect(writes).toHaveLength(3));
    expect(writes[2]).toEqual({ method: 'DELETE', path: '/signals/v1/private/me/filters/4', body: undefined });
    expect(await screen.findByText('Filter ‘Noord’ is verwijderd.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Filter Noord toepassen' })).not.toBeInTheDocument();
  });
});
