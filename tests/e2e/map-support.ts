/**
 * Helpers for the map end-to-end tests: open the selector, search an address,
 * click the visible part of the map, and walk the page with the keyboard only.
 */
import type { Locator, Page } from 'playwright-core';
import { arrowToSubcategory, heading } from './wizard-support.ts';

/** The map dialog: titled by its question ('Selecteer de container', …), 'Selecteer de locatie' by default. */
export const dialog = (page: Page, name: string | RegExp = /^Selecteer de /) => page.getByRole('dialog', { name });

export async function openMap(page: Page) {
  await page.getByRole('button', { name: /^(Kies locatie|Wijzigen)$/ }).click();
  await page.getByRole('combobox', { name: 'Zoek op adres of postcode' }).waitFor();
}

/** Types an address and picks the first suggestion with the keyboard. */
export async function searchAddress(page: Page, text: string) {
  const search = page.getByRole('combobox', { name: 'Zoek op adres of postcode' });
  await search.fill(text);
  await page.getByRole('option').first().waitFor();
  await search.press('ArrowDown');
  await search.press('Enter');
}

/** The text of the location summary in the panel, once the address lookup is done. */
export async function summaryText(page: Page): Promise<string> {
  const summary = page.locator('.ml-location-summary');
  await summary.waitFor();
  await page.getByText('Adres wordt opgezocht…').waitFor({ state: 'detached' });
  return (await summary.innerText()).replace(/\s+/g, ' ').trim();
}

/**
 * Waits until the map is at rest: no CSS transition or animation running (the
 * drawer folding, a zoom) and the map panel and every marker in the same place
 * for ten animation frames in a row (Leaflet pans and flies frame by frame).
 */
export async function mapAtRest(page: Page) {
  await page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const where = () =>
          [...document.querySelectorAll('.ml-map-panel, .leaflet-marker-icon')]
            .map((el) => {
              const r = el.getBoundingClientRect();
              return `${r.x},${r.y},${r.width},${r.height}`;
            })
            .join(';');
        let last = where();
        let same = 0;
        const frame = () => {
          const now = where();
          if (document.getAnimations().some((a) => a.playState === 'running') || now !== last) {
            last = now;
            same = 0;
          } else same += 1;
          if (same >= 10) resolve(true);
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}

/** Clicks the map at a fraction of its width and height (right of the panel on wide screens). */
export async function clickMap(page: Page, fx = 0.7, fy = 0.5) {
  const box = await page.locator('.ml-map').boundingBox();
  if (!box) throw new Error('no map');
  await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

/** Object markers on the map that are not hidden behind the panel (x beyond `minX`). */
export async function visibleMarkers(page: Page, selector: string, minX = 440): Promise<Locator[]> {
  const all = await page.locator(selector).all();
  const out: Locator[] = [];
  for (const marker of all) {
    const box = await marker.boundingBox();
    if (box && box.x > minX && box.y > 60 && box.y < 700) out.push(marker);
  }
  return out;
}

/** Presses Tab until `target` has focus (proves it can be reached by keyboard); fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`could not reach ${target} with Tab`);
}

/** 'Volgende' by keyboard alone (Tab to it, Enter); waits for the next step's heading `to`. */
export async function nextByKeyboard(page: Page, to: string) {
  await tabTo(page, page.getByRole('button', { name: 'Volgende' }));
  await page.keyboard.press('Enter');
  await heading(page, to).waitFor();
}

/** Step 1 by keyboard alone: the description, the subcategory from the searchable list (typing `search`), then 'Volgende'. */
export async function describeByKeyboard(page: Page, text: string, search: string, subcategory: string) {
  await page.goto('/incident/beschrijf');
  await heading(page, 'Beschrijf uw melding').waitFor();
  await tabTo(page, page.getByRole('textbox', { name: /Waar gaat het om\?/ }));
  await page.keyboard.type(text);
  await tabTo(page, page.getByRole('combobox', { name: /^Subcategorie/ }));
  await page.keyboard.type(search);
  await arrowToSubcategory(page, subcategory);
  await nextByKeyboard(page, 'Locatie en vragen');
}
