/**
 * The contract of the pages drawn ahead (src/ahead): what the server draws is what the app draws
 * first, and the take-over loses nothing a resident did before the app ran. The browser's side of
 * it, with the real server and boot script, is tests/e2e/first-page.e2e.ts.
 */
import { StrictMode } from 'react';
import { act, screen } from '@testing-library/react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderFirstPage, renderFrame } from './entry-server.tsx';
import { FIRST_PAGE_PATH, initialisedRouter, prepareFirstPage } from './first-page.ts';
import { startOnAhead } from './take-over.tsx';
import { App } from '../App.tsx';
import { DEFAULT_CONFIG } from '../config/index.ts';

/** The roots a test made: unmounted after it, so no work of theirs runs once the test environment is gone. */
const roots: Root[] = [];
const unmountAll = () => act(() => roots.splice(0).forEach((root) => root.unmount()));

describe('the first page rendered ahead', () => {
  afterEach(() => {
    unmountAll();
    document.body.replaceChildren();
  });

  it('is what the app draws: hydrating it keeps every element and changes nothing', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const { html, title } = await renderFirstPage(undefined);
    expect(title).toBe('Beschrijf uw melding - Meldloket');
    window.history.replaceState(null, '', FIRST_PAGE_PATH);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const drawnAhead = [...container.querySelectorAll('*')];
    const [router] = await Promise.all([initialisedRouter(), prepareFirstPage()]);
    const errors: unknown[] = [];
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args.join(' ')));
    await act(async () => {
      roots.push(hydrateRoot(
        container,
        <StrictMode>
          <App config={DEFAULT_CONFIG} router={router} />
        </StrictMode>,
        { onRecoverableError: (error) => void errors.push(error) },
      ));
    });
    consoleError.mockRestore();
    expect(errors).toEqual([]);
    // the app took over the very elements the server drew (the heading, the form, the fields),
    // and drew nothing else: what the resident already sees does not flash or move
    expect([...container.querySelectorAll('*')]).toEqual(drawnAhead);
    const asDrawnAhead = document.createElement('div');
    asDrawnAhead.innerHTML = html;
    expect(container.innerHTML).toBe(asDrawnAhead.innerHTML);
  });

  /** The first page as the server sends it, in #root, for the default configuration (what rendersAsAhead checks). */
  async function drawnAhead(): Promise<HTMLElement> {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const { html } = await renderFirstPage(undefined);
    window.history.replaceState(null, '', FIRST_PAGE_PATH);
    const container = document.createElement('div');
    container.dataset.renderedFor = 'null';
    container.innerHTML = html;
    document.body.append(container);
    window.__meldloketEarlyEvents = [];
    return container;
  }

  const takeOver = async (container: HTMLElement) => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    let root: Root | null = null;
    await act(async () => {
      root = await startOnAhead(container, (router) => (
        <StrictMode>
          <App config={DEFAULT_CONFIG} router={router} />
        </StrictMode>
      ));
    });
    if (root) roots.push(root);
    return root !== null;
  };

  it('is taken over with what was typed into it before the app ran: in the same field, and in the app (its counter counts it)', async () => {
    const container = await drawnAhead();
    const area = container.querySelector('textarea')!;
    area.value = 'Een losse stoeptegel';
    expect(await takeOver(container)).toBe(true);
    expect(container.querySelector('textarea')).toBe(area);
    expect(area.value).toBe('Een losse stoeptegel');
    expect(await screen.findByText('20/1000 tekens')).toBeInTheDocument();
  });

  it('presses a button pressed before the app ran once the app has the page: Volgende without a description says what is missing', async () => {
    const container = await drawnAhead();
    const next = screen.getByRole('button', { name: 'Volgende' });
    window.__meldloketEarlyEvents!.push({ type: 'click', target: next });
    await takeOver(container);
    expect(await screen.findByRole('heading', { name: 'U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.' })).toBeInTheDocument();
  });
});

/** What a person sees in the container: every element's tag, class, role and text, in order. */
const shapeOf = (container: Element) =>
  [...container.querySelectorAll('*')].map((element) => `${element.tagName.toLowerCase()}.${element.className} ${element.getAttribute('role') ?? ''} ${element.children.length === 0 ? element.textContent : ''}`);

