/**
 * The report detail page in Chromium: the fields and photos of a stored report, the
 * lightbox by keyboard, notes, the edits of the side panel, splitting, and the
 * shortcut keys. Axe and screenshots at phone and desktop size.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support.ts';
import { type Account, STAFF } from './staff-support.ts';
import { attachPhoto, createReport } from './followup-support.ts';
import { checkAndShoot, DESKTOP, historyLines, PHONE, openReportAs } from './manage-incident-support.ts';

const browser = useBrowser();

const openAsHandler = (id: number, viewport = DESKTOP, account: Account = STAFF.behandelaar) => openReportAs(browser(), id, account, { viewport });

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

    // the remaining term needs the category's SLA, which comes after the report: '–' until then
    await expect.poll(async () => (await facts(page))['Resterende afhandeltermijn']).toMatch(/^-?\d+ (werk)?dag(en)?$/);
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
    // focus stays inside the modal dialog: Tab goes round its buttons (and past the browser's own
    // controls, where no element of the page has the focus), never to the page behind it
    const reached = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      reached.add(
        await page.evaluate(() => {
          const active = document.activeElement;
          if (!active || active === document.body) return 'the browser';
          return `${active.closest('dialog') ? 'dialog' : 'page'}: ${active.textContent?.trim()}`;
        }),
      );
    }
    expect([...reached].sort()).toEqual(['dialog: Sluiten', 'dialog: Volgende foto', 'dialog: Vorige foto', 'the browser']);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // a note, by the N shortcut
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('n');
    const noteId = await page.getByRole('textbox', { name: 'Notitie' }).getAttribute('id');
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.getAttribute('id'))).toBe(noteId);
    await page.getByRole('button', { name: 'Notitie opslaan' }).click();
    await page.getByText('De notitie mag niet leeg zijn').waitFor();
    await page.getByRole('textbox', { name: 'Notitie' }).fill('Melder gebeld, bank staat bij de ingang.');
    await page.getByRole('button', { name: 'Notitie opslaan' }).click();
    await page.getByText('De notitie is opgeslagen.').waitFor();
    await expect.poll(async () => (await historyLines(page)).join('\n')).toContain('Melder gebeld, bank staat bij de ingang.');
    await context.close();
  });

  it('changes urgency, type, subcategory and location, links a nearby report and splits', async () => {
    const parent = await createReport('splits@example.com');
    const nearby = await createReport('buur@example.com');
    const { page, context } = await openAsHandler(parent.id, DESKTOP, STAFF.coordinator);
    const saved = () => page.getByText('De wijziging is opgeslagen.').waitFor();
    const edit = async (what: string, choice: string | RegExp) => {
      await page.getByRole('button', { name: `${what} wijzigen`, exact: true }).click();
      const form = page.getByRole('form', { name: `${what} wijzigen` });
      const select = form.getByRole('combobox', { name: what });
      const label = typeof choice === 'string' ? choice : (await select.locator('option').allInnerTexts()).find((t) => choice.test(t))!;
      await select.selectOption({ label });
      await form.getByRole('button', { name: 'Opslaan' }).click();
      await saved();
      await page.getByRole('form', { name: `${what} wijzigen` }).waitFor({ state: 'detached' });
    };

    // the nearby report, linked as a child in one action
    const near = page.getByRole('region', { name: 'Meldingen in de buurt' });
    await near.getByRole('checkbox', { name: `SIG-${nearby.id} selecteren` }).waitFor();
    // nothing starts chosen: the handler ticks the one to link
    for (const box of await near.getByRole('checkbox').all()) expect(await box.isChecked()).toBe(false);
    await near.getByRole('checkbox', { name: `SIG-${nearby.id} selecteren` }).check();
    await near.getByRole('button', { name: 'Koppel deze melding als deelmelding' }).click();
    await page.getByText('1 melding gekoppeld als deelmelding.').waitFor();
    await page.getByRole('region', { name: 'Deelmeldingen' }).getByRole('link', { name: `SIG-${nearby.id}` }).waitFor();

    await edit('Urgentie', 'Hoog');
    await edit('Type', 'Klacht');
    await edit('Subcategorie', /^Container is vol/);
    await expect.poll(() => facts(page)).toMatchObject({ Urgentie: 'Hoog', Type: 'Klacht', Subcategorie: 'Container is vol', 'Toegewezen aan': 'Niet toegewezen', 'Soort melding': 'Hoofdmelding' });

    // the location, by keyboard: Enter in the focused map pins its centre
    await page.getByRole('button', { name: 'Locatie wijzigen', exact: true }).click();
    const locationForm = page.getByRole('form', { name: 'Locatie wijzigen' });
    const map = locationForm.locator('.leaflet-container');
    await map.focus();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await locationForm.getByText(/^Nieuwe locatie: /).waitFor();
    expect(await checkAndShoot(page, 'detail-location')).toEqual([]);
    await locationForm.getByRole('button', { name: 'Opslaan' }).click();
    // the earlier change's message may still show: the form closing is what says this save is done
    await locationForm.waitFor({ state: 'detached' });
    await saved();

    // split into two more children, the second elsewhere in another subcategory
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('d');
    const split = page.getByRole('form', { name: 'Splitsen' });
    const first = split.getByRole('group', { name: 'Deelmelding 1' });
    const firstSub = first.getByRole('combobox', { name: 'Subcategorie' });
    await firstSub.selectOption({ label: (await firstSub.locator('option').allInnerTexts()).find((t) => t.startsWith('Grofvuil'))! });
    await first.getByRole('textbox', { name: 'Omschrijving' }).fill('De kast');
    await split.getByRole('button', { name: 'Nog een deelmelding' }).click();
    const second = split.getByRole('group', { name: 'Deelmelding 2' });
    await second.getByRole('textbox', { name: 'Omschrijving' }).fill('Het matras');
    const sub = second.getByRole('combobox', { name: 'Subcategorie' });
    await sub.selectOption({ label: (await sub.locator('option').allInnerTexts()).find((t) => t.startsWith('Grofvuil'))! });
    expect(await checkAndShoot(page, 'detail-split')).toEqual([]);
    await split.getByRole('button', { name: 'Splitsen', exact: true }).click();
    await page.getByText('2 deelmeldingen gemaakt.').waitFor();
    await expect.poll(async () => page.getByRole('region', { name: 'Deelmeldingen' }).getByRole('listitem').count()).toBe(3);

    await expect.poll(async () => (await historyLines(page)).filter((line) => line.includes('Deelmelding toegevoegd')).length).toBe(3);
    const history = (await historyLines(page)).join('\n');
    for (const what of ['Urgentie gewijzigd naar: Hoog', 'Type gewijzigd naar: Klacht', 'Categorie gewijzigd naar: Container is vol', 'Locatie gewijzigd naar', 'Deelmelding toegevoegd']) {
      expect(history).toContain(what);
    }
    await context.close();
  });
});
