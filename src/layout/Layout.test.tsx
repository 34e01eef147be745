import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch } from '../test-utils.tsx';

describe('page frame', () => {
  it('shows the footer links to about, privacy and accessibility', async () => {
    renderApp({ path: '/toegankelijkheidsverklaring' });
    const footer = await screen.findByRole('navigation', { name: 'Over deze site' });
    expect(footer).toHaveTextContent('Over deze site');
    expect(screen.getByRole('link', { name: 'Privacy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Toegankelijkheid' })).toHaveAttribute('href', '/toegankelijkheidsverklaring');
  });

  it('links the logo to the configured home page', async () => {
    renderApp({ path: '/toegankelijkheidsverklaring', config: { links: { home: 'https://www.utrecht.nl/' }, municipality: 'Utrecht' } });
    expect(await screen.findByRole('link', { name: 'Gemeente Utrecht Meldloket' })).toHaveAttribute('href', 'https://www.utrecht.nl/');
  });

  it('hides the footer in app mode', async () => {
    renderApp({ path: '/toegankelijkheidsverklaring', config: { features: { appMode: true } } });
    await screen.findByRole('heading', { level: 1, name: 'Toegankelijkheid' });
    expect(screen.queryByRole('navigation', { name: 'Over deze site' })).not.toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });

  it('hides the footer for signed-in staff', async () => {
    renderApp({ path: '/toegankelijkheidsverklaring', auth: { isAuthenticated: true, getToken: () => 'x' } });
    await screen.findByRole('heading', { level: 1, name: 'Toegankelijkheid' });
    expect(screen.queryByRole('navigation', { name: 'Over deze site' })).not.toBeInTheDocument();
  });

  it('goes to the maintenance page when the health check answers 503', async () => {
    const fetch = stubFetch((url, init) => (init.method === 'HEAD' && url === '/signals/' ? { status: 503 } : undefined));
    const { router } = renderApp({ path: '/toegankelijkheidsverklaring', fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tijdelijk niet te gebruiken' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onderhoud');
    await waitFor(() => expect(document.title).toBe('Onderhoudspagina - Meldloket'));
  });

  it('stays on the page when the API is healthy', async () => {
    const { router, fetch } = renderApp({ path: '/toegankelijkheidsverklaring' });
    await screen.findByRole('heading', { level: 1, name: 'Toegankelijkheid' });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/signals/', expect.objectContaining({ method: 'HEAD' })));
    expect(router.state.location.pathname).toBe('/toegankelijkheidsverklaring');
  });

  it("shows 'Pagina niet gevonden' for an unknown path", async () => {
    renderApp({ path: '/bestaat/niet' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pagina niet gevonden - Meldloket'));
  });

  it('dates the accessibility statement 02-11-2024 and gives the contact phone number', async () => {
    renderApp({ path: '/toegankelijkheidsverklaring', config: { contact: { phone: '020 555 12 34' } } });
    await screen.findByRole('heading', { level: 1, name: 'Toegankelijkheid' });
    expect(screen.getByText('02-11-2024')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '020 555 12 34' })).toHaveAttribute('href', 'tel:0205551234');
  });

  it('scrolls to the top on every route change', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderApp({ path: '/toegankelijkheidsverklaring' });
    await screen.findByRole('heading', { level: 1, name: 'Toegankelijkheid' });
    scrollTo.mockClear();
    await act(() => router.navigate('/onderhoud'));
    await screen.findByRole('heading', { level: 1, name: 'Tijdelijk niet te gebruiken' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});
