import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch } from '../test-utils.tsx';

// The screens are lazy chunks; on a busy machine the first load takes longer than the default second.
configure({ asyncUtilTimeout: 5000 });

const verifyFetch = (status: number, body: unknown) =>
  stubFetch((url, init) => {
    if (url === '/signals/v1/public/reporter/verify-email' && init.method === 'POST') return { status, body };
    return { status: 200 };
  });

describe('e-mail verification page', () => {
  it('posts the token and confirms the address', async () => {
    const fetch = verifyFetch(200, { token: 'abc123' });
    renderApp({ path: '/verify_email/abc123', fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mailadres bevestigd' })).toBeInTheDocument();
    expect(screen.getByText(/map met ongewenste e-mail \(spam\)/)).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url === '/signals/v1/public/reporter/verify-email')!;
    expect(JSON.parse(call[1]!.body!)).toEqual({ token: 'abc123' });
  });

  it('shows that the address is being confirmed while the server answers', async () => {
    let release: () => void = () => {};
    const inner = verifyFetch(200, { token: 'wacht' });
    const fetch = vi.fn((url: string, init?: { method?: string; body?: string }) => {
      if (url === '/signals/v1/public/reporter/verify-email') return new Promise<void>((resolve) => (release = resolve)).then(() => inner(url, init));
      return inner(url, init);
    }) as unknown as typeof inner;
    renderApp({ path: '/verify_email/wacht', fetch });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/signals/v1/public/reporter/verify-email', expect.anything()));
    expect(await screen.findByRole('status')).toHaveTextContent('Uw e-mailadres wordt bevestigd…');
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mailadres bevestigd' })).toBeInTheDocument();
  });

  it('says the link is invalid with the configured phone number and hours, and offers a new report', async () => {
    const user = userEvent.setup();
    const { router } = renderApp({
      path: '/verify_email/oud',
      fetch: verifyFetch(400, { token: ['Token expired!'] }),
      config: { contact: { phone: '14 010', hours: 'maandag tot en met vrijdag van 08.00 tot 18.00 uur' } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Link ongeldig' })).toBeInTheDocument();
    expect(screen.getByText('Deze link is verlopen of ongeldig.')).toBeInTheDocument();
    expect(screen.getByText('Wilt u een nieuwe link ontvangen? Bel dan 14 010, maandag tot en met vrijdag van 08.00 tot 18.00 uur.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Doe een melding' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incident/beschrijf'));
  });

  it('says the address is already confirmed when the link is opened a second time', async () => {
    renderApp({ path: '/verify_email/twee', fetch: verifyFetch(400, { token: ['Token already verified!'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mailadres al bevestigd' })).toBeInTheDocument();
    expect(screen.getByText(/U hebt dit e-mailadres al eerder bevestigd/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Link ongeldig' })).not.toBeInTheDocument();
  });
});
