/**
 * Choosing objects on the map screen, in Chromium against the embedded
 * server's WFS stand-ins: streetlights chosen and unchosen on the map up to the
 * maximum and past it, a container that is not on the map (report stored; marker
 * sizes by zoom level on the way), and
 * a whole report made with the keyboard alone, objects chosen from the list.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE_CONTEXT, useBrowser, withPage } from './support.ts';
import { describeByKeyboard, dialog, mapAtRest, nextByKeyboard, openMap, searchAddress, summaryText, tabTo, visibleMarkers } from './map-support.ts';
import { answer, describeReport, extra, fillContact, heading, next, send } from './wizard-support.ts';

const browser = useBrowser();

const FREE = '.leaflet-marker-icon[role="button"]:not([aria-pressed="true"]):not([aria-disabled="true"])';

/** A street-lighting report described as `text`, on to step 2, the map opened at Damrak 20 with its lamps to choose shown. */
async function lampsOnMap(page: Page, text: string) {
  await describeReport(page, { text, subcategory: 'Lantaarnpaal of straatverlichting' });
  await next(page);
  await heading(page, 'Locatie en vragen').waitFor();
  await openMap(page);
  await searchAddress(page, 'Damrak 20');
  await summaryText(page);
  await page.locator(FREE).first().waitFor();
}
const CHOSEN = '.leaflet-marker-icon[aria-pressed="true"]';

