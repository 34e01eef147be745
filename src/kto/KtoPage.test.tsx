import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch, type FetchHandler } from '../test-utils.tsx';


const UUID = '3a1c2b4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const FORM = `/signals/v1/public/feedback/forms/${UUID}`;
const standard = {
  count: 4,
  results: [
    { satisfaction: 'satisfied', is_satisfied: true, text: 'Het ging snel' },
    { satisfaction: 'satisfied', is_satisfied: true, text: 'Het probleem is opgelost' },
    { satisfaction: 'not_satisfied', is_satisfied: false, text: 'Het duurde te lang' },
    { satisfaction: 'not_received', is_satisfied: false, text: 'Ik heb geen bericht over de afhandeling gekregen' },
  ],
};

function api(overrides: FetchHandler = () => undefined) {
  return stubFetch((url, init) => {
    const over = overrides(url, init);
    if (over) return over;
    if (url === FORM && (init.method ?? 'GET') === 'GET') return { body: { uuid: UUID, id_display: 'SIG-7' } };
    if (url === FORM && init.method === 'PUT') return { body: {} };
    if (url === '/signals/v1/public/feedback/standard_answers/') return { body: standard };
    return { status: 200 };
  });
}

describe('satisfaction survey page', () => {
  it('asks what went well with the choices for satisfied reporters and sends the answer once', async () => {
    const user = userEvent.setup();
    const fetch = api();
    renderApp({ path: `/kto/satisfied/${UUID}`, fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Uw mening over de afhandeling' })).toBeInTheDocument();
    expect(screen.getByText(/tevreden bent over de afhandeling van uw melding SIG-7/)).toBeInTheDocument();
    const group = screen.getByRole('group', { name: /Wat ging er goed\?/ });
    expect(group).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Het duurde te lang' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Het ging snel' }));
    await user.type(screen.getByRole('textbox', { name: /Wilt u nog iets anders kwijt\?/ }), 'Prima geregeld');
    await user.click(screen.getByRole('checkbox', { name: 'Ja, u mag contact met mij opnemen over mijn reactie' }));
    await user.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bedankt voor uw reactie' })).toBeInTheDocument();
    const put = fetch.mock.calls.filter(([url, init]) => url === FORM && init?.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(JSON.parse(put[0][1]!.body!)).toEqual({ satisfaction: 'satisfied', text_list: ['Het ging snel'], text_extra: 'Prima geregeld', allows_contact: true });
  });

  it('says the report will be looked at again when the answer reopens it', async () => {
    const user = userEvent.setup();
    renderApp({ path: `/kto/not_satisfied/${UUID}`, fetch: api((url, init) => (url === FORM && init.method === 'PUT' ? { body: { reopened: true } } : undefined)) });
    await user.click(await screen.findByRole('checkbox', { name: 'Het duurde te lang' }));
    await user.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(await screen.findByText('Omdat het probleem volgens u nog niet is opgelost, kijken wij opnieuw naar uw melding.')).toBeInTheDocument();
  });

  it("says when the free text is needed: not '(niet verplicht)' while no box is ticked", async () => {
    const user = userEvent.setup();
    renderApp({ path: `/kto/not_received/${UUID}`, fetch: api() });
    const extra = await screen.findByRole('textbox', { name: /Wilt u nog iets anders kwijt\?/ });
    expect(extra).toHaveAccessibleName('Wilt u nog iets anders kwijt?');
    expect(extra).toHaveAccessibleDescription(/Kiest u hierboven geen antwoord\? Vul dan hier een toelichting in\./);
    expect(extra).toHaveAttribute('aria-required', 'true');
    await user.click(screen.getAllByRole('checkbox')[0]);
    expect(extra).toHaveAccessibleName('Wilt u nog iets anders kwijt? (niet verplicht)');
    expect(extra).not.toHaveAttribute('aria-required');
  });

  it('asks for a choice or an explanation before sending', async () => {
    const user = userEvent.setup();
    const fetch = api();
    renderApp({ path: `/kto/not_received/${UUID}`, fetch });
    expect(await screen.findByRole('group', { name: /Wat is er aan de hand\?/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(screen.getByRole('group', { name: /Wat is er aan de hand\?/ })).toHaveAccessibleDescription(/Kies minstens één antwoord of vul een toelichting in./);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('shows a loading state until the survey is there', async () => {
    let release: () => void = () => {};
    const inner = api();
    const fetch = vi.fn((url: string, init?: { method?: string; body?: string }) => {
      if (url === FORM) return new Promise<void>((resolve) => (release = resolve)).then(() => inner(url, init));
      return inner(url, init);
    }) as unknown as typeof inner;
    renderApp({ path: `/kto/satisfied/${UUID}`, fetch });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(FORM, expect.anything()));
    expect(await screen.findByRole('status')).toHaveTextContent('Bezig met laden…');
    expect(screen.queryByRole('button', { name: 'Verstuur' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Uw mening over de afhandeling' })).toBeInTheDocument();
  });

  it('says the link expired', async () => {
    renderApp({ path: `/kto/not_satisfied/${UUID}`, fetch: api((url) => (url === FORM ? { status: 410, body: { detail: 'expired' } } : undefined)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deze link is verlopen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Doe een melding' })).toHaveAttribute('href', '/incident/beschrijf');
  });

  it('says the survey was already answered', async () => {
    renderApp({ path: `/kto/satisfied/${UUID}`, fetch: api((url) => (url === FORM ? { status: 410, body: { detail: 'filled out' } } : undefined)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'U hebt uw mening al gegeven' })).toBeInTheDocument();
  });

  it('calls an unknown link or indication invalid', async () => {
    renderApp({ path: `/kto/blij/${UUID}`, fetch: api() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Link ongeldig' })).toBeInTheDocument();
  });

  it('shows an error with a global notification when the server fails', async () => {
    renderApp({ path: `/kto/satisfied/${UUID}`, fetch: api((url) => (url === FORM ? { status: 500, body: { detail: 'x' } } : undefined)) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Er is iets misgegaan' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Probeer het later nog eens.')).toHaveLength(2));
  });
});
