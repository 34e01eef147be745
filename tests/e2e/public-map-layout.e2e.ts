/**
 * /meldingenkaart as a resident holds it (docs/classifier.md): markers and clusters never overlap, at any
 * zoom level, on a desktop and a phone; on a phone (390x844) the drawer leaves half of the map to
 * pan, zoom and tap, the page does not scroll, and the footer covers nothing of the filter list.
 * Geometry by bounding boxes and by what is under a point (elementFromPoint), not by pixels; axe.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, useBrowser } from './support.ts';
import { afterZoom, DESKTOP, PHONE, storeReport, withFlags } from './public-map-support.ts';

const browser = useBrowser();
const CENTRE = { lng: 4.8932945, lat: 52.3731081 };

beforeAll(async () => {
  // A grid of 40 reports some 60 m apart around the map's first centre: at the first zoom levels
  // their markers are closer than the 40 px a marker is wide; plus a tight knot of five.
  for (let i = 0; i < 40; i++) {
    const tree = i % 2 === 0;
    await storeReport({ email: 'anna@example.com', text: 'Rooster', lng: CENTRE.lng - 0.003 + (i % 8) * 0.0009, lat: CENTRE.lat - 0.0015 + Math.floor(i / 8) * 0.0006, main: tree ? 'openbaar-groen-en-water' : 'afval', sub: tree ? 'bomen' : 'grofvuil' });
  }
  for (let i = 0; i < 5; i++) await storeReport({ email: 'bob@example.com', text: 'Knoop', lng: CENTRE.lng + 0.0045 + i * 0.0001, lat: CENTRE.lat + 0.001, main: 'afval', sub: 'grofvuil' });
}, 300_000);

const INCIDENTS = { enablePublicIncidentsMap: true };

/** Zooms by a control and waits until the map has drawn its markers for the new view. */
async function zoom(page: Page, control: 'Inzoomen' | 'Uitzoomen') {
  await afterZoom(page, () => page.getByRole('button', { name: control }).click());
}

/** The markers drawn, and every pair of them whose boxes (what a tap hits) overlap. */
function markerOverlaps(page: Page): Promise<{ markers: number; overlapping: string[] }> {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('.leaflet-marker-pane .leaflet-marker-icon')].map((element) => ({ label: element.getAttribute('aria-label') ?? '', box: element.getBoundingClientRect() }));
    const overlapping: string[] = [];
    for (let a = 0; a < boxes.length; a++)
      for (let b = a + 1; b < boxes.length; b++) {
        const [one, two] = [boxes[a]!.box, boxes[b]!.box];
        // half a pixel for rounding
        if (one.left < two.right - 0.5 && two.left < one.right - 0.5 && one.top < two.bottom - 0.5 && two.top < one.bottom - 0.5) overlapping.push(`${boxes[a]!.label} @${Math.round(one.x)},${Math.round(one.y)} / ${boxes[b]!.label} @${Math.round(two.x)},${Math.round(two.y)}`);
      }
    return { markers: boxes.length, overlapping };
  });
}

/** The bounding box of the first element matching `selector`. */
async function box(page: Page, selector: string) {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not on the page`);
  return found;
}

describe('/meldingenkaart: clusters and the drawer', () => {
  for (const [name, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`draws no two markers over each other, at every zoom level from the first to the street (${name})`, async () => {
      await withFlags(browser(), INCIDENTS, size, async (page) => {
        await page.goto('/meldingenkaart');
        await page.getByText(/^[1-9]\d* meldingen op de kaart$/).waitFor();
        const seen: number[] = [];
        const check = async () => {
          const { markers, overlapping } = await markerOverlaps(page);
          seen.push(markers);
          expect(overlapping).toEqual([]);
        };
        await check();
        for (let step = 0; step < 4; step++) {
          await zoom(page, 'Inzoomen');
          await check();
        }
        await zoom(page, 'Uitzoomen');
        await check();
        // the view did show markers all along (and more of them once zoomed in)
        expect(Math.min(...seen)).toBeGreaterThan(0);
        expect(Math.max(...seen)).toBeGreaterThan(seen[0]!);
        await page.screenshot({ path: `test-results/meldingenkaart-clusters-${name}.png` });
      });
    });
  }

  it('leaves half of the map usable beside the drawer on a phone, and the footer covers nothing of the filter list', async () => {
    await withFlags(browser(), INCIDENTS, PHONE, async (page) => {
      await page.goto('/meldingenkaart');
      await page.getByText(/^[1-9]\d* meldingen op de kaart$/).waitFor();
      await page.screenshot({ path: 'test-results/meldingenkaart-phone.png' });
      // the page is the screen: it does not scroll, and the footer is under the map, not on it
      const scroll = await page.evaluate(() => ({ page: document.documentElement.scrollHeight, screen: window.innerHeight }));
      expect(scroll.page).toBeLessThanOrEqual(scroll.screen);
      const map = await box(page, '.ml-public-map');
      const drawer = await box(page, '.ml-map-panel');
      const footer = await box(page, '.ml-footer');
      expect(footer.y).toBeGreaterThanOrEqual(map.y + map.height - 0.5);
      expect(footer.y + footer.height).toBeLessThanOrEqual(PHONE.height + 0.5);

      // the drawer is at the bottom and takes at most half of the map; the zoom buttons are above it
      expect(drawer.y + drawer.height).toBeCloseTo(map.y + map.height, 0);
      expect(drawer.y - map.y).toBeGreaterThanOrEqual(map.height / 2 - 0.5);
      const zoomOut = await page.getByRole('button', { name: 'Uitzoomen' }).boundingBox();
      expect(zoomOut!.y + zoomOut!.height).toBeLessThanOrEqual(drawer.y);
      // what is above the drawer is the map: a point there is the map's, and a marker there is what a tap hits
      const visibleMiddle = { x: map.x + map.width / 2, y: (map.y + drawer.y) / 2 };
      expect(await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.leaflet-container') !== null, visibleMiddle)).toBe(true);
      const tappable = await page.evaluate((drawerTop) => {
        return [...document.querySelectorAll('.leaflet-marker-pane .leaflet-marker-icon')].filter((marker) => {
          const r = marker.getBoundingClientRect();
          const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
          return y + r.height / 2 <= drawerTop && y > 0 && x > 0 && x < window.innerWidth && document.elementFromPoint(x, y)?.closest('.leaflet-marker-icon') === marker;
        }).length;
      }, drawer.y);
      expect(tappable).toBeGreaterThan(0);

      // the filter list scrolls inside the drawer; its last box, scrolled to, is on screen, above the footer, not covered
      const boxes = page.getByRole('group', { name: 'Filter op categorie' }).getByRole('checkbox');
      const last = boxes.last();
      await last.scrollIntoViewIfNeeded();
      const lastBox = (await last.boundingBox())!;
      expect(lastBox.y).toBeGreaterThanOrEqual(drawer.y);
      expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(Math.min(footer.y, drawer.y + drawer.height) + 0.5);
      expect(await last.evaluate((element) => {
        const r = element.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === element;
      })).toBe(true);
      // and it can be used there: unticked, the map shows fewer reports
      const name = (await last.getAttribute('aria-label')) ?? (await last.evaluate((element) => (element as HTMLInputElement).labels?.[0]?.textContent ?? ''));
      expect(name).not.toBe('');
      await last.uncheck();
      await expect.poll(() => last.isChecked()).toBe(false);
      await page.screenshot({ path: 'test-results/meldingenkaart-phone-filter.png' });
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
