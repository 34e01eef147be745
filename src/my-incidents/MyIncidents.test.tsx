/**
 * 'Mijn meldingen' as a reporter uses it: following the link from the mail, the list of their reports
 * for what the API holds (none, some, a failure, a link that ran out), and opening one report with its
 * history.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPath, API_PATHS } from '@meldloket/engine';
import { renderApp, stubFetch } from '../test-utils.tsx';

const KEY = 'sleutel-uit-de-mail';
const config = { features: { enableMyIncidents: true } };
const CATEGORY = { name: 'Container is vol', slug: 'container-is-vol', parent: { name: 'Afval', slug: 'afval' } };
const REPORTS = [
  { uuid: 'u-1', id_display: 'SIG-11', text: 'De container bij de school is vol.', status: { state: 'OPEN', state_display: 'Open' }, category: CATEGORY, created_at: '2026-05-03T10:00:00+02:00' },
  { uuid: 'u-2', id_display: 'SIG-12', text: 'Grofvuil op de stoep.', status: { state: 'CLOSED', state_display: 'Gesloten' }, category: CATEGORY, created_at: '2026-04-20T09:00:00+02:00' },
];
const DETAIL = { ...REPORTS[0], handling_message: 'Wij legen de container binnen 3 werkdagen.', location: { address_text: 'Schoolstraat 4, Utrecht', geometrie: { coordinates: [5.1, 52.1] } } };
const HISTORY = [{ when: '2026-05-04T11:00:00+02:00', what: 'UPDATE_STATUS', action: 'Status gewijzigd naar: In behandeling', description: 'Wij gaan ermee aan de slag.' }];

type Answer = { status?: number; body?: unknown };

/** The API of 'my signals': `me` answers the key, `list` the reports (one page), the report and its history. */
function api({ me = { body: { email: 'melder@example.com' } }, list = { body: { results: REPORTS, _links: { next: { href: null } } } } }: { me?: Answer; list?: Answer } = {}) {
  const seen: string[] = [];
  const fetch = stubFetch((url, init) => {
    if (init.method === 'HEAD') return { status: 200 };
    seen.push(url);
    const path = url.split('?')[0];
    if (path === API_PATHS.mySignalsMe) return me;
    if (path === API_PATHS.mySignals) return list;
    if (path === apiPath(API_PATHS.mySignal, { uuid: 'u-1' })) return { body: DETAIL };
    if (path === apiPath(API_PATHS.mySignalHistory, { uuid: 'u-1' })) return { body: HISTORY };
    return undefined;
  });
  return { fetch, seen };
}

afterEach(() => sessionStorage.clear());

describe("'Mijn meldingen'", () => {
  it('the link from the mail opens the list of the reporter\'s reports: number, category, text, date and status, the key no longer in the address', async () => {
    const { fetch } = api();
    const { router } = renderApp({ path: `/mijn-meldingen/${KEY}`, config, fetch });
    expect(await screen.findByText('De link wordt gecontroleerd…')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mijn meldingen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mijn-meldingen/overzicht');
    expect(screen.getByText('Dit zijn de meldingen van het afgelopen jaar die zijn gedaan met melder@example.com.')).toBeInTheDocument();
    const first = await screen.findByRole('link', { name: 'SIG-11 · Container is vol' });
    const items = within(first.closest('ul')!).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toContainElement(first);
    expect(items[0]).toHaveTextContent('De container bij de school is vol.');
    expect(items[0]).toHaveTextContent('Status: Open');
    expect(items[1]).toHaveTextContent('Status: Gesloten');
    // every call after the link carries its key
    const listCall = fetch.mock.calls.find(([url]) => url.startsWith(API_PATHS.mySignals + '?'));
    expect((listCall?.[1] as { headers?: Record<string, string> }).headers?.Authorization).toBe(`Token ${KEY}`);
  });

  it('a link that no longer works says so', async () => {
    renderApp({ path: `/mijn-meldingen/${KEY}`, config, fetch: api({ me: { status: 401, body: { detail: 'Ongeldige token.' } } }).fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Link verlopen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vraag een nieuwe link aan' })).toBeInTheDocument();
  });

  it('no reports: says so; a failed list: says so as an alert; a link that runs out while open: Link verlopen', async () => {
    sessionStorage.setItem('meldloket.my-signals', JSON.stringify({ token: KEY, email: 'melder@example.com' }));
    const { unmount } = renderApp({ path: '/mijn-meldingen/overzicht', config, fetch: api({ list: { body: { results: [], _links: { next: { href: null } } } } }).fetch });
    expect(await screen.findByText('Er zijn geen meldingen van het afgelopen jaar met dit e-mailadres.')).toBeInTheDocument();
    unmount();

    const failed = renderApp({ path: '/mijn-meldingen/overzicht', config, fetch: api({ list: { status: 500, body: { detail: 'kapot' } } }).fetch });
    expect(await screen.findByRole('alert')).toHaveTextContent('Uw meldingen konden niet worden opgehaald. Probeer het later nog eens.');
    failed.unmount();

    renderApp({ path: '/mijn-meldingen/overzicht', config, fetch: api({ list: { status: 401, body: { detail: 'Ongeldige token.' } } }).fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Link verlopen' })).toBeInTheDocument();
    expect(sessionStorage.getItem('meldloket.my-signals')).toBeNull();
  });

  it('opens a report from the list: its category, address, description, what is done with it and its history; back to the list', async () => {
    const user = userEvent.setup();
    renderApp({ path: `/mijn-meldingen/${KEY}`, config, fetch: api().fetch });
    await user.click(await screen.findByRole('link', { name: 'SIG-11 · Container is vol' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Melding SIG-11' })).toBeInTheDocument();
    expect(screen.getByText('Container is vol (Afval)')).toBeInTheDocument();
    expect(screen.getByText('Schoolstraat 4, Utrecht')).toBeInTheDocument();
    expect(screen.getByText('De container bij de school is vol.')).toBeInTheDocument();
    const handling = screen.getByRole('region', { name: 'Wat doen we met uw melding?' });
    expect(handling).toHaveTextContent('Wij legen de container binnen 3 werkdagen.');
    const history = screen.getByRole('region', { name: 'Geschiedenis' });
    expect(within(history).getByRole('listitem')).toHaveTextContent('Status gewijzigd naar: In behandeling');
    expect(within(history).getByRole('listitem')).toHaveTextContent('Wij gaan ermee aan de slag.');

    await user.click(screen.getByRole('link', { name: 'Terug naar mijn meldingen' }));
    expect(await screen.findByRole('link', { name: 'SIG-12 · Container is vol' })).toBeInTheDocument();
  });

  it('stopping forgets the link in this tab and goes back to asking for one', async () => {
    const user = userEvent.setup();
    renderApp({ path: `/mijn-meldingen/${KEY}`, config, fetch: api().fetch });
    await user.click(await screen.findByRole('button', { name: 'Stop met bekijken' }));
    expect(await screen.findByRole('button', { name: 'Stuur mij een link' })).toBeInTheDocument();
    expect(sessionStorage.getItem('meldloket.my-signals')).toBeNull();
  });
});
