/**
 * The first page (/incident/beschrijf) as the built product serves it: its scripts stay within
 * the JavaScript budget (gzip), none of them carries back-office code (by the source maps the
 * build writes next to them), and every one of them is named in index.html, so the browser asks
 * for them all at once (no waterfall); the query library alone comes after the take-over, within
 * its own budget. Sizes of the build, no timing: `npm run bench:web`
 * measures speed.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@meldloket/engine';
import type { Page } from 'playwright-core';
import { axeViolations, baseUrl, DESKTOP, holdScripts, PHONE_CONTEXT, useBrowser, withPage } from './support.ts';
import { beginInDescription, chooseSubcategory, describeReport, expectHeading, heading, next } from './wizard-support.ts';

/**
 * What the first page's JavaScript may weigh (gzip -9): a guard against regressions, not docs/performance.md's
 * 120 KB (withdrawn with docs/performance.md, docs/decisions/2026-11-28-react.md). 163.5 KB on React 19 (28 Nov);
 * the page's target is at most 200 KB transferred in all (`npm run bench:web`).
 */
const FIRST_PAGE_JS_BUDGET_KB = 175;
/**
 * What the query library and the app's client, loaded at the first idle moment after the take-over
 * (src/api/late-query.ts), may weigh (gzip -9): 11 KB on 7 Dec 2026.
 */
const QUERY_LAYER_BUDGET_KB = 13;
/** Source folders of the back office: none of their code may be in the first page. */
const BACK_OFFICE_SOURCES = ['src/manage/', 'src/settings/'];

const DIST = path.resolve(import.meta.dirname, '../../dist');
/** Screenshots to look at (not compared): test-results/ is not committed. */
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results');

const browser = useBrowser();

interface Script {
  path: string;
  gzip: number;
}

/** Every script the first page loads, with its size as gzip -9 of the body the browser got. */
async function firstPageScripts(): Promise<{ scripts: Script[]; indexHtml: string }> {
  return withPage(
    browser(),
    async (page) => {
      const pending: Promise<Script | null>[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return;
        pending.push(
          response.body().then(
            (body) => ({ path: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 9 }).length }),
            () => null,
          ),
        );
      });
      // once the app has the page it loads the query library and asks the server whether it is up
      const healthCheck = page.waitForResponse((response) => response.request().method() === 'HEAD' && new URL(response.url()).pathname === API_PATHS.health);
      await page.goto('/incident/beschrijf');
      await heading(page, 'Beschrijf uw melding').waitFor();
      await page.getByRole('textbox').first().waitFor();
      await healthCheck;
      await page.waitForLoadState('networkidle');
      const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null);
      const indexHtml = await (await fetch(`${baseUrl()}/incident/beschrijf`)).text();
      return { scripts, indexHtml };
    },
    PHONE_CONTEXT,
  );
}

