/**
 * The whole life of a report on one machine (docs/back-office-incident.md): a resident reports; a
 * coordinator writes a default text; a handler finds the report and asks the
 * resident a question; the resident answers through the link in the outbox; the
 * handler sees the answer in the history and closes the report with the default
 * text; the resident gets the closing mail, is not satisfied and asks to reopen;
 * the report is 'Verzoek tot heropenen'. Axe on every screen, screenshots at phone
 * and desktop size.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, useBrowser } from './support.ts';
import { openAs, STAFF } from './staff-support.ts';
import { changeStatus, checkAndShoot, DESKTOP, historyLines, linkIn, mailTo, PHONE, residentReports } from './manage-incident-support.ts';

const browser = useBrowser();

/** Axe at desktop and phone size, with a screenshot of each; the page ends at desktop size. */
async function checkBothSizes(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  expect(await checkAndShoot(page, name)).toEqual([]);
  await page.setViewportSize(DESKTOP);
  expect(await checkAndShoot(page, name)).toEqual([]);
}

const statusLine = (page: Page) => page.locator('.ml-incident__status-line');

describe('the life of a report through the back office', () => {
  it('runs from a resident’s report to Verzoek tot heropenen, with the mails of the status table', async () => {
    const email = 'kast@example.com';
    const resident = await newPage(browser(), { viewport: PHONE });
    const id = await residentReports(resident.page, email);

    // A coordinator writes the default text for closing bulky-waste reports.
    const coordinator = await openAs(browser(), '/manage/v1/standaardteksten', STAFF.coordinator);
    const texts = coordinator.page;
    await texts.getByRole('heading', { level: 1, name: 'Standaard teksten' }).waitFor();
    const sub = texts.getByRole('combobox', { name: 'Subcategorie' });
    // the options arrive with the signed-in user's lists, after the page's heading
    await sub.locator('option', { hasText: /^Grofvuil/ }).first().waitFor({ state: 'attached' });
    const grofvuil = (await sub.locator('option').allInnerTexts()).find((label) => label.startsWith('Grofvuil'));
    await sub.selectOption({ label: grofvuil! });
    await texts.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Afgehandeld' });
    await texts.getByRole('heading', { level: 2, name: 'Teksten voor Afgehandeld bij Grofvuil' }).waitFor();
    await texts.getByRole('button', { name: 'Tekst toevoegen' }).click();
    await texts.getByRole('textbox', { name: 'Titel' }).last().fill('Opgehaald');
    await texts.getByRole('textbox', { name: 'Tekst' }).last().fill('De kast is opgehaald. Bedankt voor uw melding.');
    await texts.getByRole('button', { name: 'Opslaan' }).click();
    await texts.getByText('De standaard teksten zijn opgeslagen.').waitFor();
    await checkBothSizes(texts, 'default-texts');
    await coordinator.context.close();

    // The handler opens the report and asks a question.
    const { page, context } = await openAs(browser(), `/manage/incident/${id}`, STAFF.behandelaar);
    await page.getByRole('heading', { level: 1, name: `Melding SIG-${id}` }).waitFor();
    await page.getByRole('region', { name: 'Gegevens' }).getByText('Er staat een oude kast naast de container').waitFor();
    expect(await historyLines(page)).toEqual([expect.stringContaining('Melding aangemaakt')]);
    await checkBothSizes(page, 'incident');
    await page.getByRole('button', { name: 'Status wijzigen', exact: true }).click();
    await checkBothSizes(page, 'incident-status-form');
    await page.getByRole('button', { name: 'Annuleer' }).click();
    await changeStatus(page, 'Reactie gevraagd', { label: 'Vraag aan de melder', text: 'Staat de kast er nog steeds?' });
    await expect.poll(() => statusLine(page).innerText()).toContain('Reactie gevraagd');

    // The resident answers through the link in the mail.
    const question = await mailTo(email, /\/incident\/reactie\//);
    await resident.page.goto(linkIn(question, /https?:\/\/[^\s"<]+\/incident\/reactie\/[0-9a-f-]{36}/));
    await resident.page.getByRole('textbox', { name: 'Staat de kast er nog steeds?' }).fill('Ja, hij staat er nog.');
    await resident.page.getByRole('button', { name: 'Verstuur' }).click();
    await resident.page.getByText(/Bedankt voor het invullen van het actieformulier/).waitFor();

    // The handler sees the answer and closes the report with the default text.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Melding SIG-${id}` }).waitFor();
    await expect.poll(() => statusLine(page).innerText()).toContain('Reactie ontvangen');
    expect((await historyLines(page)).join('\n')).toContain('Ja, hij staat er nog.');
    expect((await historyLines(page)).join('\n')).toContain('Reactie van de melder ontvangen op de vraag: Staat de kast er nog steeds?');
    await changeStatus(page, 'Afgehandeld', { defaultText: 'Opgehaald' });
    await expect.poll(async () => (await historyLines(page))[0]).toContain('De kast is opgehaald. Bedankt voor uw melding.');

    // The resident gets the closing mail, is not satisfied and asks to reopen.
    const closing = await mailTo(email, /\/kto\/not_satisfied\//);
    expect(closing.text).toContain('De kast is opgehaald. Bedankt voor uw melding.');
    await resident.page.goto(linkIn(closing, /https?:\/\/[^\s"<]+\/kto\/not_satisfied\/[0-9a-f-]{36}/));
    await resident.page.getByRole('checkbox', { name: 'Het probleem is niet opgelost' }).check();
    await resident.page.getByRole('button', { name: 'Verstuur' }).click();
    await resident.page.getByRole('heading', { level: 1, name: 'Bedankt voor uw reactie' }).waitFor();
    await resident.context.close();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Melding SIG-${id}` }).waitFor();
    await expect.poll(() => statusLine(page).innerText()).toContain('Verzoek tot heropenen');
    await checkBothSizes(page, 'incident-reopen-requested');
    await context.close();
  });
});
