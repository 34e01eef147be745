import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test-utils.tsx';

/** What a municipality configured (privacy.retention, reaching the app as `retention`). */
const CONFIGURED = { retention: { contactDays: 180, deleteAfterYears: { o: 3, a: 1, s: null } } };

describe('the resident’s pages state the configured retention (docs/privacy.md)', () => {
  it('the privacy page, with the defaults', async () => {
    renderApp({ path: '/privacy' });
    await screen.findByRole('heading', { level: 1, name: 'Privacy' });
    const list = screen.getByRole('heading', { name: 'Hoe lang bewaren we uw gegevens?' }).nextElementSibling!;
    expect(list).toHaveTextContent('Uw e-mailadres en telefoonnummer bewaren we tot 365 dagen nadat uw melding is afgerond.');
    expect(list).toHaveTextContent('E-mails die we u over uw melding sturen, bewaren we 365 dagen.');
    expect(list).toHaveTextContent('een melding met de status Afgehandeld verwijderen we na 5 jaar; een melding met de status Geannuleerd verwijderen we na 1 jaar');
    expect(screen.getByRole('link', { name: 'Lees de privacyverklaring van gemeente Amsterdam' })).toHaveAttribute('href', 'https://www.amsterdam.nl/privacy/');
  });

  it('the privacy page and the accessibility statement, with what the municipality configured', async () => {
    renderApp({ path: '/privacy', config: CONFIGURED });
    await screen.findByRole('heading', { level: 1, name: 'Privacy' });
    const list = screen.getByRole('heading', { name: 'Hoe lang bewaren we uw gegevens?' }).nextElementSibling!;
    expect(list).toHaveTextContent('bewaren we tot 180 dagen nadat');
    expect(list).toHaveTextContent('Afgehandeld verwijderen we na 3 jaar');
    expect(list).toHaveTextContent('een melding met de status Gesplitst bewaren we zonder einddatum');
    expect(list).not.toHaveTextContent('365');
  });

  it('the accessibility statement', async () => {
    renderApp({ path: '/toegankelijkheidsverklaring', config: CONFIGURED });
    await screen.findByRole('heading', { level: 1, name: 'Toegankelijkheid' });
    const list = screen.getByRole('heading', { name: 'Hoe lang bewaren we uw gegevens?' }).nextElementSibling!;
    expect(list).toHaveTextContent('bewaren we tot 180 dagen nadat');
  });

  it('the footer links to the privacy page', async () => {
    renderApp({ path: '/toegankelijkheidsverklaring' });
    await screen.findByRole('heading', { level: 1, name: 'Toegankelijkheid' });
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });
});
