/**
 * 'Mijn meldingen' in Chromium (enableMyIncidents): a reporter asks for a link, follows
 * it from the development outbox and sees their own reports with status, handling
 * message and public history; someone else's report is not found; a wrong or
 * replaced link says 'Link verlopen'; flag off → not found; axe at desktop and phone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeViolations, useBrowser } from './support.ts';
import { DESKTOP, PHONE, lastMailTo, storeReport, withFlags } from './public-map-support.ts';

const browser = useBrowser();
let annaLamp = '';
let annaRubbish = '';
let bobReport = '';

beforeAll(async () => {
  const at = { lng: 4.8932945, lat: 52.3731081 };
  annaLamp = await storeReport({ email: 'anna@example.com', text: 'De lantaarnpaal bij de brug brandt niet', ...at, main: 'wegen-verkeer-straatmeubilair', sub: 'klok' });
  annaRubbish = await storeReport({ email: 'Anna@Example.com', text: 'Grofvuil naast de container', ...at, main: 'afval', sub: 'grofvuil' });
  bobReport = await storeReport({ email: 'bob@example.com', text: 'Bob zijn melding over een losse stoeptegel', ...at, main: 'afval', sub: 'grofvuil' });
  // The municipality closes Anna's rubbish report (and asks for feedback): a status change in her history.
  const closed = await api('/dev/followup/feedback', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ signal_id: annaRubbish }) });
  if (closed.status !== 201) throw new Error(`could not close the report: ${closed.status}`);
}, 120_000);

const ON = { enableMyIncidents: true };
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

async function requestLink(page: Page, email: string): Promise<string> {
  await page.goto('/mijn-meldingen');
  await heading(page, 'Mijn meldingen').waitFor();
  await page.getByRole('textbox', { name: 'E-mailadres' }).fill(email);
  await page.getByRole('button', { name: 'Stuur mij een link' }).click();
  await heading(page, 'Kijk in uw e-mail').waitFor();
  const mail = await lastMailTo(email);
  const link = mail?.text.match(/https?:\/\/\S+\/mijn-meldingen\/[A-Za-z0-9_-]+/)?.[0];
  if (!link) throw new Error(`no link mailed to ${email}`);
  return new URL(link).pathname;
}

describe('/mijn-meldingen', () => {
  it('is the not-found page with its flag off', async () => {
    await withFlags(browser(), {}, DESKTOP, async (page) => {
      await page.goto('/mijn-meldingen');
      await heading(page, 'Pagina niet gevonden').waitFor();
    });
  });

  it('mails a link and shows the reporter their own reports, status, handling message and history (desktop)', async () => {
    await withFlags(browser(), ON, DESKTOP, async (page) => {
      await page.goto('/mijn-meldingen');
      await heading(page, 'Mijn meldingen').waitFor();
      // the tall header (116 px)
      expect((await page.locator('.ml-header').boundingBox())!.height).toBeGreaterThanOrEqual(116);
      expect(await axeViolations(page)).toEqual([]);
      // a malformed address is refused before anything is sent
      await page.getByRole('textbox', { name: 'E-mailadres' }).fill('anna');
      await page.getByRole('button', { name: 'Stuur mij een link' }).click();
      await page.getByText('Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.').waitFor();

      const link = await requestLink(page, 'anna@example.com');
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(link);
      await page.getByText('Dit zijn de meldingen van het afgelopen jaar die zijn gedaan met anna@example.com.').waitFor();
      // the key does not stay in the address bar
      expect(new URL(page.url()).pathname).toBe('/mijn-meldingen/overzicht');
      const list = page.getByRole('list').filter({ hasText: 'Gemeld op' });
      await list.getByRole('link').first().waitFor();
      expect(await list.getByRole('listitem').count()).toBe(2);
      const listText = await list.innerText();
      expect(listText).toContain('De lantaarnpaal bij de brug brandt niet');
      expect(listText).toContain('Status: Gesloten');
      expect(listText).toContain('Status: Open');
      expect(listText).not.toContain('Bob zijn melding');
      expect(await axeViolations(page)).toEqual([]);

      await list.getByRole('link', { name: /Grofvuil$/ }).click();
      await heading(page, 'Wat doen we met uw melding?').waitFor();
      await heading(page, 'Geschiedenis').waitFor();
      const article = await page.locator('article').innerText();
      expect(article).toContain('Status: Gesloten');
      expect(article).toContain('Status gewijzigd naar: Afgesloten');
      expect(article).toContain('Uw melding is afgehandeld.');
      expect(article).toContain('Status gewijzigd naar: Open');
      expect(article).toContain('Grofvuil naast de container');
      expect(await axeViolations(page)).toEqual([]);

      // Someone else's report, even by its exact address, is not found.
      await page.goto(`/mijn-meldingen/overzicht/${bobReport}`);
      await heading(page, 'Pagina niet gevonden').waitFor();
      expect(await page.content()).not.toContain('Bob zijn melding');
      await page.goto(`/mijn-meldingen/overzicht/${annaLamp}`);
      await heading(page, `Melding SIG-${(await api<{ id: number }>(`/signals/v1/public/signals/${annaLamp}`)).body.id}`).waitFor();
    });
  });

  it("says 'Link verlopen' for a wrong link and for a link replaced by a newer one (phone)", async () => {
    await withFlags(browser(), ON, PHONE, async (page) => {
      await page.goto('/mijn-meldingen/verzonnen-sleutel');
      await heading(page, 'Link verlopen').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const first = await requestLink(page, 'bob@example.com');
      const second = await requestLink(page, 'bob@example.com');
      await page.goto(first);
      await heading(page, 'Link verlopen').waitFor();
      await page.getByRole('link', { name: 'Vraag een nieuwe link aan' }).click();
      await heading(page, 'Mijn meldingen').waitFor();
      await page.goto(second);
      await page.getByText('gedaan met bob@example.com').waitFor();
      const items = page.getByRole('list').filter({ hasText: 'Gemeld op' }).getByRole('listitem');
      await items.first().waitFor();
      expect(await items.count()).toBe(1);
      expect(await items.first().innerText()).toContain('Bob zijn melding');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Stop met bekijken' }).click();
      await heading(page, 'Mijn meldingen').waitFor();
      await page.goto('/mijn-meldingen/overzicht');
      await page.getByRole('textbox', { name: 'E-mailadres' }).waitFor();
    });
  });
});
