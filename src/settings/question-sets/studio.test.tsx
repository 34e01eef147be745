/**
 * The question-set studio (docs/studio-api.md) against a faked API (docs/studio-api.md): the list, adding a
 * required radio question with a condition in the structured view by keyboard, the preview showing
 * it only when the condition holds with the payload and the explanation, publish refused while the
 * draft has errors, the server's 409 in an error summary, a publish that saves first and sends
 * based_on, roll back, compare and who may see the section.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { canAccess, type AuthState, type StaffUser } from '../../auth/index.ts';
import { renderApp, stubFetch } from '../../test-utils.tsx';

const P = '/signals/v1/private/question-sets';
const perms = (...codenames: string[]) => codenames.map((codename, id) => ({ id: 100 + id, codename }));
const user = (codenames: string[]): StaffUser => ({ id: 9, username: 'auteur@gemeente.nl', roles: [{ id: 1, name: 'R', permissions: perms('sia_read', ...codenames) }], permissions: [] });
const AUTHOR = user(['sia_questionset_write']);
const OTHER = user(['sia_routing_write']);
const signedIn = (u: StaffUser): AuthState => ({ isAuthenticated: true, getToken: () => 'token', status: 'ready', user: u, staffData: { categories: [], departments: [], sources: [] }, can: (area) => canAccess(u, area) });

const DOCUMENT = {
  category: 'overlast-in-de-openbare-ruimte',
  title: 'Wrakken',
  questions: [{ key: 'soort', field_type: 'radio_input', required: true, meta: { label: 'Wat voor wrak?', values: { fiets: 'Fiets', auto: 'Auto' }, pathMerge: 'extra_properties' } }],
};
const SUMMARY = {
  name: 'wrakken',
  title: 'Wrakken',
  subcategories: [{ slug: 'fietswrak', name: 'Fietswrak', main_slug: 'overlast-in-de-openbare-ruimte' }],
  published: { version: 2, published_by: 'meldloket', published_at: '2026-11-28T08:00:00+01:00' },
  draft: null,
};
const VERSIONS = [
  { version: 2, published_by: 'meldloket', published_at: '2026-11-28T08:00:00+01:00', note: null },
  { version: 1, published_by: 'meldloket', published_at: '2026-11-27T08:00:00+01:00', note: null },
];
const V1 = { questions: [] };

type Call = { path: string; method: string; body: any };
function studioApi({ publish }: { publish?: (body: any) => { status?: number; body?: unknown } } = {}) {
  const calls: Call[] = [];
  let draft: { text: string; updated_by: string; updated_at: string; based_on: number | null } | null = null;
  const fetch = stubFetch((url, init) => {
    const path = new URL(url, 'http://x').pathname;
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(init.body) : undefined;
    calls.push({ path, method, body });
    if (path === `${P}/` && method === 'GET') return { body: { count: 1, results: [{ ...SUMMARY, draft: draft && { updated_by: draft.updated_by, updated_at: draft.updated_at } }] } };
    if (path === `${P}/wrakken/` && method === 'GET') return { body: { name: 'wrakken', published: { ...SUMMARY.published, document: DOCUMENT }, draft } };
    if (path === `${P}/wrakken/draft/` && method === 'PUT') {
      draft = { text: body.text, updated_by: 'auteur@gemeente.nl', updated_at: '2026-11-28T09:00:00+01:00', based_on: draft?.based_on ?? 2 };
      return { body: { draft, findings: [] } };
    }
    if (path === `${P}/wrakken/draft/` && method === 'DELETE') {
      draft = null;
      return { status: 204 };
    }
    if (path === `${P}/wrakken/publish/` && method === 'POST') {
      const answer = publish?.(body) ?? { body: { version: 3 } };
      if ((answer.status ?? 200) === 200) draft = null;
      return answer;
    }
    if (path === `${P}/wrakken/rollback/` && method === 'POST') return { body: { version: 3 } };
    if (path === `${P}/wrakken/versions/` && method === 'GET') return { body: { count: 2, results: VERSIONS } };
    if (path === `${P}/wrakken/versions/1/`) return { body: { ...VERSIONS[1], document: V1 } };
    if (path === `${P}/wrakken/versions/2/`) return { body: { ...VERSIONS[0], document: DOCUMENT } };
    return undefined;
  });
  return { fetch, calls };
}

// The section and the studio are loaded on demand (their own chunks): load them once before the tests, so
// that no test spends its time on that.
beforeAll(async () => {
  await Promise.all([import('./QuestionSetsSection.tsx'), import('./Studio.tsx')]);
}, 120_000);

/**
 * Puts `text` in a text field as a person pasting it: one change instead of one per character (each
 * character re-checks the whole set and draws the preview again, which on a busy machine adds up).
 */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.paste(text);
}

