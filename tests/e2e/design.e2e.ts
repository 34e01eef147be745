/**
 * docs/reference/README.md#product 'Design' and 'Keyboard and screen reader': what a resident sees and touches.
 * One focus style on every focusable element, 44 px targets for radio buttons and
 * checkboxes, the styled Dutch photo upload (drop zone, 'Foto toevoegen', thumbnails,
 * 'Verwijder'), the character counter that speaks up only near the limit, and the
 * summary's layout (location inside the list, photos as thumbnails, 'Wijzigen').
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, PHONE_CONTEXT, useBrowser, withPage } from './support.ts';
import { chooseLocation, describeReport, expectHeading, fillContact, heading, next, photo } from './wizard-support.ts';

const browser = useBrowser();

/** The focus ring of the focused element (a file input's ring is on its visible face, the button label after it). */
async function focused(page: Page): Promise<{ kind: string; ring: string }> {
  return page.evaluate(() => {
    let el = document.activeElement as HTMLElement;
    if (el instanceof HTMLInputElement && el.type === 'file') el = el.nextElementSibling as HTMLElement;
    const s = getComputedStyle(el);
    const type = el.getAttribute('type');
    return { kind: `${el.tagName.toLowerCase()}${type ? `[${type}]` : ''}`, ring: [s.outlineStyle, s.outlineWidth, s.outlineColor, s.outlineOffset, s.boxShadow].join(' ') };
  });
}

/** The visible text of the elements `selector` finds, without their text for screen readers only. */
async function visibleTexts(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (elements) =>
    elements.map((el) =>
      [...el.childNodes]
        .filter((node) => !(node instanceof HTMLElement && node.classList.contains('ml-visually-hidden')))
        .map((node) => node.textContent)
        .join('')
        .trim(),
    ),
  );
}

/** Tabs through the page `presses` times and returns the ring of every element reached. */
async function tabRings(page: Page, presses: number) {
  const seen: { kind: string; ring: string }[] = [];
  for (let i = 0; i < presses; i += 1) {
    await page.keyboard.press('Tab');
    const ring = await focused(page);
    // past the last element focus rests on the page itself
    if (ring.kind !== 'body') seen.push(ring);
  }
  return seen;
}

