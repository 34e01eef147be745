/**
 * The incidents overview end to end (docs/overview.md): a handler filters by status and
 * district, saves the filter, finds a report by number and by street, sees a new
 * report appear; a coordinator exports the filtered rows as CSV; department scoping
 * keeps one department's reports from another; the map; axe and screenshots.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { GEO_PAGE_SIZE } from '@meldloket/engine';
import { axeViolations, framePlaces, holdScripts, newPage, useBrowser } from './support.ts';
import { menuItems, openAs, SCREENSHOTS, signIn, STAFF } from './staff-support.ts';
import { LEZER, storeReport, tableNumbers, waitForCount } from './manage-support.ts';

const browser = useBrowser();
/** Report ids by name. */
const ids: Record<string, number> = {};
const sig = (name: string) => `SIG-${ids[name]}`;

beforeAll(async () => {
  // Grofvuil and Huisafval belong to ASC and AEG (the handler's departments), Bomen to GRN (the reader's).
  ids.dam = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'A', street: 'Dam', number: 1, postcode: '1012JS', text: 'Een bank op de stoep' });
  ids.noord1 = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'N', street: 'Buikslotermeerplein', number: 2000, postcode: '1025XL', text: 'Een kast bij de container' });
  ids.noord2 = await storeReport({ main: 'afval', sub: 'huisafval', stadsdeel: 'N', street: 'Mosplein', number: 10, postcode: '1032KX', text: 'Vuilniszakken naast de container' });
  ids.boom = await storeReport({ main: 'openbaar-groen-en-water', sub: 'bomen', stadsdeel: 'N', street: 'Nieuwendammerdijk', number: 5, postcode: '1025LG', text: 'Een tak hangt over het fietspad' });
});

const DESKTOP = { viewport: { width: 1280, height: 800 } };
/** From 1320 px the whole menu, search bar included, is in the header. */
const WIDE = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 } };

async function openFilter(page: Page) {
  await page.getByRole('button', { name: 'Filteren', expanded: false }).click();
  return page.getByRole('form', { name: 'Filter' });
}