describe("the frames drawn ahead", () => {
  it("ask for the small map's tiles from the map services the server chose (the national background map when it answers)", () => {
    const national = { map: { tiles: { url: 'https://service.pdok.nl/brt/achtergrondkaart/wmts/v2_0/standaard/EPSG:28992/{z}/{x}/{y}.png', attribution: 'Kadaster' } } };
    const { images } = renderFrame(national, 'visitor', '/incident/vulaan');
    expect(images?.length).toBeGreaterThan(0);
    for (const image of images ?? []) expect(image).toMatch(/^https:\/\/service\.pdok\.nl\/brt\/achtergrondkaart\/wmts\/v2_0\/standaard\/EPSG:28992\/11\/\d+\/\d+\.png$/);
  });

  afterEach(() => {
    unmountAll();
    document.body.replaceChildren();
  });

  it.each([
    ['while it loads who they are', { isAuthenticated: true, status: 'loading' as const, getToken: () => 'token' }],
    ['while it restores their earlier sign-in on a page load', { isAuthenticated: false, status: 'loading' as const, getToken: () => null }],
  ])('is what the app draws first for a staff member %s: the same elements in the same order', async (_, auth) => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const { html, title, images } = renderFrame({ municipality: 'Veendam' }, 'staff', '/manage/incidents');
    expect(images).toBeUndefined();
    window.history.replaceState(null, '', '/manage/incidents');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const shape = () => shapeOf(container);
    const drawnAhead = shape();
    expect(drawnAhead).toContain('span.ml-header__municipality  Gemeente Veendam');
    expect(drawnAhead).toContain('p.utrecht-paragraph ml-loading status Bezig met laden…');
    // the overview's heading is known before its screen loads: drawn ahead, and in the title
    expect(container.querySelector('h1')?.textContent).toBe('Overzicht meldingen');
    expect(title).toMatch(/^Overzicht meldingen/);
    // as src/main.tsx does: the app draws over the frame at once, while its router loads the screen
    const root = createRoot(container);
    roots.push(root);
    const app = (router?: Awaited<ReturnType<typeof initialisedRouter>>) => (
      <StrictMode>
        <App config={{ ...DEFAULT_CONFIG, municipality: 'Veendam' }} router={router} auth={auth} />
      </StrictMode>
    );
    act(() => root.render(app()));
    expect(shape()).toEqual(drawnAhead);
    // and again once the screen's route is there (the door waits for who is signed in)
    const router = await initialisedRouter();
    await act(async () => root.render(app(router)));
    expect(shape()).toEqual(drawnAhead);
  });

  it("is what the app draws first for a visitor reloading the map step: the same elements in the same order", async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    const { html, title, images } = renderFrame({ municipality: 'Veendam' }, 'visitor', '/incident/vulaan');
    // the document asks for the small map's tiles at the configured centre and zoom, with the configured addresses
    expect(images?.length).toBeGreaterThan(0);
    for (const image of images ?? []) expect(image).toMatch(/^\/stand-ins\/tiles\/11\/\d+\/\d+\.png$/);
    window.history.replaceState(null, '', '/incident/vulaan');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const drawnAhead = shapeOf(container);
    expect(drawnAhead).toContain('span.ml-header__municipality  Gemeente Veendam');
    expect(drawnAhead).toContain('p.utrecht-paragraph ml-loading status Bezig met laden…');
    // the step's heading is known before its screen loads: drawn ahead, read first, and in the title
    expect(container.querySelector('h1')?.textContent).toBe('Locatie en vragen');
    expect(title).toMatch(/^Locatie en vragen/);
    // a visitor's frame: the footer is in it, the staff's short header is not
    expect(container.querySelector('footer')).not.toBeNull();
    expect(container.querySelector('.ml-page--staff')).toBeNull();
    const root = createRoot(container);
    act(() =>
      root.render(
        <StrictMode>
          <App config={{ ...DEFAULT_CONFIG, municipality: 'Veendam' }} />
        </StrictMode>,
      ),
    );
    expect(shapeOf(container)).toEqual(drawnAhead);
    act(() => root.unmount());
  });
});