async function openStudio(api = studioApi()) {
  renderApp({ path: '/instellingen/vragenlijsten', auth: signedIn(AUTHOR), fetch: api.fetch });
  const link = await screen.findByRole('link', { name: 'Wrakken (wrakken)' });
  const row = link.closest('tr')!;
  expect(within(row).getByText('Fietswrak')).toBeInTheDocument();
  expect(within(row).getByText(/^Versie 2, .* door meldloket$/)).toBeInTheDocument();
  expect(within(row).getByText('Geen concept')).toBeInTheDocument();
  await userEvent.click(link);
  expect(await screen.findByRole('heading', { level: 1, name: 'Vragenlijst Wrakken' })).toBeInTheDocument();
  return api;
}

/** Adds 'Is het wrak vastgemaakt?' (required radio, shown when soort is fiets) by keyboard. */
async function addConditionalRadio() {
  const type = await screen.findByRole('combobox', { name: 'Veldtype van de nieuwe vraag' });
  type.focus();
  await userEvent.selectOptions(type, 'radio_input');
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Toevoegen' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  const key = await screen.findByRole('textbox', { name: /^Sleutel/ });
  await waitFor(() => expect(key).toHaveFocus());
  await fill(key, 'vast');
  await fill(screen.getByRole('textbox', { name: 'Vraag' }), 'Is het wrak vastgemaakt?');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Verplicht' }));
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Vraag of subcategorie' }), 'soort');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Fiets (fiets)' }));
  await userEvent.click(screen.getByRole('button', { name: 'Voorwaarde toevoegen' }));
  expect(screen.getByText('soort: fiets')).toBeInTheDocument();
}