describe('the incidents overview', () => {
  it('lets a handler filter by status and district, save the filter as a tab, and open it again from a bookmark', async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents', STAFF.behandelaar, DESKTOP);
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    // newest first; the Bomen report is another department's
    await waitForCount(page, '3 meldingen');
    await expect.poll(() => tableNumbers(page)).toEqual([sig('noord2'), sig('noord1'), sig('dam')]);
    const header = page.getByRole('columnheader', { name: /Datum/ });
    expect(await header.getAttribute('aria-sort')).toBe('descending');

    const form = await openFilter(page);
    await form.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Gemeld', exact: true }).check();
    await form.getByRole('group', { name: 'Stadsdeel' }).getByRole('checkbox', { name: 'Noord', exact: true }).check();
    await form.getByRole('button', { name: 'Filteren' }).click();
    await waitForCount(page, '2 meldingen');
    expect(new URL(page.url()).search).toBe('?status=m&stadsdeel=N');
    await expect.poll(() => tableNumbers(page)).toEqual([sig('noord2'), sig('noord1')]);
    const tags = page.getByRole('region', { name: 'Actief filter' });
    expect((await tags.getByRole('listitem').allInnerTexts()).map((t) => t.replace('×', '').trim())).toEqual(['Status: Gemeld', 'Stadsdeel: Noord']);

    // a status with no reports: the empty state
    const closed = await openFilter(page);
    await closed.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Gemeld', exact: true }).uncheck();
    await closed.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Afgehandeld', exact: true }).check();
    await closed.getByRole('button', { name: 'Filteren' }).click();
    await page.getByText('Er zijn geen meldingen die bij dit filter horen.').waitFor();
    await tags.getByRole('button', { name: 'Verwijder filter Status: Afgehandeld' }).click();
    await waitForCount(page, '2 meldingen');
    expect(new URL(page.url()).search).toBe('?stadsdeel=N');

    // sort by address, by keyboard
    await page.getByRole('button', { name: /^Adres/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/ordering=address/);
    await expect.poll(() => page.getByRole('columnheader', { name: /Adres/ }).getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => tableNumbers(page)).toEqual([sig('noord1'), sig('noord2')]);

    // save as a filter shown as a tab
    const save = await openFilter(page);
    await save.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Gemeld', exact: true }).check();
    await save.getByLabel('Naam van het filter').fill('Nieuw in Noord');
    await save.getByRole('checkbox', { name: 'Tonen als tab op het overzicht' }).check();
    await save.getByRole('button', { name: 'Opslaan als filter' }).click();
    const tab = page.getByRole('navigation', { name: 'Filters op het overzicht' }).getByRole('link', { name: 'Nieuw in Noord' });
    // the tab comes with the list of saved filters, the overview moves to it with the address: either may be first
    await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
    await waitForCount(page, '2 meldingen');
    const bookmark = page.url();
    expect(new URL(bookmark).searchParams.getAll('status')).toEqual(['m']);
    expect(new URL(bookmark).searchParams.get('filter_id')).toMatch(/^\d+$/);

    // all reports, then the tab again; then the bookmark in a fresh page
    await page.getByRole('link', { name: 'Alle meldingen' }).click();
    await waitForCount(page, '3 meldingen');
    await tab.click();
    await waitForCount(page, '2 meldingen');
    await page.goto(bookmark);
    await waitForCount(page, '2 meldingen');
    // the saved filter's name comes with the saved filters, not with the count
    await page.getByRole('region', { name: 'Actief filter' }).getByText('Nieuw in Noord').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('finds a report by its number and by its street from the header search', async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents', STAFF.behandelaar, WIDE);
    await waitForCount(page, '3 meldingen');
    const search = page.getByRole('searchbox', { name: 'Zoek op meldingsinformatie' });
    await search.fill(sig('noord1'));
    await search.press('Enter');
    await page.getByRole('heading', { level: 2, name: `Zoekresultaat voor ‘${sig('noord1')}’` }).waitFor();
    await waitForCount(page, '1 melding');
    await expect.poll(() => tableNumbers(page)).toEqual([sig('noord1')]);
    await search.fill('Mosplein');
    await search.press('Enter');
    await page.getByRole('heading', { level: 2, name: 'Zoekresultaat voor ‘Mosplein’' }).waitFor();
    await waitForCount(page, '1 melding');
    await expect.poll(() => tableNumbers(page)).toEqual([sig('noord2')]);
    // another department's street finds nothing
    await search.fill('Nieuwendammerdijk');
    await search.press('Enter');
    await page.getByText('Er zijn geen meldingen gevonden voor ‘Nieuwendammerdijk’.').waitFor();
    await page.getByRole('button', { name: 'Zoekopdracht wissen' }).click();
    await waitForCount(page, '3 meldingen');
    expect(await search.inputValue()).toBe('');
    await context.close();
  });

  it('shows a new report of the filter without a reload', async () => {
    const { page, context } = await newPage(browser(), DESKTOP);
    await page.clock.install();
    // the check notes the newest report (and counts from it) before the new one comes in
    const noted = page.waitForResponse((r) => r.url().includes('created_after='));
    await page.goto('/manage/incidents?stadsdeel=A');
    await signIn(page, STAFF.behandelaar);
    await waitForCount(page, '1 melding');
    await noted;
    const fresh = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'A', street: 'Rokin', number: 12, postcode: '1012KK', text: 'Een matras op straat' });
    await page.clock.fastForward(30_000);
    const notice = page.getByRole('button', { name: '1 nieuwe melding' });
    await notice.waitFor();
    await notice.click();
    await waitForCount(page, '2 meldingen');
    await expect.poll(() => tableNumbers(page)).toEqual([`SIG-${fresh}`, sig('dam')]);
    await context.close();
  });

  it('exports the rows the filter shows as a CSV file for a coordinator', async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents?stadsdeel=N&ordering=id', STAFF.coordinator, { ...DESKTOP, acceptDownloads: true });
    // the coordinator may see every category
    await waitForCount(page, '3 meldingen');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporteren (CSV)' }).click();
    const file = await (await download).path();
    const text = await readFile(file, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split(/\r\n/);
    expect(lines[0].split(';')[0]).toBe('Meldingnummer');
    expect(lines.slice(1).map((l) => l.split(';')[0].replace(/"/g, ''))).toEqual([sig('noord1'), sig('noord2'), sig('boom')]);
    await context.close();
  });

  it("keeps one department's reports from another's handler, and gives a read-only account no 'Melden'", async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents', LEZER, WIDE);
    await waitForCount(page, '1 melding');
    await expect.poll(() => tableNumbers(page)).toEqual([sig('boom')]);
    await expect.poll(() => menuItems(page)).toEqual(['Overzicht', '[Zoek op meldingsinformatie]', 'Signalering', 'Mijn account: Lies']);
    expect(await page.getByRole('button', { name: 'Exporteren (CSV)' }).count()).toBe(0);
    await page.goto(`/manage/incidents?search=${sig('dam')}`);
    await page.getByText(`Er zijn geen meldingen gevonden voor ‘${sig('dam')}’.`).waitFor();
    await context.close();
  });

  it('shows the filtered reports on a map, clustered, and opens a report from it', async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents?stadsdeel=N', STAFF.behandelaar, DESKTOP);
    await waitForCount(page, '2 meldingen');
    await page.getByRole('link', { name: 'Kaart', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /^2 meldingen op de kaart$/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('view')).toBe('map');
    const markers = page.locator('.leaflet-marker-icon');
    await markers.first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/overview-map-desktop.png` });
    await context.close();
  });

  it('keeps the map to a few hundred markers with 10,000 reports, clustered', async () => {
    const { page, context } = await newPage(browser(), DESKTOP);
    // 10,000 reports around Amsterdam, in the geography call's pages of GEO_PAGE_SIZE
    const features = Array.from({ length: 10_000 }, (_, i) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [4.75 + ((i * 7919) % 10_000) / 40_000, 52.3 + ((i * 104_729) % 10_000) / 80_000] },
      properties: { id: i + 1, created_at: '2026-11-24T00:00:00+00:00' },
    }));
    const pages: number[] = [];
    await page.route('**/signals/v1/private/signals/geography**', (route) => {
      const n = Number(new URL(route.request().url()).searchParams.get('geopage') ?? '1');
      pages.push(n);
      return route.fulfill({ json: { type: 'FeatureCollection', features: features.slice((n - 1) * GEO_PAGE_SIZE, n * GEO_PAGE_SIZE) } });
    });
    await page.goto('/manage/incidents?view=map');
    await signIn(page, STAFF.behandelaar);
    await page.getByRole('status').filter({ hasText: /^10\.000 meldingen op de kaart$/ }).waitFor();
    expect(pages).toEqual(Array.from({ length: Math.ceil(features.length / GEO_PAGE_SIZE) }, (_, i) => i + 1));
    const clusters = page.getByRole('button', { name: /meldingen, zoom in$/ });
    await clusters.first().waitFor();
    // clusters of 60 px: a map of about 940 × 580 px holds a few hundred of them, never 10,000 markers
    const drawn = await page.locator('.leaflet-marker-icon').count();
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(500);
    // a cluster opens by keyboard: the map zooms in, still a bounded number of markers
    // (the layer counts its redraws on the map element: one per move or zoom)
    const draws = () => page.getByRole('region', { name: /^Kaart met de gefilterde meldingen/ }).getAttribute('data-reports-drawn').then(Number);
    const before = await draws();
    await clusters.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(draws).toBeGreaterThan(before);
    // one zoom level in, the view holds about a quarter of the reports (2,500); clustered, far fewer markers
    expect(await page.locator('.leaflet-marker-icon').count()).toBeLessThan(1000);
    await context.close();
  });

  it('is usable on a phone and a desktop, with no axe violations; screenshots to look at', async () => {
    for (const [name, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { page, context } = await openAs(browser(), '/manage/incidents?stadsdeel=N', STAFF.behandelaar, options);
      await waitForCount(page, '2 meldingen');
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/overview-${name}.png`, fullPage: true });
      await openFilter(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/overview-filter-${name}.png` });
      await context.close();
    }
  });

  it("comes with its own screens named in the page, and none of the resident's form", async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents', STAFF.behandelaar, DESKTOP);
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    // a fresh visit, signed in: what this page loads, and what its document names
    const scripts: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' && url.pathname.startsWith('/assets/')) scripts.push(url.pathname);
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    // the list has arrived (how many depends on the reports the tests before this one added)
    await page.getByRole('status').filter({ hasText: /^\d[\d.]* meldingen?$/ }).waitFor();
    await page.waitForLoadState('networkidle');
    // the tokens live in the tab's memory: the reload signs in again through the provider, asked in a
    // hidden frame, so every script is named by the overview's own document (as a script, or handed to
    // the script that starts the app once the frame is painted, src/ahead/boot.js)
    const document = await (await fetch(new URL('/manage/incidents', page.url()))).text();
    const inDocument = new Set(document.match(/\/assets\/[^"\s]+\.js/g));
    const named = (file: string) => inDocument.has(file);
    const overview = scripts.find((file) => file.startsWith('/assets/OverviewPage-'));
    expect(overview, 'the overview screen is loaded').toBeDefined();
    expect(scripts.filter((file) => !named(file))).toEqual([]);
    // the wizard's chunks, which the resident's first page preloads (as links, or handed to the boot
    // script of the page rendered ahead), are neither named nor loaded
    const wizard = [...new Set([...(await (await fetch(new URL('/incident/beschrijf', page.url()))).text()).matchAll(/(\/assets\/WizardStepPage-[^"\s]+\.js)/g)].map((m) => m[1]))];
    expect(wizard).toHaveLength(1);
    expect(named(wizard[0])).toBe(false);
    expect(scripts).not.toContain(wizard[0]);
    await context.close();
  });
});

/** Where the page's fixed parts are: the header, the logo and the loading line or what replaced it. */
describe('the back office drawn ahead', () => {
  it('shows a staff member the frame before any script runs, then the overview in it: nothing moves, one page', async () => {
    for (const [name, size] of [['phone', PHONE], ['wide', WIDE]] as const) {
      const { page, context } = await openAs(browser(), '/manage/incidents', STAFF.behandelaar, size);
      await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
      // opened again (a bookmark, a reload) with the app's scripts held: what shows is what the server sent
      const scripts = await holdScripts(page);
      await page.goto('/manage/incidents', { waitUntil: 'commit' });
      await page.getByRole('status').filter({ hasText: 'Bezig met laden…' }).waitFor();
      // what a person sees is the frame painted with its stylesheets (the document is parsed before they arrive)
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet));
      const banner = page.getByRole('banner');
      expect(await banner.getByRole('link', { name: /^Gemeente Amsterdam/ }).isVisible()).toBe(true);
      // the menu depends on who is signed in: only the app draws it
      expect(await page.getByRole('navigation', { name: 'Menu' }).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      // (by the DevTools protocol: Playwright's screenshot waits for the document's scripts, which are held)
      const shot = await (await context.newCDPSession(page)).send('Page.captureScreenshot', { format: 'png' });
      await writeFile(`${SCREENSHOTS}/manage-drawn-ahead-${name}.png`, Buffer.from(shot.data, 'base64'));
      const before = await framePlaces(page);
      // the released app signs in again through the provider, asked in a hidden frame (the tokens lived in
      // the old page's memory), in the same staff frame with the overview's heading drawn ahead; the
      // overview it ends on has the frame in the same places and shifted nothing
      await scripts.release();
      await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
      await page.getByRole('navigation', { name: 'Menu' }).waitFor();
      await page.getByRole('table').getByRole('row').nth(1).waitFor();
      expect(new URL(page.url()).pathname).toBe('/manage/incidents');
      expect(await framePlaces(page)).toEqual(before);
      const shifts = await page.evaluate(
        () =>
          new Promise<{ sum: number; moved: string[] }>((resolve) => {
            let sum = 0;
            const moved: string[] = [];
            type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries() as Shift[]) {
                if (entry.hadRecentInput) continue;
                sum += entry.value;
                for (const source of entry.sources ?? []) {
                  const node = source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : String(source.node?.nodeName);
                  moved.push(`${entry.value.toFixed(4)} ${node} ${source.previousRect.y}→${source.currentRect.y} (${source.previousRect.height}→${source.currentRect.height})`);
                }
              }
            }).observe({ type: 'layout-shift', buffered: true });
            // the buffered entries are delivered in the observer's first task
            setTimeout(() => resolve({ sum, moved }), 0);
          }),
      );
      // Nothing a person would see move: the frame's places are the same (above), and the page's layout
      // shift stays under 0.01, a tenth of what Lighthouse still calls good. On the loaded CI machine a
      // shift of 0.008 was seen in some runs (its source was not found; the message names what moved),
      // where a frame drawn in a visitor's header instead measured 0.075.
      expect(shifts.sum, shifts.moved.join('; ')).toBeLessThan(0.01);
      const parts = await page.evaluate(() => ({ header: document.querySelectorAll('header').length, main: document.querySelectorAll('main').length, h1: document.querySelectorAll('h1').length, loading: document.querySelectorAll('.ml-loading').length }));
      expect(parts).toEqual({ header: 1, main: 1, h1: 1, loading: 0 });
      await context.close();
    }
  });

  it('draws a signed-out visitor the sign-in page, and says so when the app does not load', async () => {
    const { page, context } = await newPage(browser(), PHONE);
    await page.goto('/manage/incidents');
    await page.getByRole('heading', { level: 1, name: 'Inloggen' }).waitFor();
    // the visitor's frame (the tall header), once
    expect(await page.evaluate(() => ({ header: document.querySelectorAll('header').length, tall: document.querySelectorAll('.ml-header--tall').length }))).toEqual({ header: 1, tall: 1 });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/manage/incident/1');
    await page.getByRole('alert').filter({ hasText: 'De pagina is niet helemaal geladen en werkt nog niet. Laad de pagina opnieuw.' }).waitFor();
    await context.close();
  });
});
