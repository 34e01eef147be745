/**
 * The external party's page (/incident/extern/{token}) as the party uses it: what it shows of the
 * report for the link's data, the loading and failed states, and sending the answer, refused by the
 * API or taken.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch } from '../test-utils.tsx';

const TOKEN = 'abc123';
const PATH = `/signals/v1/public/external/${TOKEN}`;
const VIEW = {
  signal: {
    id_display: 'SIG-77',
    created_at: '2026-05-01T10:15:00+02:00',
    text: 'Boom ligt over het fietspad',
    status: { state: 'extern', state_display: 'Extern: verzoek tot afhandeling' },
    category: { main: 'Openbaar groen en water', sub: 'Boom' },
    location: { address_text: 'Stationsplein 1, Utrecht', geometrie: { type: 'Point', coordinates: [5.11, 52.09] } },
    attachments: [{ location: '/media/boom.jpg', is_image: true, created_at: '2026-05-01T10:16:00+02:00' }],
  },
  request: { text: 'Wilt u de boom weghalen?', created_at: '2026-05-02T09:00:00+02:00', expires_at: '2026-05-16T09:00:00+02:00' },
};
const config = { features: { enableForwardIncidentToExternal: true } };

/** The API: the link's view (or `load`'s answer); the answer itself goes through the browser's fetch. */
function open(load: { status?: number; body?: unknown } = { body: VIEW }) {
  const fetch = stubFetch((url, init) => (init.method === 'HEAD' ? { status: 200 } : url === PATH && (init.method ?? 'GET') === 'GET' ? load : undefined));
  renderApp({ path: `/incident/extern/${TOKEN}`, config, fetch });
  return fetch;
}

/** The browser's fetch for the answer's POST: `status` with `body`. */
function answerWith(status: number, body: unknown = {}) {
  const posted: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { body: FormData }) => {
      expect(url).toBe(PATH);
      posted.push(init.body);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return posted;
}

afterEach(() => vi.unstubAllGlobals());

describe('the external party\'s page', () => {
  it('shows the municipality\'s request and the report: number, category, description, photo, address; never a contact detail', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Verzoek tot afhandeling' })).toBeInTheDocument();
    const request = screen.getByRole('region', { name: 'Verzoek van de gemeente' });
    expect(within(request).getByText('Wilt u de boom weghalen?')).toBeInTheDocument();
    expect(within(request).getByText(/^U kunt reageren tot .*16/)).toBeInTheDocument();
    const report = screen.getByRole('region', { name: 'De melding' });
    expect(within(report).getByText('Nummer:').nextSibling).toHaveTextContent('SIG-77');
    expect(within(report).getByText('Boom (Openbaar groen en water)')).toBeInTheDocument();
    expect(within(report).getByText('Boom ligt over het fietspad')).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'Foto 1 van de melding vergroten' })).toBeInTheDocument();
    expect(within(report).getByText(/Stationsplein 1, Utrecht/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Wat hebt u gedaan?' })).toBeInTheDocument();
  });

  it('says it is loading until the link is answered, then that it does not know the link (404)', async () => {
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    const fetch = stubFetch((_url, init) => (init.method === 'HEAD' ? { status: 200 } : undefined));
    const slow = vi.fn(async (...args: Parameters<typeof fetch>) => {
      await promise;
      return fetch(...args);
    });
    renderApp({ path: `/incident/extern/${TOKEN}`, config, fetch: slow as unknown as typeof fetch });
    expect(await screen.findByRole('status')).toHaveTextContent('Bezig met laden');
    resolve();
    expect(await screen.findByRole('heading', { level: 1, name: 'Deze link kennen wij niet' })).toBeInTheDocument();
  });

  it.each([
    [{ status: 410, body: { code: 'used' } }, 'U hebt al gereageerd'],
    [{ status: 410, body: { code: 'expired' } }, 'Deze link is verlopen'],
    [{ status: 500, body: { detail: 'kapot' } }, 'De melding kon niet worden geladen'],
  ])('a link answered %j says %s', async (load, title) => {
    open(load);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Wat hebt u gedaan?' })).not.toBeInTheDocument();
  });

  it('asks for the answer before sending anything', async () => {
    const user = userEvent.setup();
    const posted = answerWith(201);
    open();
    await user.click(await screen.findByRole('button', { name: 'Verstuur' }));
    expect(screen.getByRole('textbox', { name: 'Wat hebt u gedaan?' })).toHaveAccessibleDescription(/verplicht/);
    expect(posted).toHaveLength(0);
  });

  it('sends the answer and thanks the party', async () => {
    const user = userEvent.setup();
    const posted = answerWith(201);
    open();
    await user.type(await screen.findByRole('textbox', { name: 'Wat hebt u gedaan?' }), 'De boom is weggehaald.');
    await user.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bedankt voor uw reactie' })).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]!.get('text')).toBe('De boom is weggehaald.');
  });

  it('keeps the answer when sending fails for a passing reason, says so, and a second try is taken', async () => {
    const user = userEvent.setup();
    const posted = answerWith(500, { detail: 'Interne fout' });
    open();
    const answer = await screen.findByRole('textbox', { name: 'Wat hebt u gedaan?' });
    await user.type(answer, 'De boom is weggehaald.');
    await user.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(await screen.findByText('Het versturen van uw reactie is mislukt')).toBeInTheDocument();
    expect(screen.getByText('Het versturen van uw reactie is mislukt').closest('[role="alert"]')).not.toBeNull();
    // the form and what was typed are still there
    expect(screen.getByRole('textbox', { name: 'Wat hebt u gedaan?' })).toHaveValue('De boom is weggehaald.');
    const retried = answerWith(201);
    await user.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bedankt voor uw reactie' })).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(retried[0]!.get('text')).toBe('De boom is weggehaald.');
  });

  it.each([
    [410, { code: 'closed' }, 'Deze melding wacht niet meer op uw reactie'],
    [410, { code: 'used' }, 'U hebt al gereageerd'],
  ])('an answer the API refuses with %i for good says so', async (status, body, title) => {
    const user = userEvent.setup();
    const posted = answerWith(status, body);
    open();
    await user.type(await screen.findByRole('textbox', { name: 'Wat hebt u gedaan?' }), 'Gedaan.');
    await user.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });
});
