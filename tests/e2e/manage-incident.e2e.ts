/**
 * The report detail page in Chromium: the fields and photos of a stored report, the
 * lightbox by keyboard, notes, the edits of the side panel, splitting, and the
 * shortcut keys. Axe and screenshots at phone and desktop size.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support.ts';
import { signIn, STAFF } from './staff-support.ts';
import { attachPhoto, createReport } from './followup-support.ts';
import { checkAndShoot, historyLines } from './manage-incident-support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function openAsHandler(id: number, viewport = DESKTOP) {
  const opened = await newPage(browser, { viewport });
  await opened.page.goto(`/manage/incident/${id}`);
  await signIn(opened.page, STAFF.behandelaar);
  await opened.page.getByRole('heading', { level: 1, name: `Melding SIG-${id}` }).waitFor();
  return opened;
}

const facts = async (page: Page) => {
  const region = page.getByRole('region', { name: 'Gegevens' });
  const terms = await region.locator('dt').allInnerTexts();
  const values = await region.locator('dd').allInnerTexts();
  return Object.fromEntries(terms.map((t, i) => [t, values[i]]));
};

describe('report detail page', () => {
  it('shows the report, its photos in a keyboard lightbox, and takes a note', async () => {
    const report = await createReport('detail@example.com');
    await attachPhoto(report.signal_id, 'bank-1.png', 10);
    await attachPhoto(report.signal_id, 'bank-2.png', 120);
    const { page, context } = await openAsHandler(report.id);

    const shown = await facts(page);
    expect(shown).toMatchObject({
      Omschrijving: 'Er staat een kapotte bank in het park',
      Status: 'Gemeld',
      Subcategorie: 'Grofvuil',
      Hoofdcategorie: 'Afval',
      Urgentie: 'Normaal',
      Type: 'Melding',
      'Soort melding': 'Standaardmelding',
      'Toegewezen aan': 'Niet toegewezen',
      'E-mail melder': 'detail@example.com',
    });
    expect(shown['Resterende afhandeltermijn']).toMatch(/^-?\d+ (werk)?dag(en)?$/);
    expect(await checkAndShoot(page, 'detail')).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await checkAndShoot(page, 'detail')).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // photos: open by keyboard, arrows, Escape returns focus
    const first = page.getByRole('button', { name: 'Foto 1 vergroten' });
    await first.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Foto bekijken' });
    await dialog.waitFor();
    await expect(dialog.getByText('1 van 2').isVisible()).resolves.toBe(true);
    await page.keyboard.press('ArrowRight');
    await dialog.getByText('2 van 2').waitFor();
    expect(await checkAndShoot(page, 'detail-lightbox')).toEqual([]);
    // focus stays inside the modal dialog
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // a note, by the N shortcut
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('n');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('id'))).toBe(await page.getByRole('textbox', { name: 'Notitie' }).getAttribute('id'));
    await page.getByRole('button', { name: 'Notitie opslaan' }).click();
    await page.getByText('De notitie mag niet leeg zijn').waitFor();
    await page.getByRole('textbox', { name: 'Notitie' }).fill('Melder gebeld, bank staat bij de ingang.');
    await page.getByRole('button', { name: 'Notitie opslaan' }).click();
    await page.getByText('De notitie is opgeslagen.').waitFor();
    await expect.poll(async () => (await historyLines(page)).join('\n')).toContain('Melder gebeld, bank staat bij de ingang.');
    await context.close();
  });
});
