import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test-utils.tsx';


describe('accessibility statement', () => {
  it('lists no public map of reports while there is none', async () => {
    renderApp({ path: '/toegankelijkheidsverklaring' });
    await screen.findByRole('heading', { level: 1, name: 'Toegankelijkheid' });
    const sites = screen.getByRole('heading', { name: 'Voor welke sites geldt deze verklaring?' }).nextElementSibling!;
    expect(sites).toHaveTextContent('het meldformulier');
    expect(sites).not.toHaveTextContent(/meldingenkaart/);
  });

  it('lists the public map once its flag is on', async () => {
    renderApp({ path: '/toegankelijkheidsverklaring', config: { features: { enablePublicIncidentsMap: true } } });
    await screen.findByRole('heading', { level: 1, name: 'Toegankelijkheid' });
    expect(screen.getByRole('link', { name: 'de meldingenkaart, met de meldingen die nog open staan' })).toHaveAttribute('href', '/meldingenkaart');
  });

  it('lists the external party page, without a link (it opens only through a personal link), once its flag is on', async () => {
    const statement = 'de pagina waarop een externe partij reageert op een melding die de gemeente aan haar heeft doorgezet';
    renderApp({ path: '/toegankelijkheidsverklaring', config: { features: { enableForwardIncidentToExternal: true } } });
    await screen.findByRole('heading', { level: 1, name: 'Toegankelijkheid' });
    const sites = screen.getByRole('heading', { name: 'Voor welke sites geldt deze verklaring?' }).nextElementSibling!;
    expect(sites).toHaveTextContent(statement);
    expect(screen.queryByRole('link', { name: statement })).toBeNull();
  });

  it('leaves the external party page out while its flag is off', async () => {
    renderApp({ path: '/toegankelijkheidsverklaring' });
    await screen.findByRole('heading', { level: 1, name: 'Toegankelijkheid' });
    expect(screen.getByRole('heading', { name: 'Voor welke sites geldt deze verklaring?' }).nextElementSibling!).not.toHaveTextContent(/externe partij/);
  });
});
