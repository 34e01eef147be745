import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch } from '../../test-utils.tsx';
import { canAccess, type StaffUser } from '../../auth/index.ts';
import { CATEGORIES } from '../incident/fixtures.test-data.ts';

// whole screens with many user events: slow on a busy machine, not a timing check
vi.setConfig({ testTimeout: 20_000 });
// the first screen of a file loads its lazy route chunk cold
configure({ asyncUtilTimeout: 5_000 });

const ADMIN: StaffUser = { id: 2, username: 'beheerder@meldloket.test', roles: [{ id: 2, name: 'Beheerder', permissions: [{ codename: 'sia_read' }, { codename: 'sia_statusmessagetemplate_write' }] }], permissions: [] };
const auth = { isAuthenticated: true, getToken: () => 'token', status: 'ready' as const, user: ADMIN, staffData: { categories: CATEGORIES, departments: [], sources: [] }, can: (area: Parameters<typeof canAccess>[1]) => canAccess(ADMIN, area) };

function server() {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  let templates = [{ state: 'm', templates: [{ title: 'Ontvangen', text: 'Wij hebben uw melding ontvangen.', is_active: true }] }];
  const messages = [
    { id: 5, title: 'Eerste', text: 'Tekst een', active: true, state: 'm', categories: [13] },
    { id: 6, title: 'Tweede', text: 'Tekst twee', active: true, state: 'm', categories: [13] },
  ];
  const fetch = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    if (method === 'HEAD') return { status: 200 };
    if (url.endsWith('/private/terms/categories/afval/sub_categories/container-is-vol/status-message-templates')) {
      if (method === 'POST') templates = body;
      return { body: templates };
    }
    if (url.startsWith('/signals/v1/private/status-messages/?')) return { body: { count: 2, results: messages } };
    if (url === '/signals/v1/private/status-messages/' && method === 'POST') return { status: 201, body: { ...body, id: 9 } };
    if (url.startsWith('/signals/v1/private/status-messages/')) return { body: {} };
    return undefined;
  });
  return { fetch, calls };
}

describe('default texts (docs/reference/screens.md#routes, docs/reference/statuses.md#states-and-transitions)', () => {
  it('v1: edits the templates of a status and subcategory and saves them in one POST', async () => {
    const s = server();
    renderApp({ path: '/manage/v1/standaardteksten', auth, fetch: s.fetch, config: { features: { showStandardTextAdminV1: true } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Standaard teksten (v1)' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Subcategorie' })).toHaveDisplayValue('Container is vol (AEG)');
    expect(within(screen.getByRole('combobox', { name: 'Status' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Gemeld', 'In afwachting van behandeling', 'Reactie gevraagd', 'Ingepland', 'In behandeling', 'Extern: verzoek tot afhandeling', 'Afgehandeld', 'Heropend', 'Geannuleerd',
    ]);
    const title = await screen.findByRole('textbox', { name: 'Titel' });
    expect(title).toHaveValue('Ontvangen');
    await userEvent.click(screen.getByRole('button', { name: 'Tekst toevoegen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(screen.getAllByRole('textbox', { name: 'Titel' })[1]).toHaveAccessibleDescription('Invoerfout: Dit veld mag niet leeg zijn.');
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Titel' })[1]!, 'Nog even');
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Tekst' })[1]!, 'Het duurt iets langer.');
    await userEvent.click(screen.getByRole('button', { name: 'Tekst 2 omhoog' }));
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(s.calls.find((c) => c.method === 'POST')?.body).toEqual([
        { state: 'm', templates: [{ title: 'Nog even', text: 'Het duurt iets langer.', is_active: true }, { title: 'Ontvangen', text: 'Wij hebben uw melding ontvangen.', is_active: true }] },
      ]),
    );
    expect(await screen.findByText('De standaard teksten zijn opgeslagen.')).toBeInTheDocument();
  });

  it('v2: creates, edits, deletes status messages and stores their order per category', async () => {
    const s = server();
    renderApp({ path: '/manage/v2/standaardteksten', auth, fetch: s.fetch, config: { features: { showStandardTextAdminV2: true } } });
    // titled apart from the v1 page
    expect(await screen.findByRole('heading', { level: 1, name: 'Standaard teksten (v2)' })).toBeInTheDocument();
    const titles = await screen.findAllByRole('textbox', { name: 'Titel' });
    expect(titles.map((t) => (t as HTMLInputElement).value)).toEqual(['Eerste', 'Tweede']);
    await userEvent.type(titles[1]!, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Tekst 1 verwijderen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tekst toevoegen' }));
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Titel' })[1]!, 'Nieuw');
    await userEvent.type(screen.getAllByRole('textbox', { name: 'Tekst' })[1]!, 'Nieuwe tekst');
    await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(s.calls.some((c) => c.url.endsWith('/status-messages/category/13'))).toBe(true));
    const writes = s.calls.filter((c) => c.method !== 'GET' && c.method !== 'HEAD').map((c) => [c.method, c.url, c.body]);
    expect(writes).toEqual([
      ['PATCH', '/signals/v1/private/status-messages/6', { title: 'Tweede!', text: 'Tekst twee' }],
      ['POST', '/signals/v1/private/status-messages/', { title: 'Nieuw', text: 'Nieuwe tekst', state: 'm', categories: [13], active: true }],
      ['DELETE', '/signals/v1/private/status-messages/5', undefined],
      ['POST', '/signals/v1/private/status-messages/category/13', [{ status_message: 6, position: 0 }, { status_message: 9, position: 1 }]],
    ]);
  });
});
