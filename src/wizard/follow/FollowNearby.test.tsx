/**
 * 'Is dit hetzelfde probleem?' (docs/duplicates.md) when the server says no: a report closed meanwhile or a
 * refused address is said in the error summary and the form stays, the address kept; 'Annuleren'
 * returns the focus to the report's button; an empty
 * nearby list shows nothing. The whole flow runs in tests/e2e/wizard-follow.e2e.ts.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { createApiClient } from '@meldloket/engine';
import { QueryClientProvider } from '@tanstack/react-query';
import { ApiProvider } from '../../api/index.ts';
import { createQueryClient } from '../../api/query.ts';
import { AuthProvider } from '../../auth/auth.tsx';
import { ConfigProvider } from '../../config/index.ts';
import { loadConfig } from '../../config/load.ts';
import { NotificationProvider } from '../../notifications/index.ts';
import { FollowNearby } from './FollowNearby.tsx';

const answer = (status: number, body: unknown) => ({ ok: status < 400, status, statusText: String(status), headers: { get: () => 'application/json' }, json: async () => body, text: async () => JSON.stringify(body) });
const REPORT = { id: 7, id_display: 'SIG-7', created_at: '2026-11-20T10:00:00Z', status: { state_display: 'Gemeld' }, geometry: { type: 'Point', coordinates: [4.893, 52.373] }, distance: 12.4 };

afterEach(() => localStorage.clear());

function show(respond: (url: string, init: { method?: string; body?: string }) => unknown) {
  const fetch = vi.fn(async (url: string, init: { method?: string; body?: string }) => respond(url, init));
  const api = createApiClient<AbortSignal>({ fetch: fetch as never });
  render(
    <ConfigProvider config={loadConfig()}>
      <NotificationProvider>
        <ApiProvider client={api}>
          <AuthProvider api={api} leave={vi.fn()}>
            <QueryClientProvider client={createQueryClient()}>
              <FollowNearby category="afval" subcategory="grofvuil" lat={52.373} lng={4.893} />
            </QueryClientProvider>
          </AuthProvider>
        </ApiProvider>
      </NotificationProvider>
    </ConfigProvider>,
  );
  return fetch;
}

it('says the server refusal of a report closed meanwhile in the error summary, keeping the address', async () => {
  const fetch = show((url, init) =>
    init.method === 'POST' ? answer(400, { signal: ['Deze melding is al afgehandeld.'] }) : url.includes('/followers/nearby') ? answer(200, { results: [REPORT] }) : answer(200, {}),
  );
  const user = userEvent.setup();
  const section = await screen.findByRole('region', { name: 'Is dit hetzelfde probleem?' });
  expect(section).toHaveTextContent('Gemeld op 20 november 2026');
  expect(section).toHaveTextContent('12 meter hiervandaan');
  // 'Annuleren' goes back to the list, the focus on the button the resident came from
  await user.click(screen.getByRole('button', { name: 'Ja, houd mij op de hoogte' }));
  expect(screen.getByRole('heading', { name: 'Melding SIG-7 volgen' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Annuleren' }));
  expect(screen.getByRole('button', { name: 'Ja, houd mij op de hoogte' })).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Ja, houd mij op de hoogte' }));
  await user.type(screen.getByRole('textbox', { name: 'Wat is uw e-mailadres?' }), 'buur@example.com');
  await user.click(screen.getByRole('button', { name: 'Volg deze melding' }));
  const summary = await screen.findByRole('region', { name: 'Er ging iets mis bij het invullen' });
  expect(summary).toHaveTextContent('E-mailadres: Deze melding is al afgehandeld.');
  expect(screen.getByRole('textbox', { name: 'Wat is uw e-mailadres?' })).toHaveValue('buur@example.com');
  expect(screen.queryByRole('heading', { name: 'Bevestig uw e-mailadres' })).toBeNull();
  const post = fetch.mock.calls.find(([, init]) => init.method === 'POST')!;
  expect(JSON.parse(post[1].body!)).toEqual({ signal: 7, email: 'buur@example.com' });
});

it('shows nothing when there is no open report nearby', async () => {
  const fetch = show(() => answer(200, { results: [] }));
  await waitFor(() => expect(fetch.mock.calls.some(([url]) => url.includes('/followers/nearby?main_slug=afval&sub_slug=grofvuil'))).toBe(true));
  expect(screen.queryByRole('region', { name: 'Is dit hetzelfde probleem?' })).toBeNull();
});