describe('the first page', () => {
  it('loads at most the budgeted JavaScript, no back-office code, the query library only after the page is taken over, and names every other script in index.html', async () => {
    const { scripts, indexHtml } = await firstPageScripts();
    const built = scripts.filter((s) => s.path.startsWith('/assets/'));
    expect(built.length).toBeGreaterThan(0);

    // Vite's own helpers (the preload helper, the runtime) and a chunk that only passes on
    // another's exports have no source map; every chunk of ours with code has one.
    const sourcesOf = (script: Script): string[] => {
      const map = path.join(DIST, `${script.path}.map`);
      return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
    };
    const unmapped = built.filter((s) => !existsSync(path.join(DIST, `${s.path}.map`)));
    const reExportOnly = /^(?:import\{[^}]*\}from"[^"]+";)*export\{[^}]*\};?$/;
    const withCode = unmapped.filter((s) => !/\/(?:preload-helper|rolldown-runtime)-/.test(s.path) && !reExportOnly.test(readFileSync(path.join(DIST, s.path), 'utf8').trim()));
    expect(withCode.map((s) => s.path)).toEqual([]);
    const sources = built.flatMap(sourcesOf);
    expect(sources.some((source) => source.includes('src/wizard/'))).toBe(true);
    expect(sources.filter((source) => BACK_OFFICE_SOURCES.some((folder) => source.includes(folder)))).toEqual([]);

    // the query library comes after the page is drawn and taken over (src/api/late-query.ts): in
    // files of its own, none named in the document, within its own budget
    const isQueryLayer = (script: Script) => sourcesOf(script).some((source) => source.includes('node_modules/@tanstack/') || source.includes('src/api/late-query-layer.ts'));
    const queryLayer = built.filter(isQueryLayer);
    const takeOver = scripts.filter((s) => !isQueryLayer(s));
    expect(queryLayer.length).toBeGreaterThan(0);
    expect(takeOver.flatMap(sourcesOf).filter((source) => source.includes('node_modules/@tanstack/'))).toEqual([]);
    const kb = (list: Script[]) => list.reduce((sum, s) => sum + s.gzip, 0) / 1024;
    expect(kb(takeOver)).toBeLessThanOrEqual(FIRST_PAGE_JS_BUDGET_KB);
    expect(kb(queryLayer)).toBeLessThanOrEqual(QUERY_LAYER_BUDGET_KB);

    // named in the document: as script and modulepreload links, or (the first page rendered ahead)
    // handed to the script that starts the app once the page is painted (src/ahead/boot.js)
    const inDocument = new Set(indexHtml.match(/\/assets\/[^"\s]+\.js/g));
    const named = built.filter((s) => inDocument.has(s.path)).map((s) => s.path);
    expect(named).toEqual(built.filter((s) => !isQueryLayer(s)).map((s) => s.path));
  });
});

/** Opens the first page with the app's scripts held, once its boot script (not held) notes what is done on it. */
async function openHeld(page: Page): Promise<{ release: () => Promise<void> }> {
  const scripts = await holdScripts(page);
  await page.goto('/incident/beschrijf', { waitUntil: 'commit' });
  await expectHeading(page, 'Beschrijf uw melding');
  await page.waitForFunction(() => Array.isArray((window as unknown as Record<string, unknown>).__meldloketEarlyEvents));
  return scripts;
}

/** Console errors and warnings and uncaught errors of the page (a hydration mismatch is one). */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Chromium's own note on the Permissions-Policy header is no problem of the page
    if (message.text().startsWith('Error with Permissions-Policy header')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

const description = (page: Page) => page.getByRole('textbox', { name: /Waar gaat het om\?/ });

/** One page for a screen reader: one main landmark, one level-1 heading, no id twice. */
const onePage = (page: Page) =>
  page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id);
    return { main: document.querySelectorAll('main').length, h1: document.querySelectorAll('h1').length, duplicateIds: ids.filter((id, i) => ids.indexOf(id) !== i) };
  });
const ONE_PAGE = { main: 1, h1: 1, duplicateIds: [] };