// Each test is a whole authoring journey through the studio (open it, add a question by keyboard, answer it in
// the preview, publish): some twenty interactions, each re-checking the set and drawing the preview again. At a
// load average of 20 on two cores one journey took 24-44 s, past the ui project's 30 s; this limit only catches a
// hang (every wait is for what the screen shows).
describe('the question-set studio', { timeout: 120_000 }, () => {
  it('adds a required radio question with a condition; the preview shows it only when the condition holds, with why and the payload', async () => {
    await openStudio();
    await addConditionalRadio();
    const preview = screen.getByRole('form', { name: 'Voorbeeld' });
    expect(within(preview).queryByRole('radiogroup', { name: /Is het wrak vastgemaakt/ })).toBeNull();
    expect(within(preview).queryByText('Is het wrak vastgemaakt?')).toBeNull();
    await userEvent.click(within(preview).getByRole('radio', { name: 'Auto' }));
    expect(within(preview).queryByText('Is het wrak vastgemaakt?')).toBeNull();
    await userEvent.click(within(preview).getByRole('radio', { name: 'Fiets' }));
    expect(await within(preview).findByText('Is het wrak vastgemaakt?')).toBeInTheDocument();

    // why it is shown: its condition held
    await userEvent.click(screen.getByRole('button', { name: 'Waarom wordt deze vraag getoond? (Is het wrak vastgemaakt?)' }));
    const part = screen.getByText(/^soort is fiets/).closest('li')!;
    expect(part).toHaveTextContent('soort is fiets — ✓ klopt');
    expect(within(part).getByText('nu: fiets')).toBeInTheDocument();
    // which questions read 'soort'
    await userEvent.click(screen.getByRole('button', { name: 'Waarom wordt deze vraag getoond? (Wat voor wrak?)' }));
    expect(screen.getByText('Is het wrak vastgemaakt? (vast)')).toBeInTheDocument();

    // required: 'Volgende' says one question is left; answering it puts it in the payload
    await userEvent.click(within(preview).getByRole('button', { name: 'Volgende (controleren)' }));
    expect(await screen.findByText('1 vraag moet nog goed worden beantwoord.')).toBeInTheDocument();
    await userEvent.click(within(preview).getByRole('radio', { name: 'Ja' }));
    expect(await screen.findByText('Alle vragen zijn goed beantwoord: de melder kan verder.')).toBeInTheDocument();
    const payload = JSON.parse(screen.getByTestId('studio-payload').textContent!);
    expect(payload.map((p: { id: string; answer: unknown }) => [p.id, p.answer])).toEqual([
      ['soort', { id: 'fiets', label: 'Fiets' }],
      ['vast', { id: 'ja', label: 'Ja' }],
    ]);
  });

  it('publishes: the draft is saved (PUT) and published with based_on and the note; the list is read again', async () => {
    const api = await openStudio();
    await addConditionalRadio();
    expect(screen.getByText('Er zijn wijzigingen die nog niet zijn opgeslagen.')).toBeInTheDocument();
    await fill(screen.getByRole('textbox', { name: /Notitie bij deze versie/ }), 'Vraag over vastmaken');
    await userEvent.click(screen.getByRole('button', { name: 'Publiceren' }));
    expect(await screen.findByText('Versie 3 is gepubliceerd. De volgende melder krijgt deze vragen.')).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    const saved = JSON.parse(put.body.text);
    expect(saved.questions[1]).toEqual({
      key: 'vast',
      field_type: 'radio_input',
      required: true,
      meta: { label: 'Is het wrak vastgemaakt?', values: { ja: 'Ja', nee: 'Nee' }, pathMerge: 'extra_properties', ifOneOf: { soort: 'fiets' } },
    });
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ based_on: 2, note: 'Vraag over vastmaken' });
    const publishAt = api.calls.findIndex((c) => c.method === 'POST');
    await waitFor(() => expect(api.calls.slice(publishAt).some((c) => c.path === `${P}/` && c.method === 'GET')).toBe(true));
  });

  it('refuses to publish a draft with errors, says why at the JSON path, and keeps it', async () => {
    const api = await openStudio();
    await addConditionalRadio();
    // a condition on an answer 'soort' cannot have: an impossible value
    await userEvent.click(screen.getByRole('button', { name: 'Voorwaarde op soort verwijderen' }));
    expect(screen.getByRole('combobox', { name: 'Vraag of subcategorie' })).toHaveFocus();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Vraag of subcategorie' }), 'subcategory');
    await fill(screen.getByRole('textbox', { name: /Een van deze antwoorden/ }), 'fietswrak');
    await userEvent.click(screen.getByRole('button', { name: 'Voorwaarde toevoegen' }));
    await fill(screen.getByRole('textbox', { name: /^Sleutel/ }), 'soort');
    expect(await screen.findByText(/dubbele sleutel: vraag 1 heeft dezelfde sleutel/)).toBeInTheDocument();
    const publish = screen.getByRole('button', { name: 'Publiceren' });
    expect(publish).toHaveAttribute('aria-disabled', 'true');
    expect(publish).toHaveAccessibleDescription(/Publiceren kan pas als het concept geen fouten meer heeft/);
    await userEvent.click(publish);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says the server’s 409 in an error summary and keeps the draft', async () => {
    const api = await openStudio(studioApi({ publish: () => ({ status: 409, body: { detail: 'Iemand anders heeft intussen versie 3 gepubliceerd.', version: 3 } }) }));
    await addConditionalRadio();
    await userEvent.click(screen.getByRole('button', { name: 'Publiceren' }));
    const summary = await screen.findByRole('heading', { level: 2, name: /Het concept kon niet worden gepubliceerd\. Iemand anders heeft intussen versie 3 gepubliceerd\./ });
    await waitFor(() => expect(summary.closest('section')).toHaveFocus());
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(screen.getByText('Is het wrak vastgemaakt?', { selector: 'strong' })).toBeInTheDocument();
  });

  it('saves the draft, and deletes it again: the published questions come back and the focus stays on the page', async () => {
    const api = await openStudio();
    await addConditionalRadio();
    await userEvent.click(screen.getByRole('button', { name: 'Concept opslaan' }));
    expect(await screen.findByText('Het concept is opgeslagen.')).toBeInTheDocument();
    expect(await screen.findByText('Het concept is gebaseerd op versie 2.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Concept verwijderen' }));
    expect(await screen.findByText('Het concept is verwijderd.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publiceren' })).toHaveFocus();
    await waitFor(() => expect(screen.queryByText('Is het wrak vastgemaakt?', { selector: 'strong' })).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${P}/wrakken/draft/`]);
  });

  it('lists the versions, compares two as a diff and rolls back to one', async () => {
    const api = await openStudio();
    const table = await screen.findByRole('region', { name: 'Gepubliceerde versies' });
    expect(within(table).getByText('2 (huidige)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vergelijken' }));
    const diff = await screen.findByRole('region', { name: 'Verschillen tussen Versie 1 en Versie 2' });
    expect(within(diff).getByText(/regels toegevoegd, 1 regel verwijderd\./)).toBeInTheDocument();
    expect(within(diff).getByText(/"key": "soort"/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Terugzetten naar versie 1' }));
    expect(await screen.findByText('Versie 3 is gepubliceerd met de vragen van versie 1.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === `${P}/wrakken/rollback/`)!.body).toEqual({ version: 1, based_on: 2 });
  });

  it('is not offered to a staff member without sia_questionset_write', async () => {
    renderApp({ path: '/instellingen/', auth: signedIn(OTHER), fetch: studioApi().fetch });
    expect(await screen.findByRole('link', { name: 'Routering' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Vragenlijsten' })).toBeNull();
  });
});
