/**
 * What residents notice beyond a plain report: a blocking answer, a failed
 * submit that keeps the draft, a reload in the middle of step 2 (drawn in its frame from the first
 * moment), app mode, the
 * static pages and the maintenance switch, and a phone-sized screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, withPage } from './support.ts';
import { answer, checkScreen, chooseLocation, describeReport, expectHeading, extra, fillContact, fillText, heading, next, question, send, storedReport, storedSignal, toSummary } from './wizard-support.ts';

const browser = useBrowser();

const BLOCKING = 'U kunt dit formulier niet verder invullen. Lees onder de antwoorden waar u uw melding wel kunt doen.';

describe('the wizard in the browser', () => {
  it("stops at a blocking answer: 'Volgende' stays in the tab order and, pressed, says why in the focused error summary; it goes on once the answer changes", async () => {
    await withPage(browser(), async (page) => {
      const file = 'wonen';
      await describeReport(page, { text: 'Er hangen losse elektriciteitsdraden in het trappenhuis', subcategory: 'Woningkwaliteit' });
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      // Volgende without a location: the summary names the field by its visible label
      await next(page);
      const missing = page.getByRole('region', { name: /U hebt niet alle vragen/ });
      await missing.getByRole('link', { name: `${question(file, 'locatie').label}: Dit veld is verplicht` }).waitFor();
      await chooseLocation(page, 'Kalverstraat 1');
      await answer(page, file, 'extra_wonen_woonkwaliteit_direct_gevaar', 'ja');
      await page.getByRole('alert').filter({ hasText: 'Bel 112 en vul dit formulier niet verder in' }).waitFor();
      // 'Volgende' is an ordinary button, reached with Tab from the answer
      const volgende = page.getByRole('button', { name: 'Volgende' });
      expect(await volgende.isEnabled()).toBe(true);
      expect(await volgende.getAttribute('aria-disabled')).toBeNull();
      for (let i = 0; i < 10 && !(await volgende.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
      expect(await volgende.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      // refused: the error summary says the blocking text and has the focus
      const summary = page.getByRole('region', { name: BLOCKING });
      await expect.poll(() => summary.evaluate((el) => el === document.activeElement)).toBe(true);
      await summary.getByRole('link', { name: 'Bel 112 en vul dit formulier niet verder in' }).waitFor();
      await heading(page, 'Locatie en vragen').waitFor();
      expect(new URL(page.url()).pathname).toBe('/incident/vulaan');
      expect(await checkScreen(page)).toEqual([]);

      await answer(page, file, 'extra_wonen_woonkwaliteit_direct_gevaar', 'nee');
      await answer(page, file, 'extra_wonen_woonkwaliteit_gemeld_bij_eigenaar', 'ja');
      await next(page);
      await expectHeading(page, 'Contactgegevens');
    });
  });

  it("comes back to the summary after a 'Wijzigen' there: the location's by the map with the focus on that 'Wijzigen', a section's by 'Volgende'", async () => {
    await withPage(browser(), async (page) => {
      await toSummary(page, { text: 'De prullenbak op de hoek is kapot', subcategory: 'Prullenbak is kapot' }, { email: 'terug@example.com' });

      // the location: the map opens over step 2; once a place is chosen the resident is back on the summary
      await page.getByRole('button', { name: 'Wijzigen locatie' }).click();
      const search = page.getByRole('combobox', { name: 'Zoek op adres of postcode' });
      await search.fill('Rokin 10');
      await page.getByRole('listbox', { name: 'Zoek op adres of postcode' }).getByRole('option').first().click();
      await page.getByText('Adres wordt opgezocht…').waitFor({ state: 'detached' }).catch(() => undefined);
      await page.getByRole('button', { name: /Gebruik deze locatie|Ga verder zonder/ }).click();
      await expectHeading(page, 'Versturen');
      await page.getByText(/Rokin 10/).waitFor();
      await expect.poll(() => page.getByRole('button', { name: 'Wijzigen locatie' }).evaluate((el) => el === document.activeElement)).toBe(true);

      // a section: 'Volgende' on the edited step returns to the summary, not through steps 2 and 3
      await page.getByRole('link', { name: 'Wijzigen 1. Beschrijf uw melding' }).click();
      await expectHeading(page, 'Beschrijf uw melding');
      await fillText(page, /Waar gaat het om\?/, 'De prullenbak op de hoek is kapot en ligt op straat');
      await next(page);
      await expectHeading(page, 'Versturen');

      const sent = await send(page);
      expect(sent.payload.text).toBe('De prullenbak op de hoek is kapot en ligt op straat');
      const stored = await storedReport(sent.created.signal_id);
      expect(stored.address).toMatch(/Rokin 10/);
    });
  });

  it('keeps the draft when sending fails, and a retry stores one report', async () => {
    await withPage(browser(), async (page) => {
      await toSummary(page, { text: 'De prullenbak op de hoek is kapot', subcategory: 'Prullenbak is kapot' }, { email: 'retry@example.com' });

      // The report reaches the server, but the answer never reaches the browser.
      let firstAnswer: { signal_id: string } | undefined;
      await page.route('**/signals/v1/public/signals/', async (route) => {
        if (route.request().method() !== 'POST' || firstAnswer) return route.fallback();
        const response = await route.fetch();
        firstAnswer = (await response.json()) as { signal_id: string };
        await route.abort('failed');
      });
      await page.getByRole('button', { name: 'Verstuur' }).click();
      await expectHeading(page, 'Er is iets misgegaan');
      expect(new URL(page.url()).pathname).toBe('/incident/fout');
      await page.getByRole('alert').getByText('Uw melding is niet verstuurd').waitFor();
      await page.getByText(/Is het dringend\? Bel dan/).waitFor();
      expect(await checkScreen(page)).toEqual([]);

      await page.getByRole('button', { name: 'Terug naar controleren' }).click();
      await expectHeading(page, 'Versturen');
      await page.getByText('De prullenbak op de hoek is kapot').waitFor();
      await page.getByText('retry@example.com').waitFor();

      const sent = await send(page, 0);
      expect(firstAnswer?.signal_id).toBeTruthy();
      expect(sent.created.signal_id).toBe(firstAnswer?.signal_id);
      expect((await storedSignal(sent.created.signal_id)).status).toBe(200);
    });
  });

  it('keeps everything typed through a reload in the middle of step 2, and through back and forward', async () => {
    await withPage(browser(), async (page) => {
      const file = 'overlast-op-het-water';
      await describeReport(page, { text: 'Een boot ligt half onder water', subcategory: 'Gezonken of zinkende boot', photos: 1 });
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      await chooseLocation(page, 'Amstel 1');
      await answer(page, file, 'extra_boten_drijfkracht', 'nee');

      // what the app draws first on the reloaded page is the page's frame (with its loading line), not
      // a bare loading line that the frame then appears around, moving it
      await page.addInitScript(() => {
        const marks = window as unknown as Record<string, string>;
        new MutationObserver(() => {
          const first = document.getElementById('root')?.firstElementChild;
          if (first && marks.firstDrawn === undefined) marks.firstDrawn = `${first.tagName.toLowerCase()}.${first.className}`;
        }).observe(document, { childList: true, subtree: true });
      });
      await page.reload();
      await expectHeading(page, 'Locatie en vragen');
      expect(await page.evaluate(() => (window as unknown as Record<string, string>).firstDrawn)).toBe('div.ml-page');
      const drijft = question(file, 'extra_boten_drijfkracht');
      await expect(page.getByRole('group', { name: drijft.label }).getByRole('radio', { name: drijft.option('nee'), exact: true }).isChecked()).resolves.toBe(true);
      await page.getByRole('button', { name: 'Wijzigen' }).waitFor();

      await page.goBack();
      await expectHeading(page, 'Beschrijf uw melding');
      await expect(page.getByRole('textbox', { name: /Waar gaat het om\?/ }).inputValue()).resolves.toBe('Een boot ligt half onder water');
      // the photo itself comes back from IndexedDB
      await page.getByRole('img', { name: 'foto-1.png' }).waitFor();
      await page.goForward();
      await expectHeading(page, 'Locatie en vragen');

      await next(page);
      await fillContact(page, { email: 'schipper@example.com' });
      await next(page);
      const sent = await send(page, 1);
      expect(extra(sent.payload).extra_boten_drijfkracht).toMatchObject({ id: 'nee' });
    });
  });

  it('names a photo that failed to upload on the thank-you page, and the report still counts', async () => {
    await withPage(browser(), async (page) => {
      await describeReport(page, { text: 'De prullenbak bij de bushalte is kapot', subcategory: 'Prullenbak is kapot', photos: 2 });
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      await chooseLocation(page, 'Dam 1');
      await next(page);
      await fillContact(page, { email: 'foto@example.com' });
      await next(page);
      // the second photo does not get through
      let uploads = 0;
      await page.route('**/attachments/', async (route) => {
        uploads += 1;
        if (uploads === 2) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Serverfout"}' });
        return route.fallback();
      });
      const sent = await send(page, 2);
      expect(sent.uploads).toEqual([201, 500]);
      await page.getByText('Het uploaden van de foto is niet gelukt: foto-2.png').waitFor();
      await page.getByText('Uw melding is bij ons bekend onder nummer:').waitFor();
      await page.getByText(sent.created._display, { exact: true }).waitFor();
      expect(await checkScreen(page)).toEqual([]);
      const report = await storedReport(sent.created.signal_id);
      expect(report.text).toBe('De prullenbak bij de bushalte is kapot');
      expect(report.photos).toEqual(['foto-1.png']);
    });
  });

  it('app mode: only a next button, no footer, and the close-window prompt after sending', async () => {
    await withPage(browser(), 
      async (page) => {
        await describeReport(page, { text: 'Er ligt veel zwerfvuil in het plantsoen', subcategory: 'Veeg- en zwerfvuil' });
        await expect(page.getByRole('contentinfo').count()).resolves.toBe(0);
        await next(page);
        await expectHeading(page, 'Locatie en vragen');
        await expect(page.getByRole('button', { name: 'Vorige' }).count()).resolves.toBe(0);
        await chooseLocation(page, 'Dam 1');
        await next(page);
        await fillContact(page, { email: 'app@example.com' });
        await expect(page.getByRole('button', { name: 'Vorige' }).count()).resolves.toBe(0);
        await next(page);
        const sent = await send(page, 0);
        expect(sent.payload.source).toBe('app');
        await page.getByRole('heading', { name: 'Wilt u nog een andere melding doen?' }).waitFor();
        await page.getByRole('button', { name: 'Sluit venster' }).waitFor();
        await page.getByRole('button', { name: 'Doe nog een melding' }).click();
        await expectHeading(page, 'Beschrijf uw melding');
        await expect(page.getByRole('textbox', { name: /Waar gaat het om\?/ }).inputValue()).resolves.toBe('');
      },
      { init: 'window.__MELDLOKET_CONFIG__ = { features: { appMode: true } };' },
    );
  });

  it('files a report on a phone-sized screen', async () => {
    await withPage(browser(), 
      async (page) => {
        await describeReport(page, { text: 'Er ligt puin van een verbouwing op de stoep', subcategory: 'Puin- en sloopafval', photos: 1 });
        expect(await checkScreen(page)).toEqual([]);
        await next(page);
        await expectHeading(page, 'Locatie en vragen');
        await chooseLocation(page, 'Dam 1');
        await fillText(page, question('afval', 'extra_afval').label, 'Stenen en tegels');
        await next(page);
        await fillContact(page, { phone: '0612345678' });
        await next(page);
        await expectHeading(page, 'Versturen');
        expect(await checkScreen(page)).toEqual([]);
        const sent = await send(page, 1);
        expect((await storedSignal(sent.created.signal_id)).status).toBe(200);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(375);
      },
      { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    );
  });

  it('refuses step 1 with an error summary that takes focus and links to the field', async () => {
    await withPage(browser(), async (page) => {
      await page.goto('/incident/beschrijf');
      await expectHeading(page, 'Beschrijf uw melding');
      await next(page);
      const summary = page.getByRole('heading', { name: 'U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.' });
      await summary.waitFor();
      await expect.poll(() => page.title()).toMatch(/^Fout: Beschrijf uw melding/);
      await expect.poll(() => page.evaluate(() => document.activeElement?.querySelector('h2')?.textContent ?? document.activeElement?.textContent)).toContain('U hebt niet alle vragen');
      await page.getByRole('link', { name: /Dit is een verplicht veld/ }).first().click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('description');
      expect(await checkScreen(page)).toEqual([]);
    });
  });

  it('shows the static pages, each without axe violations', async () => {
    await withPage(browser(), async (page) => {
      await page.goto('/toegankelijkheidsverklaring');
      await expectHeading(page, 'Toegankelijkheid');
      await page.getByText('02-11-2024').waitFor();
      expect(await checkScreen(page)).toEqual([]);

      await page.goto('/bestaat-niet');
      await expectHeading(page, 'Pagina niet gevonden');
      expect(await checkScreen(page)).toEqual([]);

      await page.goto('/');
      await expectHeading(page, 'Beschrijf uw melding');
      expect(new URL(page.url()).pathname).toBe('/incident/beschrijf');
    });
  });

  it('goes to the maintenance page when the health check answers 503', async () => {
    await withPage(browser(), async (page) => {
      await page.route('**/signals/', (route) => (route.request().method() === 'HEAD' ? route.fulfill({ status: 503 }) : route.fallback()));
      await page.goto('/incident/beschrijf');
      await expectHeading(page, 'Tijdelijk niet te gebruiken');
      expect(new URL(page.url()).pathname).toBe('/onderhoud');
      await expect.poll(() => page.title()).toMatch(/^Onderhoudspagina/);
      expect(await checkScreen(page)).toEqual([]);
    });
  });

  it('opens the wizard preclassified from /categorie/{category}/{subcategory}, keeping the query string', async () => {
    await withPage(browser(), async (page) => {
      await page.goto('/categorie/afval/grofvuil?lat=52.3731&lng=4.8932');
      await expectHeading(page, 'Beschrijf uw melding');
      await page.waitForURL(/\/incident\/beschrijf\?lat=52\.3731&lng=4\.8932$/);
      const chosen = page.getByRole('combobox', { name: /^Subcategorie/ });
      await expect.poll(() => chosen.inputValue()).toBe('Grofvuil');
    });
  });

  it('sends one report when Verstuur is clicked twice', async () => {
    await withPage(browser(), async (page) => {
      await toSummary(page, { text: 'Twee keer klikken op versturen', subcategory: 'Prullenbak is vol' }, {});
      let creates = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/signals/v1/public/signals/') creates += 1;
      });
      await page.getByRole('button', { name: 'Verstuur' }).dblclick();
      await expectHeading(page, 'Bedankt!');
      expect(creates).toBe(1);
    });
  });

  it('takes the questions from the server when fetchQuestionsFromBackend is on', async () => {
    await withPage(browser(), 
      async (page) => {
        const asked = page.waitForRequest((r) => {
          const url = new URL(r.url());
          return url.pathname === '/signals/v1/public/questions/' && url.searchParams.get('sub_slug') === 'brug-bediening';
        });
        await describeReport(page, { text: 'De brug gaat niet meer open voor boten', subcategory: 'Brugbediening' });
        expect(new URL((await asked).url()).searchParams.get('main_slug')).toBe('civiele-constructies');
        await next(page);
        await expectHeading(page, 'Locatie en vragen');
        await chooseLocation(page, 'Amstel 1');
        await fillText(page, question('civiele-constructies', 'extra_brug').label, 'Hogesluis');
        await next(page);
        await fillContact(page, { email: 'brugwachter@example.com' });
        await next(page);
        const sent = await send(page, 0);
        expect(extra(sent.payload).extra_brug).toBe('Hogesluis');
      },
      { init: 'window.__MELDLOKET_CONFIG__ = { features: { fetchQuestionsFromBackend: true } };' },
    );
  });
});
