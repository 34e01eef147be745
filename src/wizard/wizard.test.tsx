import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInitialDraft, messages, type Question } from '@meldloket/engine';
import { renderApp, stubFetch, type FetchHandler } from '../test-utils.tsx';
import { DRAFT_STORAGE_KEY } from './state/index.ts';

const CATEGORIES = {
  count: 1,
  results: [
    {
      name: 'Afval',
      slug: 'afval',
      sub_categories: [
        { name: 'Grofvuil', slug: 'grofvuil', is_active: true, handling_message: 'We halen het grofvuil binnen 3 werkdagen op.', _links: { self: { href: '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil' } } },
        { name: 'Oud papier', slug: 'oud-papier', is_active: false, handling_message: 'x' },
      ],
    },
  ],
};

/** Step-2 questions without a map: one required choice and a follow-up shown for 'ja'. */
const QUESTIONS: Question[] = [
  { key: 'extra_veel', field_type: 'radio_input', required: true, meta: { label: 'Is het veel?', shortLabel: 'Veel', values: { ja: 'Ja', nee: 'Nee' }, pathMerge: 'extra_properties' } },
  { key: 'extra_hoeveel', field_type: 'text_input', required: false, meta: { label: 'Hoeveel ongeveer?', shortLabel: 'Hoeveel', ifOneOf: { extra_veel: 'ja' }, pathMerge: 'extra_properties' } },
];

interface Calls {
  created: Array<{ body: unknown; headers: Record<string, string> }>;
}

function handler(calls: Calls, options: { failCreate?: () => boolean } = {}): FetchHandler {
  return (url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'HEAD') return { status: 200 };
    if (url.startsWith('/signals/v1/public/terms/categories/?')) return { body: CATEGORIES };
    if (url === '/signals/category/prediction') {
      return {
        body: {
          hoofdrubriek: [['/signals/v1/public/terms/categories/afval'], [0.9]],
          subrubriek: [['/signals/v1/public/terms/categories/afval/sub_categories/grofvuil'], [0.8]],
        },
      };
    }
    if (url === '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil') return { body: CATEGORIES.results[0].sub_categories[0] };
    if (url.startsWith('/signals/v1/public/questions/?')) return { body: { count: QUESTIONS.length, results: QUESTIONS } };
    if (url === '/signals/v1/public/signals/' && method === 'POST') {
      calls.created.push({ body: JSON.parse(init.body ?? '{}'), headers: (init as { headers?: Record<string, string> }).headers ?? {} });
      if (options.failCreate?.()) return { status: 503, body: { detail: 'Onderhoud' } };
      return { status: 201, body: { _display: 'SIG-12', id: 12, signal_id: '3f1b6a3e-5a0c-4a55-9a0b-2b7c6f3e9d11' } };
    }
    return undefined;
  };
}

const config = { features: { fetchQuestionsFromBackend: true } };


async function describeIncident(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: /Waar gaat het om\?/ }), 'Er staat een oude bank naast de container');
  await user.tab();
  expect(await screen.findByText('Subcategorie voorstel: Grofvuil')).toBeInTheDocument();
}