describe('the look and feel of the wizard', () => {
  it('shows one focus style on links, text fields, buttons, the photo button, radio buttons, checkboxes and a focused heading', async () => {
    await withPage(browser(), async (page) => {
      // step 1 filled in as a resident does (the prediction has had its go), then Tab from the top
      await describeReport(page, { text: 'Er ligt veel zwerfvuil op de stoep', subcategory: 'Veeg- en zwerfvuil' });
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const rings = await tabRings(page, 12);
      await page.getByRole('button', { name: 'Volgende' }).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      rings.push(await focused(page));
      await page.keyboard.press('Enter');
      await expectHeading(page, 'Locatie en vragen');
      // the new step's heading takes focus after a keyboard step
      await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
      rings.push(await focused(page));
      rings.push(...(await tabRings(page, 10)));
      await chooseLocation(page, 'Dam 1');
      await next(page);
      await expectHeading(page, 'Contactgegevens');
      await page.getByRole('checkbox').first().focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      rings.push(await focused(page));

      const kinds = new Set(rings.map((r) => r.kind));
      for (const kind of ['a', 'textarea', 'input[text]', 'label', 'button', 'h1', 'input[radio]', 'input[checkbox]']) expect([...kinds].some((k) => k === kind || k.startsWith(`${kind}[`)), `reached ${kind} in ${[...kinds].join(', ')}`).toBe(true);
      // a yellow ring outside a dark one, on every element reached
      const ONE_STYLE = 'solid 3px rgb(255, 191, 71) 2px rgb(26, 26, 26) 0px 0px 0px 3px';
      expect(rings.filter((r) => r.ring !== ONE_STYLE)).toEqual([]);
    });
  });

  it('gives radio buttons and checkboxes a 44 px target: a tap at the edge of the row counts', async () => {
    await withPage(
      browser(),
      async (page) => {
        await describeReport(page, { text: 'Er ligt veel zwerfvuil op de stoep', subcategory: 'Veeg- en zwerfvuil' });
        await next(page);
        await expectHeading(page, 'Locatie en vragen');
        const earlier = page.getByRole('radio', { name: 'Eerder' });
        const row = earlier.locator('xpath=..');
        const box = (await row.boundingBox())!;
        const input = (await earlier.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(input.height).toBeLessThan(44);
        // 2 px below the top of the row, straight above the radio button: outside the round button itself
        await page.touchscreen.tap(input.x + input.width / 2, box.y + 2);
        expect(await earlier.isChecked()).toBe(true);
        await chooseLocation(page, 'Dam 1');
        await next(page);
        await expectHeading(page, 'Contactgegevens');
        const share = page.getByRole('checkbox').first();
        const shareRow = (await share.locator('xpath=..').boundingBox())!;
        expect(shareRow.height).toBeGreaterThanOrEqual(44);
        await page.touchscreen.tap(shareRow.x + shareRow.width - 4, shareRow.y + shareRow.height - 2);
        expect(await share.isChecked()).toBe(true);
      },
      { ...PHONE_CONTEXT },
    );
  });

  it("adds photos with 'Foto toevoegen' or by dropping them, shows thumbnails and removes one with 'Verwijder'", async () => {
    await withPage(browser(), async (page) => {
      await page.goto('/incident/beschrijf');
      await expectHeading(page, 'Beschrijf uw melding');
      // a styled button in a drop zone, not the browser's own file control
      const add = page.getByText('Foto toevoegen', { exact: true });
      expect(await add.isVisible()).toBe(true);
      expect(await page.getByText("of sleep foto's hierheen").isVisible()).toBe(true);
      const input = page.getByLabel("Foto's toevoegen");
      expect((await input.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
      // the button opens the file chooser
      const chooser = page.waitForEvent('filechooser');
      await add.click();
      await (await chooser).setFiles(photo('gat-in-de-weg.png'));
      await page.getByRole('img', { name: 'gat-in-de-weg.png' }).waitFor();
      // dropping a photo on the zone adds it as well
      const dropped = photo('losse-tegel.png');
      await page.evaluate(
        ({ name, bytes }) => {
          const data = new DataTransfer();
          data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
          const zone = document.querySelector('.ml-dropzone')!;
          zone.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
          zone.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        },
        { name: dropped.name, bytes: [...dropped.buffer] },
      );
      const thumb = page.getByRole('img', { name: 'losse-tegel.png' });
      await thumb.waitFor();
      const size = (await thumb.boundingBox())!;
      expect([Math.round(size.width), Math.round(size.height)]).toEqual([120, 120]);
      // a short visible 'Verwijder', named after its photo for screen readers
      const remove = page.getByRole('button', { name: 'Verwijder foto gat-in-de-weg.png' });
      expect(await visibleTexts(page, '.ml-photo__remove')).toEqual(['Verwijder', 'Verwijder']);
      await remove.click();
      await page.getByRole('img', { name: 'gat-in-de-weg.png' }).waitFor({ state: 'detached' });
      expect(await page.getByRole('img', { name: 'losse-tegel.png' }).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('reads the character count out only near the limit of the description', async () => {
    await withPage(browser(), async (page) => {
      // the page's clock, so the pause before a count is read passes for certain, not by waiting
      await page.clock.install();
      await page.goto('/incident/beschrijf');
      await expectHeading(page, 'Beschrijf uw melding');
      const live = page.locator('.ml-field [aria-live="polite"]').first();
      const area = page.getByRole('textbox', { name: /Waar gaat het om\?/ });
      await area.fill('Er ligt een kapotte fiets op de stoep');
      await page.getByText('37/1000 tekens').waitFor();
      // after the pause in which a count would be read: still nothing to hear
      await page.clock.runFor(1000);
      expect(await live.textContent()).toBe('');
      await area.fill('x'.repeat(950));
      await page.waitForFunction(() => document.querySelector('.ml-field [aria-live="polite"]')?.textContent === '950/1000 tekens');
    });
  });

  it("lays out the summary: the location inside the list, photos as thumbnails, and every edit link reads 'Wijzigen'", async () => {
    await withPage(browser(), async (page) => {
      await describeReport(page, { text: 'Er ligt veel zwerfvuil op de stoep', subcategory: 'Veeg- en zwerfvuil', photos: 2 });
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      await chooseLocation(page, 'Dam 1');
      await page.getByRole('radio', { name: 'Nu' }).check();
      await next(page);
      await fillContact(page, { email: 'bewoner@example.com' });
      await next(page);
      await heading(page, 'Versturen').waitFor();
      const section2 = page.getByRole('region', { name: '2. Locatie en vragen' });
      await section2.locator('dt').first().waitFor();
      const terms = await section2.locator('dl > div > dt').allInnerTexts();
      expect(terms[0]).toBe('Locatie');
      expect(await section2.locator('dl > div').first().locator('dd').innerText()).toMatch(/Dam 1/);
      const photos = page.getByRole('region', { name: '1. Beschrijf uw melding' }).locator('dd img');
      await page.waitForFunction(() => document.querySelectorAll('.ml-summary-photos img').length === 2);
      expect(await photos.count()).toBe(2);
      expect(await visibleTexts(page, '.ml-summary-section__header a, .ml-summary-location button')).toEqual(['Wijzigen', 'Wijzigen', 'Wijzigen', 'Wijzigen']);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
