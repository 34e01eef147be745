import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test-utils.tsx';

configure({ asyncUtilTimeout: 5000 });

describe("'Mijn meldingen': asking for a link", () => {
  it('the intro describes the e-mail field, and a refused address puts the cursor back in it', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/mijn-meldingen', config: { features: { enableMyIncidents: true } } });
    const field = await screen.findByRole('textbox', { name: /E-mailadres/ });
    expect(field).toHaveAccessibleDescription(/U krijgt dan een e-mail met een link naar uw meldingen/);
    await user.click(screen.getByRole('button', { name: 'Stuur mij een link' }));
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(/Vul uw e-mailadres in\..*U krijgt dan een e-mail/);
  });
});