describe('objects on the map', () => {
  it('chooses streetlights on the map up to the maximum of 3, warns past it and unchooses on a second click', async () => {
    await withPage(browser(), async (page) => {
      await lampsOnMap(page, 'Drie lantaarnpalen naast elkaar branden niet');
      await page.getByRole('button', { name: 'Ga verder zonder lamp' }).waitFor();

      for (let i = 0; i < 3; i += 1) {
        // where the markers are is only known once the map has come to rest (it flies to the address)
        await mapAtRest(page);
        const [marker] = await visibleMarkers(page, FREE);
        if (i === 0) {
          // A marker is a button: Enter on it chooses it as a click does.
          await marker.focus();
          await page.keyboard.press('Enter');
        } else {
          await marker.click();
        }
        await page.waitForFunction((n) => document.querySelectorAll('.leaflet-marker-icon[aria-pressed="true"]').length === n, i + 1);
      }
      await page.getByRole('button', { name: 'Meld dit object' }).waitFor();
      await mapAtRest(page);
      const [fourth] = await visibleMarkers(page, FREE);
      await fourth.click();
      const warning = page.getByRole('alert').filter({ hasText: 'U kunt maximaal 3 lampen kiezen.' });
      await warning.waitFor();
      expect(await page.locator(CHOSEN).count()).toBe(3);
      expect(await fourth.getAttribute('aria-pressed')).toBe('false');

      await page.getByRole('button', { name: 'Sluit melding' }).click();
      await warning.waitFor({ state: 'detached' });
      await mapAtRest(page);
      const [chosen] = await visibleMarkers(page, CHOSEN);
      const unchosenLabel = await chosen.getAttribute('alt');
      await chosen.click();
      await page.waitForFunction(() => document.querySelectorAll('.leaflet-marker-icon[aria-pressed="true"]').length === 2);
      expect(await page.getByRole('checkbox', { name: unchosenLabel! }).isChecked()).toBe(false);
      expect(await page.locator('.ml-object-list input:checked').count()).toBe(2);

      await page.getByRole('button', { name: 'Meld dit object' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      const chosenList = page.getByRole('group', { name: /Om welke lamp of lantaarnpaal gaat het/ }).getByRole('listitem');
      expect(await chosenList.count()).toBe(2);
      expect(await chosenList.first().innerText()).toMatch(/ - 1\d{5}$/);
    });
  });

  it('on a phone, a tap past the maximum shows the warning on the visible map and reads it out, with the chosen lamps in view', async () => {
    await withPage(
      browser(),
      async (page) => {
        await lampsOnMap(page, 'Vier lantaarnpalen op een rij branden niet');
        // the drawer folds down to a strip, so the lamps can be tapped
        await page.getByRole('button', { name: 'Sluit paneel' }).click();
        await mapAtRest(page);
        // the part of the map the drawer leaves free
        const drawerTop = async () => (await page.locator('.ml-map-panel').boundingBox())!.y;
        const tappable = async (selector: string) => {
          await mapAtRest(page);
          const top = await drawerTop();
          const out = [];
          for (const marker of await page.locator(selector).all()) {
            const box = await marker.boundingBox();
            if (box && box.x >= 0 && box.x + box.width <= 390 && box.y > 60 && box.y + box.height < top) out.push(marker);
          }
          return out;
        };
        for (let i = 0; i < 3; i += 1) {
          const [marker] = await tappable(FREE);
          await marker.tap();
          await page.waitForFunction((n) => document.querySelectorAll('.leaflet-marker-icon[aria-pressed="true"]').length === n, i + 1);
        }
        const [fourth] = await tappable(FREE);
        await fourth.tap();
        const warning = page.getByRole('alert').filter({ hasText: 'U kunt maximaal 3 lampen kiezen.' });
        await warning.waitFor();
        expect(await page.locator(CHOSEN).count()).toBe(3);
        await mapAtRest(page);
        // where the resident is looking: on screen, over the map, not under the drawer
        const box = (await warning.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
        expect(box.y + box.height).toBeLessThanOrEqual(await drawerTop());
        // and nothing covers it
        expect(await warning.evaluate((el) => document.elementFromPoint(el.getBoundingClientRect().left + 8, el.getBoundingClientRect().top + 8)?.closest('[role="alert"]') === el)).toBe(true);
        // the chosen lamps are still in the free part of the map
        expect(await tappable(CHOSEN)).toHaveLength(3);
        // unfolded again, the drawer shows the three chosen lamps
        await page.getByRole('button', { name: 'Open paneel' }).click();
        await page.getByRole('button', { name: 'Sluit paneel' }).waitFor();
        expect(await page.locator('.ml-object-list input:checked').count()).toBe(3);
      },
      { ...PHONE_CONTEXT },
    );
  });

  it('chooses a container on a phone: fold the drawer away, tap the marker, unfold and report it', async () => {
    await withPage(browser(), 
      async (page) => {
        await describeReport(page, { text: 'De papiercontainer zit vol', subcategory: 'Container is vol' });
        await next(page);
        await heading(page, 'Locatie en vragen').waitFor();
        await openMap(page);
        await searchAddress(page, 'Rokin 10');
        await summaryText(page);
        await page.getByRole('button', { name: 'Sluit paneel' }).click();
        await mapAtRest(page);
        const [marker] = await visibleMarkers(page, FREE, 0);
        const label = await marker.getAttribute('alt');
        await marker.tap();
        await page.waitForFunction(() => document.querySelectorAll('.leaflet-marker-icon[aria-pressed="true"]').length === 1);
        await page.getByRole('button', { name: 'Open paneel' }).click();
        await page.getByRole('button', { name: 'Sluit paneel' }).waitFor();
        expect(await page.getByRole('checkbox', { name: label! }).isChecked()).toBe(true);
        await page.getByRole('button', { name: 'Meld dit object' }).click();
        await dialog(page).waitFor({ state: 'detached' });
        expect(await page.getByRole('listitem').filter({ hasText: label!.replace(/,.*$/, '') }).count()).toBe(1);
      },
      { viewport: { width: 390, height: 800 }, isMobile: true, hasTouch: true },
    );
  });

  it('reports a container that is not on the map, with its number', async () => {
    await withPage(browser(), async (page) => {
      await describeReport(page, { text: 'De glasbak zit helemaal vol', subcategory: 'Container is vol' });
      await next(page);
      await heading(page, 'Locatie en vragen').waitFor();
      await openMap(page);
      await searchAddress(page, 'Rokin 10');
      await summaryText(page);
      // Markers are 20 px at the address's zoom level and 40 px from zoom 15.
      await page.locator(FREE).first().waitFor();
      // The figure is 20 px, the target one taps 44 px (transparent padding around it).
      expect(await page.locator(FREE).first().evaluate((el) => [(el as HTMLElement).style.width, el.getBoundingClientRect().width])).toEqual(['20px', 44]);
      // Zoom in once the map has come to rest on the address (a click during its animation is lost;
      // no zoom animation running yet is no proof: the flight to the address may not have begun).
      await mapAtRest(page);
      await page.getByRole('button', { name: 'Inzoomen' }).click();
      await page.waitForFunction((selector) => (document.querySelector(selector) as HTMLElement | null)?.style.width === '40px', FREE);
      expect(await page.locator(FREE).first().evaluate((el) => el.getBoundingClientRect().width)).toBe(44);
      await page.getByRole('checkbox', { name: 'De container staat niet op de kaart' }).check();
      await page.getByRole('textbox', { name: /Nummer van de container/ }).fill('GLA00999');
      await page.getByRole('textbox', { name: /Nummer van de container/ }).press('Tab');
      await page.getByRole('button', { name: 'Meld dit object' }).click();
      await dialog(page).waitFor({ state: 'detached' });
      expect(await page.getByRole('listitem').filter({ hasText: 'De container staat niet op de kaart - GLA00999' }).count()).toBe(1);
      await next(page);
      await fillContact(page, { email: 'melder@example.com' });
      await next(page);
      const sent = await send(page);
      // An object answer is sent as the list of chosen objects.
      expect(extra(sent.payload).extra_container).toEqual([expect.objectContaining({ id: 'GLA00999', type: 'not-on-map' })]);
      const location = sent.payload.location as { geometrie: { coordinates: [number, number] }; address: Record<string, unknown> };
      expect(location.geometrie.coordinates[0]).toBeCloseTo(4.89, 1);
      expect(location.geometrie.coordinates[1]).toBeCloseTo(52.37, 1);
    });
  });

  for (const [size, options] of [
    ['desktop', {}],
    ['phone', PHONE_CONTEXT],
  ] as const) {
    it(`gives a tab stop only to the markers in the free part of the map, none under the panel (${size})`, async () => {
      await withPage(
        browser(),
        async (page) => {
          await lampsOnMap(page, 'Drie lantaarnpalen naast elkaar branden niet');
          await mapAtRest(page);
          const markers = await page.evaluate(() => {
            const panel = document.querySelector('.ml-map-panel')!.getBoundingClientRect();
            const map = document.querySelector('.ml-map')!.getBoundingClientRect();
            return [...document.querySelectorAll<HTMLElement>('.leaflet-marker-icon[role="button"]')].map((marker) => {
              const r = marker.getBoundingClientRect();
              const x = r.left + r.width / 2;
              const y = r.top + r.height / 2;
              const underPanel = x >= panel.left && x <= panel.right && y >= panel.top && y <= panel.bottom;
              const outside = x < map.left || x > map.right || y < map.top || y > map.bottom;
              return { hidden: underPanel || outside, tabStop: marker.tabIndex >= 0 };
            });
          });
          // there are markers on both sides, so the check says something
          expect(markers.some((m) => m.hidden)).toBe(true);
          expect(markers.some((m) => !m.hidden && m.tabStop)).toBe(true);
          expect(markers.filter((m) => m.hidden && m.tabStop)).toEqual([]);
        },
        options,
      );
    });
  }

  it('completes a streetlight report with the keyboard alone', async () => {
    await withPage(browser(), async (page) => {
      await describeByKeyboard(page, 'De lantaarnpaal voor de deur is al een week uit', 'lantaarnpaal', 'Lantaarnpaal of straatverlichting');

      await tabTo(page, page.getByRole('button', { name: 'Kies locatie' }));
      await page.keyboard.press('Enter');
      const search = page.getByRole('combobox', { name: 'Zoek op adres of postcode' });
      await search.waitFor();
      await tabTo(page, search);
      await page.keyboard.type('Damrak 20');
      await page.getByRole('option').first().waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await summaryText(page);
      const first = page.locator('.ml-object-list input[type="checkbox"]:not([disabled])').first();
      await first.waitFor();
      await tabTo(page, first);
      await page.keyboard.press('Space');
      expect(await first.isChecked()).toBe(true);
      await tabTo(page, page.getByRole('button', { name: 'Meld dit object' }));
      await page.keyboard.press('Enter');
      await dialog(page).waitFor({ state: 'detached' });
      // the focus comes back to the field's 'Wijzigen', not to <body>
      await expect.poll(() => page.getByRole('button', { name: 'Wijzigen' }).evaluate((el) => el === document.activeElement)).toBe(true);

      const problem = page.getByRole('radio', { name: 'De lamp doet het niet' });
      await tabTo(page, problem);
      await page.keyboard.press('Space');
      const danger = page.getByRole('radio', { name: 'Nee, het is niet gevaarlijk' });
      await tabTo(page, danger);
      await page.keyboard.press('Space');
      await nextByKeyboard(page, 'Contactgegevens');
      await nextByKeyboard(page, 'Versturen');
      const created = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/signals/v1/public/signals/');
      const request = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/signals/v1/public/signals/');
      await tabTo(page, page.getByRole('button', { name: 'Verstuur' }));
      await page.keyboard.press('Enter');
      expect((await created).status()).toBe(201);
      await heading(page, 'Bedankt!').waitFor();
      const lamps = extra((await request).postDataJSON()).extra_straatverlichting_nummer as Array<{ id: string; type: string; address?: { openbare_ruimte?: string } }>;
      expect(lamps).toHaveLength(1);
      expect(lamps[0].id).toMatch(/^1\d{5}$/);
      expect(lamps[0].address?.openbare_ruimte).toBe('Damrak');
    });
  });
});
