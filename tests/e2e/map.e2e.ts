/**
 * Choosing the location of a report on the map screen, in Chromium against the
 * embedded server's stand-ins (address service, reverse geocoder, tiles): by
 * address, by a click on the map and by 'Mijn locatie' with a fake position;
 * axe on the map screen on a desktop and a phone; the map code is not in the
 * first page's scripts, and is fetched while step 2 is read; step 2 reloaded
 * comes in its frame drawn ahead, its document asking for the small map's tiles.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, DESKTOP, framePlaces, holdScripts, PHONE_CONTEXT, useBrowser, withPage } from './support.ts';
import { clickMap, dialog, mapAtRest, openMap, searchAddress, summaryText } from './map-support.ts';
import { describeReport, heading, next } from './wizard-support.ts';

const browser = useBrowser();

/** Screenshots to look at (not compared): test-results/ is not committed. */
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results');

/** Step 2 of a report whose only step-2 question is the location. */
async function toLocationStep(page: Page) {
  await describeReport(page, { text: 'Er ligt veel zwerfvuil op de stoep', subcategory: 'Veeg- en zwerfvuil' });
  await next(page);
  await heading(page, 'Locatie en vragen').waitFor();
}

describe('the map screen', () => {
  it('keeps the map code out of the first page and loads it for step 2', async () => {
    await withPage(browser(), async (page) => {
      const scripts: string[] = [];
      page.on('response', async (r) => {
        if (r.request().resourceType() === 'script') scripts.push(await r.text().catch(() => ''));
      });
      await page.goto('/incident/beschrijf');
      await heading(page, 'Beschrijf uw melding').waitFor();
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((s) => s.includes('leaflet-container'))).toEqual([]);
      await toLocationStep(page);
      await openMap(page);
      expect(scripts.some((s) => s.includes('leaflet-container'))).toBe(true);
      await expect(page.locator('.leaflet-tile-loaded').first().waitFor()).resolves.toBeUndefined();
    });
  });

  it('fetches the map while the resident reads step 2, after its small map is drawn: the map opens when the connection drops after it', async () => {
    await withPage(browser(), async (page) => {
      const mapCode: string[] = [];
      const network: string[] = [];
      page.on('request', (r) => network.push(`asked ${r.url()}`));
      page.on('requestfinished', (r) => network.push(`got ${r.url()}`));
      page.on('response', async (r) => {
        if (r.request().resourceType() === 'script' && (await r.text().catch(() => '')).includes('leaflet-container')) mapCode.push(r.url());
      });
      await toLocationStep(page);
      // nothing asked for the map yet: step 2 fetched it on its own
      await expect.poll(() => mapCode.length, { timeout: 60_000 }).toBeGreaterThan(0);
      // ... only once the small map's tiles were in: the map's code does not hold up the step's first picture
      const tiles = await page.locator('img.ml-intro-map__tile').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
      expect(tiles.length).toBeGreaterThan(0);
      const mapAsked = network.indexOf(`asked ${mapCode[0]}`);
      expect(mapAsked).toBeGreaterThan(-1);
      for (const tile of tiles) {
        const got = network.indexOf(`got ${tile}`);
        expect(got, tile).toBeGreaterThan(-1);
        expect(got, tile).toBeLessThan(mapAsked);
      }
      await page.context().setOffline(true);
      await openMap(page);
      expect(await dialog(page).isVisible()).toBe(true);
      await page.context().setOffline(false);
    });
  });

  it('comes, reloaded, in its frame drawn ahead: the loading line before any script runs, then the step in the same places', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [name, size] of [['phone', PHONE_CONTEXT], ['desktop', { viewport: DESKTOP }]] as const) {
      await withPage(
        browser(),
        async (page) => {
          await toLocationStep(page);
          const scripts = await holdScripts(page);
          await page.reload({ waitUntil: 'commit' });
          await page.getByRole('status').filter({ hasText: 'Bezig met laden…' }).waitFor();
          expect(await page.getByRole('banner').getByRole('link', { name: /^Gemeente Amsterdam/ }).isVisible()).toBe(true);
          expect(await page.getByRole('contentinfo').count()).toBe(1);
          expect(await axeViolations(page)).toEqual([]);
          // (by the DevTools protocol: Playwright's screenshot waits for the document's scripts, which are held)
          const shot = await (await page.context().newCDPSession(page)).send('Page.captureScreenshot', { format: 'png' });
          writeFileSync(path.join(SCREENSHOTS, `map-step-drawn-ahead-${name}.png`), Buffer.from(shot.data, 'base64'));
          const before = await framePlaces(page);
          await scripts.release();
          await heading(page, 'Locatie en vragen').waitFor();
          await page.getByRole('button', { name: 'Kies locatie' }).waitFor();
          expect(await framePlaces(page)).toEqual(before);
          const parts = await page.evaluate(() => ({ header: document.querySelectorAll('header').length, main: document.querySelectorAll('main').length, h1: document.querySelectorAll('h1').length, loading: document.querySelectorAll('.ml-loading').length }));
          expect(parts).toEqual({ header: 1, main: 1, h1: 1, loading: 0 });
          // the document asked for the small map's tiles before any script ran: the map draws those very tiles
          const asked = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map((link) => link.href));
          const drawn = await page.getByRole('group', { name: /Waar is het/ }).locator('img').evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src));
          expect(asked.length).toBeGreaterThan(0);
          expect(drawn).toEqual(expect.arrayContaining(asked));
          // the draft is the step's, as before the reload
          await openMap(page);
          await page.locator('.leaflet-tile-loaded').first().waitFor();
        },
        size,
      );
    }
  });

  it('picks a location by address, shows its summary and keeps it on step 2', async () => {
    await withPage(browser(), async (page) => {
      await toLocationStep(page);
      await openMap(page);
      // (that fewer than 3 characters ask for nothing is pinned with a controlled clock in src/map/AddressSearch.test.tsx)
      const search = page.getByRole('combobox', { name: 'Zoek op adres of postcode' });
      await search.waitFor();
      expect(await search.getAttribute('placeholder')).toBe('Adres of postcode');
      await searchAddress(page, 'Rokin 10');
      expect(await summaryText(page)).toMatch(/^Locatie Centrum Rokin 10 1012 [A-Z]{2} Amsterdam$/);
      await page.getByRole('button', { name: 'Gebruik deze locatie' }).press('Enter');
      await dialog(page).waitFor({ state: 'detached' });
      // the focus comes back to the location field's control, not to <body>
      const wijzigen = page.getByRole('button', { name: 'Wijzigen' });
      await expect.poll(() => wijzigen.evaluate((el) => el === document.activeElement)).toBe(true);
      const field = page.getByRole('group', { name: /Waar is het/ });
      await expect(field.getByText('Rokin 10').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('button', { name: 'Wijzigen' }).isVisible()).resolves.toBe(true);
    });
  });

  it('says when an address is unknown', async () => {
    await withPage(browser(), async (page) => {
      await toLocationStep(page);
      await openMap(page);
      await page.getByRole('combobox', { name: 'Zoek op adres of postcode' }).fill('Nergenshuizenlaan 999');
      await expect(page.getByText('Wij kennen dit adres niet. Probeer het opnieuw.').waitFor()).resolves.toBeUndefined();
    });
  });

  it('pins a location with a click on the map and looks up its address', async () => {
    await withPage(browser(), async (page) => {
      await toLocationStep(page);
      await openMap(page);
      await page.locator('.leaflet-tile-loaded').first().waitFor();
      await clickMap(page);
      const text = await summaryText(page);
      expect(text === 'Locatie Locatie is gepind op de kaart' || /^Locatie \S.* \d+\S* 1\d{3} [A-Z]{2} Amsterdam$/.test(text)).toBe(true);
      await expect(page.locator('.leaflet-marker-icon[alt="Gekozen locatie"]').count()).resolves.toBe(1);
      await page.getByRole('button', { name: 'Gebruik deze locatie' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      await expect(page.getByRole('button', { name: 'Wijzigen' }).isVisible()).resolves.toBe(true);
    });
  });

  it('uses Mijn locatie with the position the browser gives', async () => {
    await withPage(browser(), 
      async (page) => {
        await toLocationStep(page);
        await openMap(page);
        await page.getByRole('button', { name: 'Mijn locatie' }).click();
        expect(await summaryText(page)).toMatch(/^Locatie Centrum Dam \d+\S* 1012 [A-Z]{2} Amsterdam$/);
        await page.getByRole('button', { name: 'Gebruik deze locatie' }).click();
        await dialog(page).waitFor({ state: 'detached' });
        await page.getByRole('group', { name: /Waar is het/ }).getByText(/^Dam \d+/).waitFor();
      },
      { geolocation: { latitude: 52.37309, longitude: 4.89296 }, permissions: ['geolocation'] },
    );
  });

  it('refuses a position outside the map', async () => {
    await withPage(browser(), 
      async (page) => {
        await toLocationStep(page);
        await openMap(page);
        await page.getByRole('button', { name: 'Mijn locatie' }).click();
        await expect(page.getByRole('alert').filter({ hasText: 'Uw locatie valt buiten de kaart en is daardoor niet te zien' }).waitFor()).resolves.toBeUndefined();
        expect(await page.locator('.ml-location-summary').count()).toBe(0);
      },
      { geolocation: { latitude: 51.9225, longitude: 4.4792 }, permissions: ['geolocation'] },
    );
  });

  it('explains how to allow the location when the browser refuses it', async () => {
    await withPage(browser(), async (page) => {
      await toLocationStep(page);
      await openMap(page);
      await page.getByRole('button', { name: 'Mijn locatie' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'geen toestemming om uw locatie te gebruiken' });
      await alert.waitFor();
      expect(await alert.innerText()).toContain('instellingen van uw browser');
    });
  });

  it('has no axe violations on the map screen, on a desktop and on a phone', async () => {
    for (const options of [{ viewport: { width: 1280, height: 800 } }, { viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true }]) {
      await withPage(browser(), async (page) => {
        await toLocationStep(page);
        await openMap(page);
        await page.locator('.leaflet-tile-loaded').first().waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await searchAddress(page, 'Dam 1');
        await summaryText(page);
        expect(await axeViolations(page)).toEqual([]);
      }, options);
    }
  });

  it('collapses the panel to a 40 px strip on a phone and to 19 px on a desktop', async () => {
    await withPage(browser(), 
      async (page) => {
        await toLocationStep(page);
        await openMap(page);
        await page.getByRole('button', { name: 'Sluit paneel' }).click();
        await mapAtRest(page);
        const panel = await page.locator('.ml-map-panel').boundingBox();
        expect(Math.round(panel!.height)).toBe(40);
        expect(Math.round(panel!.y + panel!.height)).toBe(800);
        await page.getByRole('button', { name: 'Open paneel' }).click();
        await page.getByRole('combobox', { name: 'Zoek op adres of postcode' }).waitFor();
      },
      { viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true },
    );
    await withPage(browser(), async (page) => {
      await toLocationStep(page);
      await openMap(page);
      await mapAtRest(page);
      const open = await page.locator('.ml-map-panel').boundingBox();
      expect(Math.round(open!.width)).toBe(400);
      await page.getByRole('button', { name: 'Sluit paneel' }).click();
      await mapAtRest(page);
      const closed = await page.locator('.ml-map-panel').boundingBox();
      expect(Math.round(closed!.x + closed!.width)).toBe(19);
    });
  });
});
