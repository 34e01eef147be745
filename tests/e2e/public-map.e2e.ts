/**
 * The public maps in Chromium: /meldingenkaart (enablePublicIncidentsMap) and /kaart
 * (enablePublicSignalMap) with their flags on and off, at desktop and phone size:
 * reports from the geography call as clusters and markers, the detail panel with
 * category and date only, the category filter, 'Legenda', the drawer rules, 'Doe
 * een melding' at a chosen spot, axe with no violations.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, useBrowser } from './support.ts';
import { afterZoom, DESKTOP, PHONE, storeReport, withFlags } from './public-map-support.ts';
import { mapAtRest } from './map-support.ts';

const browser = useBrowser();
// The default map centre (config) and points around it, inside the first view.
const CENTRE = { lng: 4.8932945, lat: 52.3731081 };
const SECRET_TEXT = 'Geheime omschrijving van melder Anna';

beforeAll(async () => {
  // Three reports within a few metres: one cluster at the first zoom level.
  for (let i = 0; i < 3; i++) {
    await storeReport({ email: 'anna@example.com', text: SECRET_TEXT, lng: CENTRE.lng + i * 0.00005, lat: CENTRE.lat, main: 'afval', sub: 'grofvuil' });
  }
  // One tree report on its own, further east.
  await storeReport({ email: 'bob@example.com', text: SECRET_TEXT, lng: CENTRE.lng + 0.004, lat: CENTRE.lat + 0.002, main: 'openbaar-groen-en-water', sub: 'bomen' });
}, 120_000);

const INCIDENTS = { enablePublicIncidentsMap: true };
const SIGNAL = { enablePublicSignalMap: true };
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const markers = (page: Page, name: RegExp) => page.getByRole('button', { name });

describe('/meldingenkaart', () => {
  it('is the not-found page with its flag off, and missing from the accessibility statement', async () => {
    await withFlags(browser(), {}, DESKTOP, async (page) => {
      await page.goto('/meldingenkaart');
      await heading(page, 'Pagina niet gevonden').waitFor();
      await page.goto('/kaart');
      await heading(page, 'Pagina niet gevonden').waitFor();
      await page.goto('/toegankelijkheidsverklaring');
      await heading(page, 'Toegankelijkheid').waitFor();
      expect(await page.getByRole('link', { name: /meldingenkaart/ }).count()).toBe(0);
      expect(await page.getByRole('link', { name: /Mijn meldingen/ }).count()).toBe(0);
    });
    await withFlags(browser(), { ...INCIDENTS, enableMyIncidents: true }, DESKTOP, async (page) => {
      await page.goto('/toegankelijkheidsverklaring');
      await page.getByRole('link', { name: /meldingenkaart/ }).waitFor();
      await page.getByRole('link', { name: /Mijn meldingen/ }).waitFor();
      expect(await page.getByRole('link', { name: /plek kiest/ }).count()).toBe(0);
    });
  });

  it('shows the open reports clustered, opens a cluster and shows category and date only (desktop)', async () => {
    await withFlags(browser(), INCIDENTS, DESKTOP, async (page) => {
      await page.goto('/meldingenkaart');
      await heading(page, 'Meldingenkaart').waitFor();
      // the map page has the short header
      expect((await page.locator('.ml-header').boundingBox())!.height).toBe(50);
      await page.getByRole('status').filter({ hasText: '4 meldingen op de kaart' }).waitFor();
      const cluster = markers(page, /^3 meldingen, zoom in$/);
      await cluster.waitFor();
      await markers(page, /^Bomen \(Openbaar groen en water\), gemeld op \d{2} \w+$/).waitFor();
      // the panel is 400 px beside the map
      const panel = (await page.locator('.ml-map-panel').boundingBox())!;
      expect(panel.width).toBe(400);
      expect(await axeViolations(page)).toEqual([]);

      // Enter on a cluster zooms in (keeping focus on the map's markers) until the reports stand apart.
      const anyCluster = markers(page, /meldingen, zoom in$/).first();
      for (let i = 0; i < 6 && (await anyCluster.count()) > 0; i++) {
        await anyCluster.focus();
        await afterZoom(page, () => page.keyboard.press('Enter'));
      }
      const single = markers(page, /^Grofvuil \(Afval\), gemeld op/);
      await single.first().waitFor();
      expect(await single.count()).toBe(3);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Grofvuil \(Afval\), gemeld op/);
      await single.first().click();
      const detail = page.getByRole('region', { name: 'Melding' });
      await detail.waitFor();
      const text = await detail.innerText();
      expect(text).toMatch(/Grofvuil\s*\(Afval\)/);
      expect(text).toMatch(/Gemeld op: \d{2} \w+/);
      // never the reporter's data or free text
      const page_ = await page.content();
      expect(page_).not.toContain(SECRET_TEXT);
      expect(page_).not.toContain('anna@example.com');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Sluit details' }).click();
      await page.getByRole('group', { name: 'Filter op categorie' }).waitFor();
    });
  });

  it('filters by main and subcategory, asking the clusters call for them', async () => {
    await withFlags(browser(), INCIDENTS, DESKTOP, async (page) => {
      const asked: string[] = [];
      page.on('request', (r) => r.url().includes('/clusters') && asked.push(decodeURIComponent(r.url())));
      await page.goto('/meldingenkaart');
      await page.getByRole('status').filter({ hasText: '4 meldingen op de kaart' }).waitFor();

      await page.getByRole('checkbox', { name: 'Afval', exact: true }).uncheck();
      await page.getByRole('status').filter({ hasText: '1 melding op de kaart' }).waitFor();
      expect(asked.at(-1)).toContain('maincategory_slug=openbaar-groen-en-water');
      expect(asked.at(-1)).not.toContain('maincategory_slug=afval');
      expect(await markers(page, /meldingen, zoom in$/).count()).toBe(0);

      // One subcategory of Afval back: a mixed main category, asked by subcategory.
      await page.getByRole('checkbox', { name: 'Grofvuil', exact: true }).check();
      await page.getByRole('status').filter({ hasText: '4 meldingen op de kaart' }).waitFor();
      expect(asked.at(-1)).toContain('category_slug=grofvuil');
      expect(await page.getByRole('checkbox', { name: 'Afval', exact: true }).evaluate((el: HTMLInputElement) => el.indeterminate)).toBe(true);

      await page.getByRole('button', { name: 'Niets tonen' }).click();
      await page.getByRole('status').filter({ hasText: '0 meldingen op de kaart' }).waitFor();
      await page.getByRole('button', { name: 'Alles tonen' }).click();
      await page.getByRole('status').filter({ hasText: '4 meldingen op de kaart' }).waitFor();
    });
  });

  it("opens 'Legenda' and reopens the drawer when zoomed out below 13 (phone: a bottom drawer)", async () => {
    await withFlags(browser(), INCIDENTS, PHONE, async (page) => {
      await page.goto('/meldingenkaart');
      await heading(page, 'Meldingenkaart').waitFor();
      const panel = page.locator('.ml-map-panel');
      const box = (await panel.boundingBox())!;
      expect(box.width).toBe(PHONE.width);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Legenda' }).click();
      const legend = page.getByRole('region', { name: 'Legenda' });
      await legend.waitFor();
      expect(await legend.innerText()).toContain('Afval');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Sluit legenda' }).click();

      // From zoom 11, zoom in to 13 (the drawer reopens on each zoom below 13), close the drawer,
      // zoom to 14 and back to 13: it stays closed; out to 12: it opens.
      const zoomIn = page.getByRole('button', { name: 'Inzoomen' });
      const zoomOut = page.getByRole('button', { name: 'Uitzoomen' });
      for (const button of [zoomIn, zoomIn]) await afterZoom(page, () => button.click());
      await page.getByRole('button', { name: 'Sluit paneel' }).click();
      await page.getByRole('button', { name: 'Open paneel' }).waitFor();
      for (const button of [zoomIn, zoomOut]) {
        await afterZoom(page, () => button.click());
        expect(await page.getByRole('button', { name: 'Open paneel' }).count()).toBe(1);
      }
      await zoomOut.click();
      await page.getByRole('button', { name: 'Sluit paneel' }).waitFor();
    });
  });
});

describe('/kaart', () => {
  it("starts the wizard at the spot picked on the map with 'Doe een melding' (desktop and phone)", async () => {
    for (const size of [DESKTOP, PHONE]) {
      await withFlags(browser(), SIGNAL, size, async (page) => {
        await page.goto('/kaart');
        await heading(page, 'Melden op de kaart').waitFor();
        await page.getByText('Klik of tik op de kaart om een plek te kiezen.').waitFor();
        expect(await axeViolations(page)).toEqual([]);
        if (size === PHONE) {
          // the drawer folds down: click the map once it has, not the drawer on its way
          await page.getByRole('button', { name: 'Sluit paneel' }).click();
          await page.getByRole('button', { name: 'Open paneel' }).waitFor();
          await mapAtRest(page);
        }
        const map = (await page.locator('.ml-map').boundingBox())!;
        await page.mouse.click(map.x + map.width * 0.8, map.y + map.height * 0.35);
        // the chosen spot gets the pin
        await page.getByRole('img', { name: 'Gekozen locatie' }).waitFor();
        if (size === PHONE) await page.getByRole('button', { name: 'Open paneel' }).click();
        await page.getByText('U hebt een plek op de kaart gekozen.').waitFor();
        await page.getByRole('link', { name: 'Doe een melding' }).click();
        await heading(page, 'Beschrijf uw melding').waitFor();
        const url = new URL(page.url());
        expect(url.pathname).toBe('/incident/beschrijf');
        const lat = Number(url.searchParams.get('lat'));
        const lng = Number(url.searchParams.get('lng'));
        expect(Math.abs(lat - CENTRE.lat)).toBeLessThan(0.02);
        expect(Math.abs(lng - CENTRE.lng)).toBeLessThan(0.02);
        expect(lng).toBeGreaterThan(CENTRE.lng);
      });
    }
  });
});
