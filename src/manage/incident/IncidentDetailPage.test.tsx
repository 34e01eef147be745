import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-utils.tsx';
import { formatCreatedAt } from '@meldloket/engine';
import { detail, HISTORY, incidentServer, signedIn } from './fixtures.test-data.ts';

vi.mock('../../reply/LocationMap.tsx', () => ({ default: () => <div>kaart</div> }));

const open = (server: ReturnType<typeof incidentServer>) => renderApp({ path: '/manage/incident/42', auth: signedIn(), fetch: server.fetch });

async function openStatusForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Status wijzigen' }));
  return screen.getByRole('form', { name: 'Status wijzigen' });
}

const radioNames = (form: HTMLElement) =>
  within(within(form).getByRole('group', { name: 'Nieuwe status' }))
    .getAllByRole('radio')
    .map((r) => (r as HTMLInputElement).labels?.[0]?.textContent);

describe('status change (docs/reference/statuses.md#states-and-transitions manual targets, docs/reference/statuses.md#transitions graph)', () => {
  it('offers from Gemeld only the manual targets the graph allows', async () => {
    open(incidentServer());
    const form = await openStatusForm();
    expect(radioNames(form)).toEqual(['In afwachting van behandeling', 'Reactie gevraagd', 'Ingepland', 'In behandeling', 'Afgehandeld', 'Geannuleerd']);
    expect(radioNames(form)).not.toContain('Doorgezet naar extern');
  });

  it('offers from Afgehandeld only Heropend (Verzoek tot heropenen is set by the application)', async () => {
    open(incidentServer({ detail: detail({ status: { state: 'o', state_display: 'Afgehandeld', text: 'Klaar' } }) }));
    const form = await openStatusForm();
    expect(radioNames(form)).toEqual(['Heropend']);
  });

  it('says so when nothing can be picked by hand (Gesplitst)', async () => {
    open(incidentServer({ detail: detail({ status: { state: 's', state_display: 'Gesplitst', text: null } }) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Status wijzigen' }));
    expect(screen.getByText('Vanuit deze status kan de status niet met de hand gewijzigd worden.')).toBeInTheDocument();
  });

  it('wants a text for Afgehandeld, inline, and sends nothing without one', async () => {
    const server = incidentServer();
    open(server);
    const form = await openStatusForm();
    await userEvent.click(within(form).getByRole('radio', { name: 'Afgehandeld' }));
    expect(within(form).getByText('De melder ontvangt een e-mail met deze toelichting.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Status opslaan' }));
    expect(within(form).getByRole('textbox', { name: 'Toelichting' })).toHaveAccessibleDescription(/Invoerfout: Vul een toelichting in\./);
    expect(server.patches()).toEqual([]);
  });

  it('closes with a picked default text, edited, and mails the reporter', async () => {
    const closed = detail({ status: { state: 'o', state_display: 'Afgehandeld', text: 'x' } });
    const server = incidentServer({ patch: () => ({ body: closed }) });
    open(server);
    const form = await openStatusForm();
    await userEvent.click(within(form).getByRole('radio', { name: 'Afgehandeld' }));
    await userEvent.click(await within(form).findByRole('button', { name: 'Gebruik ‘Opgehaald’' }));
    const text = within(form).getByRole('textbox', { name: 'Toelichting' });
    expect(text).toHaveValue('Het grofvuil is opgehaald. Bedankt voor uw melding.');
    await userEvent.type(text, ' Groet.');
    await userEvent.click(within(form).getByRole('button', { name: 'Status opslaan' }));
    await waitFor(() => expect(server.patches()).toEqual([{ status: { state: 'o', text: 'Het grofvuil is opgehaald. Bedankt voor uw melding. Groet.', send_email: true } }]));
    expect(await screen.findByText('De status is gewijzigd naar Afgehandeld.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Status wijzigen' })).not.toBeInTheDocument();
  });

  it('offers the status messages (v2) when their screen is on', async () => {
    const server = incidentServer();
    renderApp({ path: '/manage/incident/42', auth: signedIn(), fetch: server.fetch, config: { features: { showStandardTextAdminV2: true } } });
    const form = await openStatusForm();
    await userEvent.click(within(form).getByRole('radio', { name: 'Afgehandeld' }));
    await userEvent.click(await within(form).findByRole('button', { name: 'Gebruik ‘Opgehaald’' }));
    expect(within(form).getByRole('textbox', { name: 'Toelichting' })).toHaveValue('Het grofvuil is opgehaald. Bedankt voor uw melding.');
    expect(server.calls.some((c) => c.url.startsWith('/signals/v1/private/status-messages/?') && c.url.includes('category_id=12') && c.url.includes('state=o'))).toBe(true);
  });

  it('forwards to an external party behind its flag, with its e-mail address and a text', async () => {
    const server = incidentServer({ patch: () => ({ body: detail({ status: { state: 'forward to external', state_display: 'Doorgezet naar extern', text: 'x' } }) }) });
    renderApp({ path: '/manage/incident/42', auth: signedIn(), fetch: server.fetch, config: { features: { enableForwardIncidentToExternal: true } } });
    const form = await openStatusForm();
    expect(radioNames(form)).toContain('Doorgezet naar extern');
    await userEvent.click(within(form).getByRole('radio', { name: 'Doorgezet naar extern' }));
    expect(within(form).getByText('De externe partij ontvangt een e-mail met deze toelichting en een link om te reageren.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Status opslaan' }));
    expect(within(form).getByRole('textbox', { name: 'E-mailadres van de externe partij' })).toHaveAccessibleDescription('Invoerfout: Vul een geldig e-mailadres van de externe partij in.');
    expect(server.patches()).toEqual([]);
    await userEvent.type(within(form).getByRole('textbox', { name: 'E-mailadres van de externe partij' }), 'aannemer@example.com');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Toelichting' }), 'Graag de bank ophalen.');
    await userEvent.click(within(form).getByRole('button', { name: 'Status opslaan' }));
    await waitFor(() =>
      expect(server.patches()).toEqual([{ status: { state: 'forward to external', text: 'Graag de bank ophalen.', send_email: true, email_override: 'aannemer@example.com' } }]),
    );
  });

  it('does not mail for In behandeling unless the handler sends the text along', async () => {
    const server = incidentServer({ patch: () => ({ body: detail({ status: { state: 'b', state_display: 'In behandeling', text: null } }) }) });
    open(server);
    const form = await openStatusForm();
    await userEvent.click(within(form).getByRole('radio', { name: 'In behandeling' }));
    expect(within(form).getByRole('checkbox', { name: 'Stuur deze toelichting ook per e-mail naar de melder' })).not.toBeChecked();
    expect(await within(form).findByText('Er zijn geen standaard teksten voor deze status en subcategorie.')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Status opslaan' }));
    await waitFor(() => expect(server.patches()).toEqual([{ status: { state: 'b', send_email: false } }]));
  });

  it('mails the text of In behandeling when the handler ticks the box', async () => {
    const server = incidentServer({ patch: () => ({ body: detail({ status: { state: 'b', state_display: 'In behandeling', text: 'Wij gaan aan de slag' } }) }) });
    open(server);
    const form = await openStatusForm();
    await userEvent.click(within(form).getByRole('radio', { name: 'In behandeling' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Toelichting' }), 'Wij gaan aan de slag');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Stuur deze toelichting ook per e-mail naar de melder' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Status opslaan' }));
    await waitFor(() => expect(server.patches()).toEqual([{ status: { state: 'b', text: 'Wij gaan aan de slag', send_email: true } }]));
  });

  it('asks the reporter a question of at most 1000 characters', async () => {
    const server = incidentServer();
    open(server);
    const form = await openStatusForm();
    await userEvent.click(within(form).getByRole('radio', { name: 'Reactie gevraagd' }));
    const question = within(form).getByRole('textbox', { name: 'Vraag aan de melder' });
    await userEvent.click(question);
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(within(form).getByRole('button', { name: 'Status opslaan' }));
    expect(question).toHaveAccessibleDescription(/Je hebt meer dan de maximale 1000 tekens ingevoerd\./);
    expect(server.patches()).toEqual([]);
  });

  it('cannot ask a reporter without an e-mail address', async () => {
    const noEmail = incidentServer({ detail: detail({ reporter: { email: '', phone: '', sharing_allowed: false } }) });
    open(noEmail);
    const form = await openStatusForm();
    // said up front: the choice is there, switched off, with the reason
    const question = within(form).getByRole('radio', { name: /Reactie gevraagd/ });
    expect(question).toBeDisabled();
    expect(question).toHaveAccessibleDescription(/De melder heeft geen e-mailadres opgegeven/);
    await userEvent.click(question);
    expect(question).not.toBeChecked();
    expect(within(form).queryByRole('textbox', { name: 'Vraag aan de melder' })).not.toBeInTheDocument();
    expect(noEmail.patches()).toEqual([]);
  });

  it('shows the server’s rule messages inline: a top-level transition error under the choice, a nested text error under the text', async () => {
    const server = incidentServer({
      patch: (body) =>
        (body.status as { state: string }).state === 'a'
          ? { status: 400, body: { state: ['Invalid state transition from `Gemeld` to `Geannuleerd`.'] } }
          : { status: 400, body: { status: { text: ['Zorg ervoor dat dit veld niet meer dan 1000 karakters bevat.'] } } },
    });
    open(server);
    const form = await openStatusForm();
    await userEvent.click(within(form).getByRole('radio', { name: 'Geannuleerd' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Status opslaan' }));
    await waitFor(() => expect(within(form).getByRole('group', { name: 'Nieuwe status' })).toHaveAccessibleDescription(/Invalid state transition from `Gemeld` to `Geannuleerd`\./));

    await userEvent.click(within(form).getByRole('radio', { name: 'Reactie gevraagd' }));
    await userEvent.type(within(form).getByRole('textbox', { name: 'Vraag aan de melder' }), 'Waar?');
    await userEvent.click(within(form).getByRole('button', { name: 'Status opslaan' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Vraag aan de melder' })).toHaveAccessibleDescription(/niet meer dan 1000 karakters/));
  });
});

describe('notes (docs/reference/limits.md#validation)', () => {
  it('refuses an empty note and one over 3000 characters with the spec’s messages', async () => {
    const server = incidentServer();
    open(server);
    const note = await screen.findByRole('textbox', { name: 'Notitie' });
    await userEvent.click(screen.getByRole('button', { name: 'Notitie opslaan' }));
    expect(note).toHaveAccessibleDescription(/De notitie mag niet leeg zijn/);
    await userEvent.click(note);
    await userEvent.paste('a'.repeat(3001));
    await userEvent.click(screen.getByRole('button', { name: 'Notitie opslaan' }));
    expect(note).toHaveAccessibleDescription(/Je hebt meer dan de maximale 3000 tekens ingevoerd\./);
    expect(server.patches()).toEqual([]);
  });

  it('saves a note, empties the field and fetches the history again', async () => {
    const server = incidentServer();
    open(server);
    const note = await screen.findByRole('textbox', { name: 'Notitie' });
    await userEvent.type(note, 'Gebeld met de melder');
    await userEvent.click(screen.getByRole('button', { name: 'Notitie opslaan' }));
    await waitFor(() => expect(server.patches()).toEqual([{ notes: [{ text: 'Gebeld met de melder' }] }]));
    await waitFor(() => expect(note).toHaveValue(''));
    await waitFor(() => expect(server.calls.filter((c) => c.url.endsWith('/history')).length).toBe(2));
  });
});

describe('history and the report', () => {
  it('lists the history newest first, with the product’s own name (Meldloket) for the system', async () => {
    open(incidentServer());
    const history = await screen.findByRole('region', { name: 'Geschiedenis' });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      `${formatCreatedAt(HISTORY[0]!.when)}behandelaar@meldloket.testNotitie toegevoegd:Gebeld met de melder`,
      `${formatCreatedAt(HISTORY[1]!.when)}MeldloketMelding gemaakt`,
    ]);
  });

  it("shows the end of a reaction request: the reporter's answer, or none within the days to answer", async () => {
    const at = '2026-11-28T10:00:00+01:00';
    const entries = [
      { identifier: 'UPDATE_STATUS_9', when: at, what: 'UPDATE_STATUS', action: 'Status gewijzigd naar: Reactie ontvangen', description: 'Geen reactie ontvangen.', who: 'Signalen systeem' },
      { identifier: 'NOT_RECEIVED_SESSION_8', when: at, what: 'NOT_RECEIVED_SESSION', action: 'Geen reactie van de melder ontvangen binnen 5 dagen op de vraag:', description: 'Waar precies?', who: 'Signalen systeem' },
      { identifier: 'RECEIVE_SESSION_5', when: '2026-11-23T12:00:00+01:00', what: 'RECEIVE_SESSION', action: 'Reactie van de melder ontvangen op de vraag:', description: 'Staat hij er nog?', who: 'Signalen systeem' },
      ...HISTORY,
    ];
    open(incidentServer({ history: entries }));
    const history = await screen.findByRole('region', { name: 'Geschiedenis' });
    const items = await within(history).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      `${formatCreatedAt(at)}MeldloketStatus gewijzigd naar: Reactie ontvangenGeen reactie ontvangen.`,
      `${formatCreatedAt(at)}MeldloketGeen reactie van de melder ontvangen binnen 5 dagen op de vraag:Waar precies?`,
      `${formatCreatedAt(entries[2]!.when)}MeldloketReactie van de melder ontvangen op de vraag:Staat hij er nog?`,
      `${formatCreatedAt(HISTORY[0]!.when)}behandelaar@meldloket.testNotitie toegevoegd:Gebeld met de melder`,
      `${formatCreatedAt(HISTORY[1]!.when)}MeldloketMelding gemaakt`,
    ]);
  });

  it('says the history could not be fetched when it fails', async () => {
    open(incidentServer({ history: 'fail' }));
    const history = await screen.findByRole('region', { name: 'Geschiedenis' });
    expect(await within(history).findByText('De melding geschiedenis kon niet opgehaald worden')).toBeInTheDocument();
  });

  it('shows the fields, the answers and masked contact details', async () => {
    open(incidentServer({ detail: detail({ reporter: { email: '*****', phone: '*****', sharing_allowed: false } }) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Melding SIG-42' })).toBeInTheDocument();
    const fields = screen.getByRole('region', { name: 'Gegevens' });
    expect(within(fields).getByText('Er ligt een bank op de stoep')).toBeInTheDocument();
    expect(within(fields).getByText('Wat voor grofvuil?').nextSibling).toHaveTextContent('Een bank');
    expect(within(fields).getAllByText('Afgeschermd: je hebt geen recht om contactgegevens te zien.')).toHaveLength(2);
    expect(within(fields).getByText('Resterende afhandeltermijn').nextSibling?.textContent).toMatch(/^-?\d+ werkdag(en)?$/);
    expect(await screen.findByText('3 meldingen, waarvan 1 open; 1 tevreden, 0 ontevreden')).toBeInTheDocument();
  });

  it('shows no remaining days while a reaction is awaited (docs/reference/statuses.md#states-and-transitions)', async () => {
    open(incidentServer({ detail: detail({ status: { state: 'reaction requested', state_display: 'Reactie gevraagd', text: 'Waar?' } }) }));
    const fields = await screen.findByRole('region', { name: 'Gegevens' });
    expect(within(fields).getByText('Resterende afhandeltermijn').nextSibling).toHaveTextContent('–');
  });
});

describe('shortcuts', () => {
  it('opens the status form with S, but not while typing a note', async () => {
    open(incidentServer());
    const note = await screen.findByRole('textbox', { name: 'Notitie' });
    await userEvent.type(note, 's');
    expect(screen.queryByRole('form', { name: 'Status wijzigen' })).not.toBeInTheDocument();
    expect(note).toHaveValue('s');
    note.blur();
    await userEvent.keyboard('s');
    const form = screen.getByRole('form', { name: 'Status wijzigen' });
    // focus moves into the status panel, to its first choice
    await waitFor(() => expect(form).toContainElement(document.activeElement as HTMLElement));
    expect(screen.getByRole('region', { name: 'Sneltoetsen' })).toHaveTextContent('SStatus wijzigen');
  });

  it('can be switched off', async () => {
    open(incidentServer());
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Sneltoetsen gebruiken' }));
    await userEvent.keyboard('s');
    expect(screen.queryByRole('form', { name: 'Status wijzigen' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sneltoetsen gebruiken' }));
  });
});

describe('assignment (docs/reference/screens.md#entities assignment option)', () => {
  const assign = async (server: ReturnType<typeof incidentServer>) => {
    open(server);
    await userEvent.click(await screen.findByRole('button', { name: 'Toegewezen aan wijzigen' }));
    const form = screen.getByRole('form', { name: 'Toegewezen aan wijzigen' });
    const select = within(form).getByRole('combobox', { name: 'Toegewezen aan' });
    await within(select).findByRole('option', { name: /bas@meldloket\.test/ });
    return { form, select };
  };

  it('offers Niet toegewezen and the users of the report’s departments, and sends the choice', async () => {
    const server = incidentServer({ users: 'list', patch: (body) => ({ body: detail({ assigned_user_email: body.assigned_user_email as string }) }) });
    const { form, select } = await assign(server);
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Niet toegewezen', 'Bas Behandelaar (bas@meldloket.test)']);
    // the server's choice: colleagues of the report's departments who may handle it
    expect(server.calls.some((c) => c.url === '/signals/v1/private/signals/42/assignable-users/')).toBe(true);
    await userEvent.selectOptions(select, 'bas@meldloket.test');
    await userEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(server.patches()).toEqual([{ assigned_user_email: 'bas@meldloket.test' }]));
    expect(await screen.findByText('De wijziging is opgeslagen.')).toBeInTheDocument();
  });

  it('says so when the colleagues cannot be fetched, and offers only Niet toegewezen', async () => {
    open(incidentServer({ users: 'fail' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Toegewezen aan wijzigen' }));
    const form = screen.getByRole('form', { name: 'Toegewezen aan wijzigen' });
    const select = within(form).getByRole('combobox', { name: 'Toegewezen aan' });
    expect(await within(form).findByText('De medewerkers van de afdeling konden niet opgehaald worden.')).toBeInTheDocument();
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Niet toegewezen']);
  });
});

describe('controls follow the rights (docs/reference/permissions.md#roles)', () => {
  const reader = { id: 9, username: 'lezer@meldloket.test', roles: [{ id: 2, name: 'Alleen lezen', permissions: [{ id: 1, codename: 'sia_read' }] }], permissions: [] };

  it('offers a read-only user no action, no note form and no shortcut for them; only the PDF', async () => {
    renderApp({ path: '/manage/incident/42', auth: signedIn(reader), fetch: incidentServer().fetch });
    await screen.findByRole('heading', { name: 'Melding SIG-42', level: 1 });
    const actions = screen.getByRole('region', { name: 'Acties' });
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Download PDF']);
    expect(actions).toHaveTextContent('Je kunt deze melding inzien, niet wijzigen.');
    expect(screen.queryByRole('textbox', { name: 'Notitie' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sneltoetsen' })).not.toHaveTextContent('Status wijzigen');
    await userEvent.keyboard('s');
    expect(screen.queryByRole('form', { name: 'Status wijzigen' })).not.toBeInTheDocument();
  });

  it('offers a handler the actions of his rights (no split without the create right)', async () => {
    renderApp({ path: '/manage/incident/42', auth: signedIn(), fetch: incidentServer().fetch });
    await screen.findByRole('heading', { name: 'Melding SIG-42', level: 1 });
    const names = within(screen.getByRole('region', { name: 'Acties' })).getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(expect.arrayContaining(['Download PDF', 'Status wijzigen', 'Subcategorie wijzigen', 'Toegewezen aan wijzigen']));
    expect(names).not.toContain('Splitsen in deelmeldingen');
  });
});