describe('the report wizard', { timeout: 60_000 }, () => {
  // the wizard's screens are lazy chunks: load them once before timing anything
  beforeAll(async () => {
    await Promise.all([
      import('./WizardRoot.tsx'),
      import('./WizardStepPage.tsx'),
      import('./CategoryEntry.tsx'),
      import('./steps/StepForm.tsx'),
      import('./summary/SummaryStep.tsx'),
      import('./state/formModule.ts'),
    ]);
  });
  beforeEach(() => {
    sessionStorage.clear();
  });
  afterEach(() => sessionStorage.clear());

  it('refuses step 1 without a description: error summary with focus, field error, title with Fout:', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/incident/beschrijf', fetch: stubFetch(handler({ created: [] })), config });
    await user.click(await screen.findByRole('button', { name: 'Volgende' }));
    const summary = await screen.findByRole('heading', { name: /U hebt niet alle vragen \(juist\) beantwoord/ });
    expect(summary).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.contains(summary) || document.activeElement === summary.closest('[tabindex]')).toBe(true));
    expect(screen.getByRole('textbox', { name: /Waar gaat het om\?/ })).toHaveAccessibleDescription(expect.stringContaining('Dit is een verplicht veld'));
    await waitFor(() => expect(document.title).toBe('Fout: Beschrijf uw melding - Meldloket'));
    // the summary names each field by its label, and its links lead to the field
    const region = screen.getByRole('region', { name: /U hebt niet alle vragen/ });
    expect(within(region).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Waar gaat het om?: Dit is een verplicht veld',
      'Subcategorie: Dit veld is verplicht',
    ]);
    await user.click(within(region).getByRole('link', { name: 'Subcategorie: Dit veld is verplicht' }));
    expect(screen.getByRole('combobox', { name: /Subcategorie/ })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: /Subcategorie/ })).toHaveAccessibleDescription(expect.stringContaining('Dit veld is verplicht'));
    // an error goes as soon as the answer is valid
    await user.type(screen.getByRole('textbox', { name: /Waar gaat het om\?/ }), 'Er ligt grofvuil');
    expect(screen.getByRole('textbox', { name: /Waar gaat het om\?/ })).not.toHaveAccessibleDescription(expect.stringContaining('Dit is een verplicht veld'));
    expect(within(region).getAllByRole('link').map((link) => link.textContent)).toEqual(['Subcategorie: Dit veld is verplicht']);
  });

  it('files a report through all steps and sends one create call with the answers', async () => {
    const user = userEvent.setup();
    const calls: Calls = { created: [] };
    const views: string[] = [];
    // the create call's answer waits until the test lets it go, as on a real network: a double
    // click on Verstuur has both clicks in while the report is being sent
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = stubFetch(handler(calls));
    const fetch = vi.fn(async (url: string, init: { method?: string; body?: string } = {}) => {
      const response = await answer(url, init);
      if (url === '/signals/v1/public/signals/' && init.method === 'POST') await held;
      return response;
    });
    const { router } = renderApp({
      path: '/incident/beschrijf',
      fetch: fetch as typeof answer,
      config,
      analytics: { pageView: (view) => views.push(view.path) },
    });
    await describeIncident(user);
    expect(screen.getByRole('combobox', { name: /Subcategorie/ })).toHaveDisplayValue('Grofvuil');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));

    const step2 = await screen.findByRole('heading', { level: 1, name: 'Locatie en vragen' });
    expect(router.state.location.pathname).toBe('/incident/vulaan');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    await waitFor(() => expect(step2).toHaveFocus());
    await waitFor(() => expect(document.title).toBe('Locatie en vragen - Meldloket'));
    await screen.findByRole('radio', { name: 'Ja' });
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Dit veld is verplicht')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Fout: Locatie en vragen - Meldloket'));
    expect(screen.queryByRole('textbox', { name: /Hoeveel ongeveer/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Ja' }));
    await user.type(await screen.findByRole('textbox', { name: /Hoeveel ongeveer/ }), 'een bank en twee stoelen');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));

    const step3 = await screen.findByRole('heading', { level: 1, name: 'Contactgegevens' });
    await waitFor(() => expect(step3).toHaveFocus());
    await user.type(screen.getByRole('textbox', { name: /Wat is uw e-mailadres\?/ }), 'melder@');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findAllByText(/Vul een geldig e-mailadres in, met een @ en een domeinnaam/)).not.toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Wat is uw e-mailadres\?/ }), 'example.com');
    await user.type(screen.getByRole('textbox', { name: /Wat is uw telefoonnummer\?/ }), '06-12345678');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Versturen' })).toBeInTheDocument();
    expect(await screen.findByText('Controleer uw gegevens en verstuur uw melding.')).toBeInTheDocument();
    for (const name of ['1. Beschrijf uw melding', '2. Locatie en vragen', '3. Contactgegevens']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByText('een bank en twee stoelen')).toBeInTheDocument();
    expect(screen.getByText('melder@example.com')).toBeInTheDocument();

    await user.dblClick(screen.getByRole('button', { name: 'Verstuur' }));
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bedankt!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/incident/bedankt');
    expect(screen.getByText('Uw melding is bij ons bekend onder nummer:')).toBeInTheDocument();
    expect(screen.getByText('SIG-12', { exact: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wat doen we met uw melding?' })).toBeInTheDocument();
    expect(screen.getByText('We halen het grofvuil binnen 3 werkdagen op.')).toBeInTheDocument();

    expect(calls.created).toHaveLength(1);
    const body = calls.created[0].body as Record<string, unknown>;
    expect(body.text).toBe('Er staat een oude bank naast de container');
    expect(body.category).toEqual({ sub_category: '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil' });
    expect(body.reporter).toEqual({ email: 'melder@example.com', phone: '06-12345678', sharing_allowed: true });
    expect(body.extra_properties).toEqual([
      expect.objectContaining({ id: 'extra_veel', answer: { id: 'ja', label: 'Ja' } }),
      expect.objectContaining({ id: 'extra_hoeveel', answer: 'een bank en twee stoelen' }),
    ]);
    expect(body).not.toHaveProperty('priority');
    expect(calls.created[0].headers['Idempotency-Key']).toMatch(/\w{8,}/);
    await waitFor(() => expect(views).toEqual(['/incident/beschrijf', '/incident/vulaan', '/incident/contact', '/incident/summary', '/incident/bedankt']));

    await user.click(screen.getByRole('button', { name: 'Doe nog een melding' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Beschrijf uw melding' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Waar gaat het om\?/ })).toHaveValue('');
  });

  it('keeps the draft after a failed submit and sends the same idempotency key on retry', async () => {
    const user = userEvent.setup();
    const calls: Calls = { created: [] };
    let fail = true;
    renderApp({ path: '/incident/beschrijf', fetch: stubFetch(handler(calls, { failCreate: () => fail })), config });
    await describeIncident(user);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('radio', { name: 'Nee' }));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('button', { name: 'Verstuur' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Er is iets misgegaan' })).toBeInTheDocument();
    expect(screen.getByText(/Is het dringend\? Bel dan 14 020/)).toBeInTheDocument();
    const notification = await screen.findByRole('alert');
    expect(notification).toHaveTextContent('Uw melding is niet verstuurd');
    expect(notification).toHaveTextContent('Server is op dit moment niet beschikbaar. Probeer het nogmaals');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Probeer opnieuw' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bedankt!' })).toBeInTheDocument();
    expect(screen.queryByText('Uw melding is niet verstuurd')).not.toBeInTheDocument();
    expect(calls.created).toHaveLength(2);
    const { incident_date_start: _first, ...firstBody } = calls.created[0].body as Record<string, unknown>;
    const { incident_date_start: _second, ...secondBody } = calls.created[1].body as Record<string, unknown>;
    expect(secondBody).toEqual(firstBody);
    expect(calls.created[1].headers['Idempotency-Key']).toBe(calls.created[0].headers['Idempotency-Key']);
  });

  it('still thanks for the report when a photo upload fails, and says which photo failed', async () => {
    const user = userEvent.setup();
    const calls: Calls = { created: [] };
    renderApp({ path: '/incident/beschrijf', fetch: stubFetch(handler(calls)), config });
    await describeIncident(user);
    const photo = new File([new Uint8Array(40 * 1024)], 'bank.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText(/Foto's toevoegen/), photo);
    expect(await screen.findByRole('button', { name: 'Verwijder foto bank.png' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('radio', { name: 'Nee' }));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('bank.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bedankt!' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Uw melding is bij ons bekend onder nummer:')).toBeInTheDocument();
    expect(screen.getByText('SIG-12', { exact: true })).toBeInTheDocument();
    expect(screen.getByText(/Het uploaden van de foto is niet gelukt: bank\.png/)).toBeInTheDocument();
    // and what the resident can do about it
    expect(screen.getByText(/Uw melding is wel ontvangen, zonder deze foto\. .* Bel dan 14 020 .* noem uw meldingnummer SIG-12/)).toBeInTheDocument();
    expect(calls.created).toHaveLength(1);
  });

  it('names why when the server refused a photo as broken, and keeps the report', async () => {
    // the photo upload (XMLHttpRequest, for its progress) answered as the server refuses a photo that does not decode
    const sent: string[] = [];
    class RefusingXhr {
      status = 0;
      responseText = '';
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open(_method: string, url: string) {
        sent.push(url);
      }
      setRequestHeader() {}
      send() {
        this.status = 400;
        this.responseText = JSON.stringify({ file: [messages.photoNotDecoded] });
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', RefusingXhr);
    try {
      const user = userEvent.setup();
      const calls: Calls = { created: [] };
      renderApp({ path: '/incident/beschrijf', fetch: stubFetch(handler(calls)), config });
      await describeIncident(user);
      await user.upload(screen.getByLabelText(/Foto's toevoegen/), new File([new Uint8Array(40 * 1024)], 'kapot.png', { type: 'image/png' }));
      expect(await screen.findByRole('button', { name: 'Verwijder foto kapot.png' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Volgende' }));
      await user.click(await screen.findByRole('radio', { name: 'Nee' }));
      await user.click(screen.getByRole('button', { name: 'Volgende' }));
      await user.click(await screen.findByRole('button', { name: 'Volgende' }));
      await user.click(await screen.findByRole('button', { name: 'Verstuur' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Bedankt!' }, { timeout: 15_000 })).toBeInTheDocument();
      expect(sent).toEqual([expect.stringMatching(/\/signals\/v1\/public\/signals\/.+\/attachments\/$/)]);
      const failure = screen.getByText(/Het uploaden van de foto is niet gelukt: kapot\.png/);
      expect(failure).toHaveTextContent(messages.photoNotDecoded);
      expect(screen.getByText('SIG-12', { exact: true })).toBeInTheDocument();
      expect(calls.created).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives staff the source, priority and type, sends to the private endpoint and links to the report', async () => {
    const user = userEvent.setup();
    const created: Array<Record<string, unknown>> = [];
    const base = handler({ created: [] });
    const fetch = stubFetch((url, init) => {
      if (url.startsWith('/signals/v1/private/sources/?')) {
        return {
          body: {
            results: [
              { id: 1, name: 'Telefoon – ASC', is_active: true, can_be_selected: true },
              { id: 2, name: 'online', is_active: true, can_be_selected: false },
            ],
          },
        };
      }
      if (url === '/signals/v1/private/signals/' && init.method === 'POST') {
        created.push(JSON.parse(init.body ?? '{}'));
        return { status: 201, body: { id: 12, id_display: 'SIG-12', signal_id: 'a1b2', _display: '12 - m - A04i' } };
      }
      return base(url, init);
    });
    renderApp({ path: '/incident/beschrijf', fetch, config, auth: { isAuthenticated: true, getToken: () => 'token' } });
    const source = await screen.findByRole('combobox', { name: /Bron/ });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Telefoon – ASC' })).toBeInTheDocument());
    expect(screen.queryByRole('option', { name: 'online' })).not.toBeInTheDocument();
    await user.selectOptions(source, 'Telefoon – ASC');
    await describeIncident(user);
    await user.click(screen.getByRole('radio', { name: 'Hoog' }));
    await user.click(screen.getByRole('radio', { name: 'Klacht' }));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('radio', { name: 'Nee' }));
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Telefoon – ASC')).toBeInTheDocument();
    expect(screen.getByText('Hoog')).toBeInTheDocument();
    expect(screen.getByText('Klacht')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verstuur' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bedankt!' })).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ source: 'Telefoon – ASC', priority: { priority: 'high' }, type: { code: 'COM' } });
    expect(screen.getByRole('link', { name: 'SIG-12' })).toHaveAttribute('href', '/manage/incident/12');
  });

  it('returns to the summary after editing a section from it', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/incident/beschrijf', fetch: stubFetch(handler({ created: [] })), config });
    await describeIncident(user);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('radio', { name: 'Ja' }));
    await screen.findByRole('textbox', { name: /Hoeveel ongeveer/ });
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('button', { name: 'Volgende' }));
    await screen.findByRole('heading', { level: 1, name: 'Versturen' });
    // the answers of visible questions; the optional one left empty reads as not given
    const step2 = await screen.findByRole('region', { name: '2. Locatie en vragen' });
    await waitFor(() => expect(within(step2).getByText('Veel').nextElementSibling).toHaveTextContent('Ja'));
    expect(within(step2).getByText('Hoeveel').nextElementSibling).toHaveTextContent('Niet ingevuld');

    await screen.findByText('Controleer uw gegevens en verstuur uw melding.');
    await user.click(await screen.findByRole('link', { name: 'Wijzigen 3. Contactgegevens' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contactgegevens' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Wat is uw telefoonnummer\?/ }), '0201234567');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Versturen' })).toBeInTheDocument();
    expect(await screen.findByText('0201234567')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Wijzigen 1. Beschrijf uw melding' }));
    const description = await screen.findByRole('textbox', { name: /Waar gaat het om\?/ });
    await user.type(description, ' en een kast');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Versturen' })).toBeInTheDocument();
    expect(await screen.findByText('Er staat een oude bank naast de container en een kast')).toBeInTheDocument();
  });

  it('restores the draft and the step after a reload', async () => {
    const user = userEvent.setup();
    const first = renderApp({ path: '/incident/beschrijf', fetch: stubFetch(handler({ created: [] })), config });
    await describeIncident(user);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await user.click(await screen.findByRole('radio', { name: 'Ja' }));
    expect(JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}').step).toBe('vulaan');
    first.unmount();

    const second = renderApp({ path: '/incident/vulaan', fetch: stubFetch(handler({ created: [] })), config });
    expect(await screen.findByRole('heading', { level: 1, name: 'Locatie en vragen' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Ja' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(await screen.findByRole('textbox', { name: /Waar gaat het om\?/ })).toHaveValue('Er staat een oude bank naast de container');
    expect(second.router.state.location.pathname).toBe('/incident/beschrijf');
  });

  it('names the step shown in the URL when a draft is opened at another step, and Back leaves it', async () => {
    const user = userEvent.setup();
    const first = renderApp({ path: '/incident/beschrijf', fetch: stubFetch(handler({ created: [] })), config });
    await describeIncident(user);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await screen.findByRole('radio', { name: 'Ja' });
    expect(JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}').step).toBe('vulaan');
    first.unmount();

    // a typed /incident/beschrijf with a draft at step 2: step 1 is shown, under its own URL
    const { router } = renderApp({ path: '/incident/beschrijf', fetch: stubFetch(handler({ created: [] })), config });
    expect(await screen.findByRole('heading', { level: 1, name: 'Beschrijf uw melding' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/incident/beschrijf'));
    // the heading is drawn while the step's screen loads; the field comes with the screen
    expect(await screen.findByRole('textbox', { name: /Waar gaat het om\?/ })).toHaveValue('Er staat een oude bank naast de container');
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Locatie en vragen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/incident/vulaan');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Beschrijf uw melding' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/incident/beschrijf');
  });

  it('shows Vorige and Volgende after a reload even if the map was open when the draft was saved', async () => {
    // a draft saved while the full-screen map was open (older versions kept that in the draft)
    const draft = { ...createInitialDraft(), description: 'Er staat een oude bank naast de container', category: 'afval', subcategory: 'grofvuil', loadingData: false, mapActive: true };
    sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ version: 1, step: 'contact', draft, submitKey: 'k' }));
    renderApp({ path: '/incident/contact', fetch: stubFetch(handler({ created: [] })), config });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contactgegevens' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Volgende' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Vorige' })).toBeVisible();
  });

  /** Step 1 described, on to step 2, then the browser's Back: step 1 shows again. */
  async function backFromStep2() {
    const user = userEvent.setup();
    const { router } = renderApp({ path: '/incident/beschrijf', fetch: stubFetch(handler({ created: [] })), config });
    await describeIncident(user);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await screen.findByRole('heading', { level: 1, name: 'Locatie en vragen' });
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Beschrijf uw melding' })).toBeInTheDocument();
    return { user, router };
  }

  it('follows the browser back button to the previous step', async () => {
    const { router } = await backFromStep2();
    await act(() => router.navigate(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Locatie en vragen' })).toBeInTheDocument();
  });

  it('asks the machine before following Forward: to a step it may not reach yet, the URL returns to the step shown', async () => {
    const { user, router } = await backFromStep2();
    // step 1 no longer valid: going forward is not allowed
    await user.clear(screen.getByRole('textbox', { name: /Waar gaat het om\?/ }));
    await act(() => router.navigate(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/incident/beschrijf'));
    expect(screen.getByRole('heading', { level: 1, name: 'Beschrijf uw melding' })).toBeInTheDocument();
  });

  it('sends a step URL that was never reached back to step 1', async () => {
    const { router } = renderApp({ path: '/incident/summary', fetch: stubFetch(handler({ created: [] })), config });
    expect(await screen.findByRole('heading', { level: 1, name: 'Beschrijf uw melding' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/incident/beschrijf'));
  });

  it('shows only the next button in app mode', async () => {
    const user = userEvent.setup();
    renderApp({ path: '/incident/beschrijf', fetch: stubFetch(handler({ created: [] })), config: { features: { fetchQuestionsFromBackend: true, appMode: true } } });
    await describeIncident(user);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    await screen.findByRole('heading', { level: 1, name: 'Locatie en vragen' });
    expect(screen.getByRole('button', { name: 'Volgende' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vorige' })).not.toBeInTheDocument();
  });

  it('presets the classification from /categorie/{category}/{subcategory} and keeps the query string', async () => {
    const { router } = renderApp({ path: '/categorie/afval/grofvuil?lat=52.37&lng=4.89', fetch: stubFetch(handler({ created: [] })), config });
    await screen.findByRole('heading', { level: 1, name: 'Beschrijf uw melding' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/incident/beschrijf'));
    expect(router.state.location.search).toBe('?lat=52.37&lng=4.89');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Subcategorie/ })).toHaveDisplayValue('Grofvuil'));
  });

  it('continues to step 1 without a classification when the subcategory is inactive', async () => {
    // the tree still lists Grofvuil, but the subcategory itself answers that it is no longer active
    const base = handler({ created: [] });
    const grofvuil = '/signals/v1/public/terms/categories/afval/sub_categories/grofvuil';
    const fetch = stubFetch((url, init) => (url === grofvuil ? { body: { ...CATEGORIES.results[0].sub_categories[0], is_active: false } } : base(url, init)));
    const { router } = renderApp({ path: '/categorie/afval/grofvuil', fetch, config });
    await screen.findByRole('heading', { level: 1, name: 'Beschrijf uw melding' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/incident/beschrijf'));
    expect(fetch).toHaveBeenCalledWith(grofvuil, expect.anything());
    await screen.findByRole('option', { name: 'Grofvuil', hidden: true });
    expect(screen.getByRole('combobox', { name: /Subcategorie/ })).not.toHaveDisplayValue('Grofvuil');
  });

  it('continues to step 1 without a classification when the category does not exist', async () => {
    const { router } = renderApp({ path: '/categorie/bestaat/niet', fetch: stubFetch(handler({ created: [] })), config });
    await screen.findByRole('heading', { level: 1, name: 'Beschrijf uw melding' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/incident/beschrijf'));
  });
});
