/**
 * Areas and routing in Chromium (docs/routing.md): a streetlight report in Noord shows
 * Noord, the department the demo rule names and the rule in its history; the coordinator routes
 * it to another department by hand with a reason (the page, the history and the API agree) and
 * finds it in the overview by the Gebied and Regie filters; a read-only colleague sees the
 * departments but may not change them. Axe and screenshots at phone and desktop size.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, launchBrowser } from './support.ts';
import { storedToken } from './staff-support.ts';
import { storeReport, tableNumbers } from './manage-support.ts';
import { checkAndShoot, DESKTOP, historyLines, openAs, PHONE } from './manage-incident-support.ts';
import { STAFF } from './staff-support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const facts = async (page: Page) => {
  const region = page.getByRole('region', { name: 'Gegevens' });
  const terms = await region.locator('dt').allInnerTexts();
  const values = await region.locator('dd').allInnerTexts();
  return Object.fromEntries(terms.map((t, i) => [t, values[i]]));
};

describe('routing on the report page and in the overview', () => {
  it('a coordinator sees the rule\'s department, routes the report by hand with a reason, and finds it by Gebied and Regie', async () => {
    const id = await storeReport({ main: 'wegen-verkeer-straatmeubilair', sub: 'lantaarnpaal-straatverlichting', stadsdeel: 'N', street: 'Buiksloterweg', number: 5, postcode: '1031CC', text: 'De lantaarnpaal brandt niet' });
    const { page, context } = await openAs(browser, `/manage/incident/${id}`, STAFF.coordinator);
    await page.getByRole('heading', { level: 1, name: `Melding SIG-${id}` }).waitFor();
    await expect.poll(async () => (await facts(page)).Afdeling).toBe('Openbare Verlichting Noord');
    expect((await facts(page)).Regie).toBe('Openbare Verlichting');
    expect((await historyLines(page)).some((line) => line.includes('Volgens routeringsregel "Verlichting in Noord naar Openbare Verlichting Noord"'))).toBe(true);

    await page.getByRole('button', { name: 'Afdeling wijzigen' }).click();
    const form = page.getByRole('form', { name: 'Afdeling wijzigen' });
    await form.getByRole('combobox', { name: 'Afdeling' }).selectOption({ label: 'Actie Service Centrum (ASC)' });
    await form.getByRole('textbox', { name: 'Reden (niet verplicht)' }).fill('Bewoner belde: het is een kapot bord, geen lamp');
    expect(await checkAndShoot(page, 'routing-form')).toEqual([]);
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De wijziging is opgeslagen.').first().waitFor();
    await expect.poll(async () => (await facts(page)).Afdeling).toBe('Actie Service Centrum');
    await expect.poll(async () => (await historyLines(page)).some((line) => line.includes('Met de hand gerouteerd: Bewoner belde: het is een kapot bord, geen lamp'))).toBe(true);
    expect(await checkAndShoot(page, 'routing-detail')).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await checkAndShoot(page, 'routing-detail')).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // what the API holds
    const token = (await storedToken(page)) ?? '';
    const detail = await api<any>(`/signals/v1/private/signals/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(detail.body.routing_departments.map((d: any) => d.code)).toEqual(['ASC']);
    expect(detail.body.location.stadsdeel).toBe('N');

    // the overview's Gebied (Noord) and Regie (Openbare Verlichting) filters find it
    await page.goto('/manage/incidents?area_code=N&directing_department=OVL');
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await expect.poll(async () => tableNumbers(page)).toContain(`SIG-${id}`);
    await context.close();
  });

  it('a read-only colleague sees the departments but is offered no change', async () => {
    const id = await storeReport({ main: 'openbaar-groen-en-water', sub: 'bomen', stadsdeel: 'N', street: 'Buiksloterweg', number: 7, postcode: '1031CC', text: 'Een boom hangt over de weg' });
    const { page, context } = await openAs(browser, `/manage/incident/${id}`, STAFF.lezer);
    await page.getByRole('heading', { level: 1, name: `Melding SIG-${id}` }).waitFor();
    await expect.poll(async () => (await facts(page)).Afdeling).toMatch(/verantwoordelijke afdeling van de subcategorie/);
    expect((await facts(page)).Regie).toBe('Geen regie');
    expect(await page.getByRole('button', { name: 'Afdeling wijzigen' }).count()).toBe(0);
    // and the API refuses the change
    const token = (await storedToken(page)) ?? '';
    const res = await api(`/signals/v1/private/signals/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ routing_departments: [{ id: 1 }] }) });
    expect(res.status).toBe(403);
    await context.close();
  });
});