describe('the first page rendered ahead', () => {
  it('is in the HTML the server sends: step 1 paints without any script, and passes axe', async () => {
    const html = await (await fetch(`${baseUrl()}/incident/beschrijf`)).text();
    expect(html).toContain('<title>Beschrijf uw melding - Meldloket</title>');
    expect(html).toMatch(/<h1[^>]*>Beschrijf uw melding<\/h1>/);
    for (const size of [PHONE_CONTEXT, { viewport: DESKTOP }]) {
      await withPage(
        browser(),
        async (page) => {
          // no script of the app runs: what shows is the HTML and the stylesheet alone
          await openHeld(page);
          await expect(page.getByText('Gemeente Amsterdam').isVisible()).resolves.toBe(true);
          await expect(description(page).isVisible()).resolves.toBe(true);
          await expect(page.getByRole('button', { name: 'Volgende' }).isVisible()).resolves.toBe(true);
          await expect(page.getByRole('link', { name: 'Toegankelijkheid' }).isVisible()).resolves.toBe(true);
          await page.screenshot({ path: path.join(SCREENSHOTS, `first-page-rendered-${size.viewport.width}.png`), fullPage: true });
          expect(await axeViolations(page)).toEqual([]);
        },
        size,
      );
    }
    // the server never sends the renderer itself
    expect((await fetch(`${baseUrl()}/ssr/first-page.js`)).status).toBe(404);
  });

  it('is taken over by the app: the same elements, no hydration warning, no layout shift', async () => {
    await withPage(
      browser(),
      async (page) => {
        const problems = problemsOf(page);
        const scripts = await openHeld(page);
        await page.evaluate(() => {
          const marks = window as unknown as Record<string, unknown>;
          marks.renderedHeading = document.querySelector('h1');
          marks.renderedField = document.querySelector('textarea');
          marks.shift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput) marks.shift = (marks.shift as number) + entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await scripts.release();
        // the app has the page; the category tree is read once the resident begins (here: in the description)
        await beginInDescription(page);
        await chooseSubcategory(page, 'Prullenbak is kapot', 'Prullenbak');
        const same = await page.evaluate(() => {
          const marks = window as unknown as Record<string, unknown>;
          return { heading: marks.renderedHeading === document.querySelector('h1'), field: marks.renderedField === document.querySelector('textarea'), shift: marks.shift };
        });
        expect(same).toEqual({ heading: true, field: true, shift: 0 });
        await expect(onePage(page)).resolves.toEqual(ONE_PAGE);
        expect(problems).toEqual([]);
      },
      PHONE_CONTEXT,
    );
  });

  it('keeps what a resident typed before the app took over: in the field, the draft and step 2', async () => {
    const text = 'Losse stoeptegel voor de deur, getypt voordat de app er was';
    await withPage(browser(), async (page) => {
      const problems = problemsOf(page);
      const scripts = await openHeld(page);
      await description(page).pressSequentially(text);
      const search = page.getByRole('combobox', { name: /^Subcategorie/ });
      await search.pressSequentially('Prullenbak');
      const categories = page.waitForResponse((response) => response.url().includes(API_PATHS.categories));
      await scripts.release();
      await categories;
      await expect(description(page).inputValue()).resolves.toBe(text);
      // the app has it: the counter counts it, the search lists what matches it, and the text
      // survives a step forward and back
      await page.getByText(`${text.length}/1000 tekens`).waitFor();
      await expect(search.inputValue()).resolves.toBe('Prullenbak');
      await page.getByRole('listbox', { name: /^Subcategorie/ }).getByRole('option', { name: 'Prullenbak is kapot', exact: true }).click();
      await expect(search.inputValue()).resolves.toBe('Prullenbak is kapot');
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      await page.getByRole('button', { name: 'Vorige' }).click();
      await expectHeading(page, 'Beschrijf uw melding');
      await expect(description(page).inputValue()).resolves.toBe(text);
      expect(problems).toEqual([]);
    });
  });

  it('gives a resident with a draft the draft, and keeps what they typed into the rendered page meanwhile', async () => {
    await withPage(browser(), async (page) => {
      const problems = problemsOf(page);
      await describeReport(page, { text: 'Eerste versie', subcategory: 'Prullenbak is kapot' });
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('meldloket:wizard') ?? '')).toContain('Eerste versie');
      const scripts = await holdScripts(page);
      await page.reload({ waitUntil: 'commit' });
      await expectHeading(page, 'Beschrijf uw melding');
      await description(page).fill('Tweede versie');
      await scripts.release();
      // the app draws its own page from the draft, with the typed text and the chosen subcategory
      await expect.poll(() => page.getByRole('combobox', { name: /^Subcategorie/ }).inputValue()).toBe('Prullenbak is kapot');
      await expect(description(page).inputValue()).resolves.toBe('Tweede versie');
      expect(problems).toEqual([]);
    });
  });

  // A browser whose configuration differs from the one the page was rendered with gets the app's own page.
  const OTHER_CONFIG = { init: 'window.__MELDLOKET_CONFIG__ = { features: { fetchQuestionsFromBackend: true } };' };

  for (const [mode, options] of [
    ['the app takes the page over', {}],
    ['the app draws its own page', OTHER_CONFIG],
  ] as const) {
    it(`presses a button pressed before the app ran once it has (${mode}): Volgende without a description says what is missing`, async () => {
      await withPage(
        browser(),
        async (page) => {
          const problems = problemsOf(page);
          const scripts = await openHeld(page);
          await page.getByRole('button', { name: 'Volgende' }).click();
          await scripts.release();
          await page.getByRole('heading', { name: 'U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.' }).waitFor();
          await expect.poll(() => page.title()).toMatch(/^Fout: Beschrijf uw melding/);
          expect(problems).toEqual([]);
        },
        options,
      );
    });
  }

  it('presses Volgende pressed before even the boot script arrived (a tap on a slow phone): it says what is missing', async () => {
    await withPage(browser(), async (page) => {
      const problems = problemsOf(page);
      const scripts = await holdScripts(page, { boot: true });
      await page.goto('/incident/beschrijf', { waitUntil: 'commit' });
      await expectHeading(page, 'Beschrijf uw melding');
      // no script file has arrived: only what the document itself holds runs
      await page.getByRole('button', { name: 'Volgende' }).click();
      await scripts.release();
      await page.getByRole('heading', { name: 'U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.' }).waitFor();
      await expect.poll(() => page.title()).toMatch(/^Fout: Beschrijf uw melding/);
      expect(problems).toEqual([]);
    });
  });

  it('hands what was done on it to the app\'s own page (another configuration): the text, the focus and caret, a field left', async () => {
    await withPage(
      browser(),
      async (page) => {
        const problems = problemsOf(page);
        const scripts = await openHeld(page);
        // typed and left: the app classifies it once it has the page (what leaving the field does)
        await description(page).pressSequentially('Er ligt afval naast de container');
        const prediction = page.waitForRequest((request) => request.url().endsWith('/signals/category/prediction'));
        const search = page.getByRole('combobox', { name: /^Subcategorie/ });
        await search.click();
        await search.pressSequentially('Prullenbak');
        await search.press('ArrowLeft');
        await page.evaluate(() => void ((window as unknown as Record<string, unknown>).renderedField = document.querySelector('textarea')));
        await scripts.release();
        await prediction;
        // the app's own page (another element), with the text, and the focus where it was, at the caret
        await expect.poll(() => page.evaluate(() => document.querySelector('textarea') !== (window as unknown as Record<string, unknown>).renderedField)).toBe(true);
        await page.getByText('32/1000 tekens').waitFor();
        await expect(description(page).inputValue()).resolves.toBe('Er ligt afval naast de container');
        await expect.poll(() => search.evaluate((element) => element === document.activeElement)).toBe(true);
        await page.keyboard.type('e');
        await expect(search.inputValue()).resolves.toBe('Prullenbaek');
        await expect(onePage(page)).resolves.toEqual(ONE_PAGE);
        expect(problems).toEqual([]);
      },
      OTHER_CONFIG,
    );
  });

  it('does not pretend to work when the app cannot run: it says so when its scripts fail to load', async () => {
    await withPage(browser(), async (page) => {
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('/incident/beschrijf');
      await expectHeading(page, 'Beschrijf uw melding');
      await page.getByRole('alert').filter({ hasText: 'Het formulier is niet helemaal geladen en werkt nog niet. Laad de pagina opnieuw.' }).waitFor();
    });
    // (with scripts off a <noscript> line says the form needs them: server/test/first-page.test.ts;
    // Chromium with scripts disabled by the test driver still parses <noscript> as if they ran)
  });
});
