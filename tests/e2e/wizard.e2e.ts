/**
 * The resident's report wizard end to end in Chromium against the product as
 * `npm start` runs it (fresh database): six complete reports in different
 * categories, each checked afterwards through the API, with axe (and one h1) on
 * every screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, withPage } from './support.ts';
import { answer, checkScreen, chooseLocation, describeReport, expectHeading, extra, fillContact, fillText, next, question, send, storedReport, storedSignal } from './wizard-support.ts';

const browser = useBrowser();

async function expectNoAxeViolations(page: Page) {
  expect(await checkScreen(page)).toEqual([]);
}

const subUrl = (main: string, sub: string) => `/signals/v1/public/terms/categories/${main}/sub_categories/${sub}`;

describe('six complete reports, each stored', () => {
  it('afval / grofvuil: conditional waste question, two photos, all contact details; axe on every step', async () => {
    await withPage(browser(), async (page) => {
      await describeReport(page, { text: 'Er staat een oude bank met twee matrassen naast de container', subcategory: 'Grofvuil', photos: 2 });
      await expectNoAxeViolations(page);
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Kies locatie' }).click();
      await page.getByRole('combobox', { name: 'Zoek op adres of postcode' }).waitFor();
      // the wizard's navigation hides while the map is open
      await expect(page.getByRole('button', { name: 'Volgende' }).count()).resolves.toBe(0);
      await expectNoAxeViolations(page);
      await chooseLocation(page, 'Dam 1', { open: false });
      await fillText(page, question('afval', 'extra_afval').label, 'Een bank en twee matrassen');
      await next(page);
      await fillContact(page, { phone: '06 12345678', email: 'melder@example.com', share: true });
      await expectNoAxeViolations(page);
      await next(page);
      await expectHeading(page, 'Versturen');
      await expectNoAxeViolations(page);
      // 'Wijzigen' under the location reopens the map; after it the resident is back on the summary
      await page.getByRole('button', { name: 'Wijzigen locatie' }).click();
      await expectHeading(page, 'Locatie en vragen');
      await chooseLocation(page, 'Damrak 1', { open: false });
      // the map closed on the changed location: straight back on the summary, not through steps 2 and 3
      await expectHeading(page, 'Versturen');
      await page.getByText(/Damrak 1\b/).first().waitFor();
      const sent = await send(page, 2);
      await expectNoAxeViolations(page);

      expect(sent.uploads).toEqual([201, 201]);
      expect(sent.payload.text).toBe('Er staat een oude bank met twee matrassen naast de container');
      expect(sent.payload.category).toEqual({ sub_category: subUrl('afval', 'grofvuil') });
      expect(sent.payload.reporter).toEqual({ phone: '06 12345678', email: 'melder@example.com', sharing_allowed: true });
      expect(extra(sent.payload).extra_afval).toBe('Een bank en twee matrassen');
      await page.getByText('Uw melding is bij ons bekend onder nummer:').waitFor();
      await page.getByText(sent.created._display, { exact: true }).waitFor();
      const stored = await storedSignal(sent.created.signal_id);
      expect(stored.status).toBe(200);
      expect(stored.body._display).toBe(sent.created._display);
      const report = await storedReport(sent.created.signal_id);
      expect(report.text).toBe('Er staat een oude bank met twee matrassen naast de container');
      expect(report.address).toMatch(/^Damrak 1\b/);
      expect(report.photos).toEqual(['foto-1.png', 'foto-2.png']);
    });
  });

  it('overlast-bedrijven-en-horeca / terrassen: follow-up questions appear with the answers', async () => {
    await withPage(browser(), async (page) => {
      const file = 'overlast-bedrijven-en-horeca';
      await describeReport(page, { text: 'Elke avond harde muziek en lawaai op het terras van het café', subcategory: 'Overlast terrassen', photos: 1 });
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      await chooseLocation(page, 'Leidseplein 1');
      await page.getByRole('group', { name: question(file, 'dateTime').label }).getByRole('radio', { name: 'Nu', exact: true }).check();
      await answer(page, file, 'extra_bedrijven_horeca_frequentie', 'ja');
      await fillText(page, question(file, 'extra_bedrijven_horeca_moment').label, 'Vrijdag en zaterdag na 23 uur');
      await answer(page, file, 'extra_bedrijven_horeca_wat', 'horecabedrijf');
      await fillText(page, question(file, 'extra_bedrijven_horeca_naam_bedrijf').label, 'Café De Hoek');
      await expect(page.getByRole('textbox', { name: question(file, 'extra_bedrijven_horeca_wie_of_wat').label }).count()).resolves.toBe(0);
      await answer(page, file, 'extra_bedrijven_horeca_doorsturen_melding', 'nee');
      await expectNoAxeViolations(page);
      await next(page);
      await fillContact(page, { email: 'buurman@example.com' });
      await next(page);
      const sent = await send(page, 1);
      const answers = extra(sent.payload);
      expect(answers.extra_bedrijven_horeca_moment).toBe('Vrijdag en zaterdag na 23 uur');
      expect(answers.extra_bedrijven_horeca_naam_bedrijf).toBe('Café De Hoek');
      expect(answers).not.toHaveProperty('extra_bedrijven_horeca_wie_of_wat');
      expect(sent.payload.category).toEqual({ sub_category: subUrl(file, 'overlast-terrassen') });
      const report = await storedReport(sent.created.signal_id);
      expect(report.text).toBe('Elke avond harde muziek en lawaai op het terras van het café');
      expect(report.address).toMatch(/^Leidseplein 1\b/);
      expect(report.photos).toEqual(['foto-1.png']);
    });
  });

  it('overlast-op-het-water / vaargedrag: moment required only when it happens more often', async () => {
    await withPage(browser(), async (page) => {
      const file = 'overlast-op-het-water';
      await describeReport(page, { text: 'Een rondvaartboot vaart veel te hard door de gracht', subcategory: 'Vaargedrag', photos: 1 });
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      await chooseLocation(page, 'Amstel 1');
      await page.getByRole('group', { name: question(file, 'dateTime').label }).getByRole('radio', { name: 'Nu', exact: true }).check();
      await answer(page, file, 'extra_boten_frequentie', 'ja');
      await next(page);
      await page.getByText('U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.').first().waitFor();
      await expect.poll(() => page.title()).toMatch(/^Fout: Locatie en vragen/);
      await fillText(page, question(file, 'extra_boten_moment').label, 'Elke middag rond vier uur');
      await page.getByRole('combobox', { name: question(file, 'extra_boten_soort').label }).selectOption({ label: question(file, 'extra_boten_soort').option('rondvaart') });
      await answer(page, file, 'extra_boten_open_gesloten', 'open');
      await next(page);
      await fillContact(page, { phone: '020-1234567', email: 'schipper@example.com' });
      await next(page);
      const sent = await send(page, 1);
      const answers = extra(sent.payload);
      expect(answers.extra_boten_moment).toBe('Elke middag rond vier uur');
      expect(answers.extra_boten_soort).toMatchObject({ id: 'rondvaart' });
      expect(sent.payload.reporter).toEqual({ phone: '020-1234567', email: 'schipper@example.com', sharing_allowed: false });
      const report = await storedReport(sent.created.signal_id);
      expect(report.text).toBe('Een rondvaartboot vaart veel te hard door de gracht');
      expect(report.address).toMatch(/^Amstel 1\b/);
      expect(report.photos).toEqual(['foto-1.png']);
    });
  });

  it('wegen-verkeer-straatmeubilair / verkeerslicht: damage, problems and the light number', async () => {
    await withPage(browser(), async (page) => {
      const file = 'wegen-verkeer-straatmeubilair';
      await describeReport(page, { text: 'Het fietsverkeerslicht springt niet op groen', subcategory: 'Verkeerslicht', photos: 1 });
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      await chooseLocation(page, 'Rokin 1');
      await answer(page, file, 'extra_verkeerslicht_welk', 'fiets');
      await answer(page, file, 'extra_verkeerslicht', 'geen_beschadigingen');
      const problems = question(file, 'extra_verkeerslicht_probleem_fiets_auto');
      await page.getByRole('group', { name: problems.label }).getByRole('checkbox', { name: problems.option('groen_werkt_niet') }).check();
      await page.getByRole('group', { name: question(file, 'extra_verkeerslicht_nummer').label }).getByRole('textbox').first().fill('123');
      await next(page);
      await fillContact(page, { email: 'fietser@example.com', share: false });
      await next(page);
      const sent = await send(page, 1);
      const answers = extra(sent.payload);
      expect(answers.extra_verkeerslicht_welk).toMatchObject({ id: 'fiets' });
      expect(answers.extra_verkeerslicht_probleem_fiets_auto).toEqual([expect.objectContaining({ id: 'groen_werkt_niet' })]);
      expect((sent.payload.reporter as { sharing_allowed: boolean }).sharing_allowed).toBe(false);
      const report = await storedReport(sent.created.signal_id);
      expect(report.text).toBe('Het fietsverkeerslicht springt niet op groen');
      expect(report.address).toMatch(/^Rokin 1\b/);
      expect(report.photos).toEqual(['foto-1.png']);
    });
  });

  it('wonen / vakantieverhuur: every required holiday-letting question and the advert link', async () => {
    await withPage(browser(), async (page) => {
      const file = 'wonen';
      await describeReport(page, { text: 'In de woning naast mij verblijven elke week andere toeristen', subcategory: 'Vakantieverhuur', photos: 1 });
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      await chooseLocation(page, 'Kalverstraat 1');
      await answer(page, file, 'extra_wonen_vakantieverhuur_toeristen_aanwezig', 'ja');
      await answer(page, file, 'extra_wonen_vakantieverhuur_aantal_mensen', 'vier_of_minder');
      await answer(page, file, 'extra_wonen_vakantieverhuur_hoe_vaak', 'wekelijks');
      await answer(page, file, 'extra_wonen_vakantieverhuur_wanneer', 'weekend');
      await answer(page, file, 'extra_wonen_vakantieverhuur_bewoning', 'nee');
      await answer(page, file, 'extra_wonen_vakantieverhuur_online_aangeboden', 'ja');
      await fillText(page, question(file, 'extra_wonen_vakantieverhuur_link_advertentie').label, 'https://example.com/advertentie/123');
      await next(page);
      await fillContact(page, { email: 'buur@example.com', phone: '0612345678' });
      await next(page);
      const sent = await send(page, 1);
      const answers = extra(sent.payload);
      expect(answers.extra_wonen_vakantieverhuur_wanneer).toMatchObject({ id: 'weekend' });
      expect(answers.extra_wonen_vakantieverhuur_link_advertentie).toBe('https://example.com/advertentie/123');
      const report = await storedReport(sent.created.signal_id);
      expect(report.text).toBe('In de woning naast mij verblijven elke week andere toeristen');
      expect(report.address).toMatch(/^Kalverstraat 1\b/);
      expect(report.photos).toEqual(['foto-1.png']);
    });
  });

  it('civiele-constructies / bruggen: the bridge name and three photos', async () => {
    await withPage(browser(), async (page) => {
      await describeReport(page, { text: 'Er zit een groot gat in het wegdek van de brug', subcategory: 'Bruggen', photos: 3 });
      await next(page);
      await expectHeading(page, 'Locatie en vragen');
      await chooseLocation(page, 'Amstel 1');
      await fillText(page, question('civiele-constructies', 'extra_brug').label, 'Magere Brug');
      await next(page);
      await fillContact(page, { email: 'wandelaar@example.com' });
      await next(page);
      // hold the first photo on its way, to see the upload progress while sending
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/attachments/', async (route) => {
        await held;
        await route.fallback();
      });
      const sent = await send(page, 3, async () => {
        await page.getByText('Uw melding wordt verstuurd. Sluit dit venster niet.').waitFor();
        for (const name of ['foto-1.png', 'foto-2.png', 'foto-3.png']) await page.getByRole('progressbar', { name: `Foto ${name}` }).waitFor();
        await expect.poll(() => page.title()).toMatch(/^Uw melding wordt verstuurd/);
        release();
      });
      expect(sent.uploads).toEqual([201, 201, 201]);
      expect(extra(sent.payload).extra_brug).toBe('Magere Brug');
      const report = await storedReport(sent.created.signal_id);
      expect(report.text).toBe('Er zit een groot gat in het wegdek van de brug');
      expect(report.photos).toEqual(['foto-1.png', 'foto-2.png', 'foto-3.png']);
    });
  });
});
