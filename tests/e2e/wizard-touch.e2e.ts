/**
 * Step 1 on a phone, with real touch sequences (CDP touch events at 390×844): the tap on 'Volgende'
 * that leaves the description is the tap that asks for its subcategory prediction. Nothing may move
 * under that finger, and the press is answered once the prediction is in, never dropped.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page, Route } from 'playwright-core';
import { PHONE_CONTEXT, useBrowser, withPage } from './support.ts';
import { beginInDescription, checkScreen, expectHeading } from './wizard-support.ts';

const browser = useBrowser();

/** Two frames: a finger held down while the page paints, then lifted. */
const frames = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/** A finger on the element's centre (touchStart), held while `hold` runs, then lifted (touchEnd). */
async function tap(page: Page, target: Locator, hold: () => Promise<void> = () => frames(page)) {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to tap: the element is not on screen');
  const cdp = await page.context().newCDPSession(page);
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await hold();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Holds the prediction call until `release()`: the press on 'Volgende' arrives while it is under way. */
async function holdPrediction(page: Page) {
  const held: Route[] = [];
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route('**/signals/category/prediction', (route) => {
    held.push(route);
    asked();
  });
  return {
    requested,
    release: async () => {
      await Promise.all(held.splice(0).map((route) => route.continue()));
      await page.unroute('**/signals/category/prediction');
    },
  };
}

/** Records the top of 'Volgende' after every change of step 1 (until the step changes). */
const watchButton = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { volgendeTops: number[] };
    const button = () => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Volgende');
    w.volgendeTops = [button()!.getBoundingClientRect().top];
    new MutationObserver(() => {
      const b = button();
      if (b?.isConnected && document.querySelector('h1')?.textContent === 'Beschrijf uw melding') w.volgendeTops.push(b.getBoundingClientRect().top);
    }).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  });
/** How far 'Volgende' moved, in whole pixels, since `watchButton` (sub-pixel rounding aside). */
const buttonMoved = (page: Page) =>
  page.evaluate(() => {
    const [first, ...later] = (window as unknown as { volgendeTops: number[] }).volgendeTops;
    return Math.floor(Math.max(0, ...later.map((top) => Math.abs(top - first))));
  });

/** Step 1, once the app runs on it and the resident has tapped into the description (so the category tree is read). */
async function openStep1(page: Page) {
  await page.goto('/incident/beschrijf');
  await expectHeading(page, 'Beschrijf uw melding');
  await beginInDescription(page);
}

/** Step 1 with a description typed, and 'Volgende' scrolled into view and watched (see watchButton). */
async function describedOnStep1(page: Page) {
  await openStep1(page);
  const description = page.getByRole('textbox', { name: /Waar gaat het om\?/ });
  await description.fill('Er staat al weken een fietswrak tegen het hek bij de brug');
  const volgende = page.getByRole('button', { name: 'Volgende' });
  await volgende.scrollIntoViewIfNeeded();
  await watchButton(page);
  return { description, volgende };
}

describe('step 1 on a phone, by touch', () => {
  it("a tap on 'Volgende' straight after typing goes on to step 2 once the prediction is in, and nothing moved under the finger", async () => {
    await withPage(
      browser(),
      async (page) => {
        const { description, volgende } = await describedOnStep1(page);
        await expect.poll(() => description.evaluate((el) => el === document.activeElement)).toBe(true);
        const prediction = await holdPrediction(page);
        await tap(page, volgende);
        // the tap left the field: its prediction is asked, and the press waits for it (no refusal, no summary)
        await prediction.requested;
        await frames(page);
        expect(await page.getByRole('region', { name: /U hebt niet alle vragen/ }).count()).toBe(0);
        expect(await page.getByText('Dit veld is verplicht').count()).toBe(0);
        expect(await buttonMoved(page)).toBe(0);
        await prediction.release();

        await expectHeading(page, 'Locatie en vragen');
        expect(new URL(page.url()).pathname).toBe('/incident/vulaan');
        // the focus went with the page (to its heading), not to <body>
        expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
      },
      PHONE_CONTEXT,
    );
  });

  it("the subcategory suggestion takes the place kept for it: 'Volgende' stays where the finger is", async () => {
    await withPage(
      browser(),
      async (page) => {
        const { description, volgende } = await describedOnStep1(page);
        // the finger comes down on 'Volgende' and the description is left while it is down (the phone's
        // keyboard closing, a tap elsewhere just before): the suggestion arrives under the finger
        await tap(page, volgende, async () => {
          await description.evaluate((el) => (el as HTMLTextAreaElement).blur());
          await page.getByRole('status').filter({ hasText: /^Subcategorie voorstel: / }).waitFor();
        });
        expect(await buttonMoved(page)).toBe(0);
        await expectHeading(page, 'Locatie en vragen');
        expect(await checkScreen(page)).toEqual([]);
      },
      PHONE_CONTEXT,
    );
  });
});
