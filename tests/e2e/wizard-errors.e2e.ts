/**
 * The one error rule in the browser: an error shown when a field is left must
 * not swallow the click that left it (docs/reference/README.md#product #3), and step 1's summary names
 * every field by its label.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE_CONTEXT as PHONE, useBrowser, withPage } from './support.ts';
import { chooseLocation, describeReport, expectHeading, next } from './wizard-support.ts';

const browser = useBrowser();

const SUMMARY_TITLE = 'U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.';

async function toContact(page: Page) {
  await describeReport(page, { text: 'De prullenbak op de hoek is kapot', subcategory: 'Prullenbak is kapot' });
  await next(page);
  await expectHeading(page, 'Locatie en vragen');
  await chooseLocation(page, 'Dam 1');
  await next(page);
  await expectHeading(page, 'Contactgegevens');
}

describe('when errors show', () => {
  for (const [size, options] of [
    ['desktop', { viewport: { width: 1280, height: 800 } }],
    ['phone', PHONE],
  ] as const) {
    it(`counts the first press on Volgende right after typing a wrong e-mail address (${size})`, async () => {
      await withPage(browser(), async (page) => {
        await toContact(page);
        const email = page.getByRole('textbox', { name: /Wat is uw e-mailadres\?/ });
        await email.fill('melder@');
        // still in the field: no error yet
        expect(await email.getAttribute('aria-invalid')).toBeNull();
        const volgende = page.getByRole('button', { name: 'Volgende' });
        if (size === 'phone') await volgende.tap();
        else await volgende.click();
        // the one press was a refused attempt: the summary is there and has focus, the title says so
        await page.getByRole('heading', { name: SUMMARY_TITLE }).waitFor();
        await expect.poll(() => page.title()).toMatch(/^Fout: Contactgegevens/);
        const links = await page.getByRole('region', { name: SUMMARY_TITLE }).getByRole('link').allTextContents();
        expect(links).toEqual(['Wat is uw e-mailadres?: Vul een geldig e-mailadres in, met een @ en een domeinnaam. Bijvoorbeeld: naam@domein.nl']);
        // fixed: the error goes at once
        await email.fill('melder@example.nl');
        await page.getByRole('region', { name: SUMMARY_TITLE }).waitFor({ state: 'detached' });
        await next(page);
        await expectHeading(page, 'Versturen');
      }, options);
    });
  }

  it('names every field of step 1 by its label in the error summary, and a field left shows its error', async () => {
    await withPage(browser(), async (page) => {
      await page.goto('/incident/beschrijf');
      await expectHeading(page, 'Beschrijf uw melding');
      const description = page.getByRole('textbox', { name: /Waar gaat het om\?/ });
      await description.focus();
      await page.keyboard.press('Tab');
      await expect.poll(() => description.getAttribute('aria-invalid')).toBe('true');
      await next(page);
      // the summary comes with the refused press: read its links once it is there
      await page.getByRole('heading', { name: SUMMARY_TITLE }).waitFor();
      const links = await page.getByRole('region', { name: SUMMARY_TITLE }).getByRole('link').allTextContents();
      expect(links).toEqual(['Waar gaat het om?: Dit is een verplicht veld', 'Subcategorie: Dit veld is verplicht']);
      await page.getByRole('link', { name: 'Subcategorie: Dit veld is verplicht' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role') ?? document.activeElement?.tagName)).toMatch(/combobox|SELECT/);
    });
  });
});

describe('a refused photo', () => {
  it('is said at once (a live region), describes the photo control, and adds nothing to the draft', async () => {
    await withPage(browser(), async (page) => {
      await page.goto('/incident/beschrijf');
      await expectHeading(page, 'Beschrijf uw melding');
      const input = page.getByLabel("Foto's toevoegen");
      await input.setInputFiles({ name: 'brief.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(40 * 1024, 1) });
      const said = page.getByRole('alert').filter({ hasText: 'Invoerfout: Dit bestandstype wordt niet ondersteund.' });
      await said.waitFor();
      // a screen reader on the control hears why
      const description = await input.evaluate((el) =>
        (el.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
      expect(description).toContain('Dit bestandstype wordt niet ondersteund.');
      await input.setInputFiles({ name: 'klein.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024, 1) });
      await page.getByRole('alert').filter({ hasText: 'Invoerfout: Dit bestand is te klein.' }).waitFor();
      expect(await page.getByRole('img').count()).toBe(0);
    }, PHONE);
  });
});
