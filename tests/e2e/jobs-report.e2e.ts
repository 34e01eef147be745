/**
 * The back office's jobs on one report (docs/back-office-incident.md), each as the role that does it and as
 * a role that may not, checking what the staff member sees and what the API then holds:
 * change the status with a default text, ask the reporter a question (and not without an
 * e-mail address), add a note, assign a colleague, print the work order; a read-only user
 * sees no control and is refused by the API; another department's handler is refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support.ts';
import { STAFF } from './staff-support.ts';
import { createReport } from './followup-support.ts';
import { storeReport } from './manage-support.ts';
import { actionNames, apiAs, checkAndShoot, historyLines, mailTo, openAs, openReportAs, openStatusForm, PHONE, SIGNALS } from './manage-incident-support.ts';

const browser = useBrowser();

const FORBIDDEN = 'Je hebt niet voldoende rechten om deze actie uit te voeren.';

describe('jobs on one report', () => {
  it('a handler changes the status with a default text a coordinator wrote, asks the reporter a question, notes and assigns', async () => {
    const email = 'banken@example.com';
    const report = await createReport(email);

    // the coordinator writes a default text for 'In behandeling' of Grofvuil (job: standard texts)
    const coordinator = await openAs(browser(), '/manage/v1/standaardteksten', STAFF.coordinator);
    const texts = coordinator.page;
    const sub = texts.getByRole('combobox', { name: 'Subcategorie' });
    await sub.locator('option', { hasText: /^Grofvuil/ }).first().waitFor({ state: 'attached' });
    await sub.selectOption({ label: (await sub.locator('option').allInnerTexts()).find((l) => l.startsWith('Grofvuil'))! });
    await texts.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'In behandeling' });
    await texts.getByRole('heading', { level: 2, name: 'Teksten voor In behandeling bij Grofvuil' }).waitFor();
    await texts.getByRole('button', { name: 'Tekst toevoegen' }).click();
    await texts.getByRole('textbox', { name: 'Titel' }).last().fill('Ingepland');
    await texts.getByRole('textbox', { name: 'Tekst' }).last().fill('Een ploeg haalt de bank deze week op.');
    await texts.getByRole('button', { name: 'Opslaan' }).click();
    await texts.getByText('De standaard teksten zijn opgeslagen.').waitFor();
    await coordinator.context.close();

    const { page, context } = await openReportAs(browser(), report.id, STAFF.behandelaar);
    // the handler's controls: his rights, no more
    expect(await actionNames(page)).toEqual(['Download PDF', 'Status wijzigen', 'Urgentie wijzigen', 'Type wijzigen', 'Subcategorie wijzigen', 'Toegewezen aan wijzigen', 'Afdeling wijzigen', 'Locatie wijzigen', 'Splitsen in deelmeldingen']);

    // status with the default text
    let form = await openStatusForm(page);
    await form.getByRole('radio', { name: 'In behandeling', exact: true }).check();
    await form.getByRole('button', { name: 'Gebruik ‘Ingepland’' }).click();
    expect(await form.getByRole('textbox', { name: 'Toelichting' }).inputValue()).toBe('Een ploeg haalt de bank deze week op.');
    await form.getByRole('button', { name: 'Status opslaan' }).click();
    await page.getByText('De status is gewijzigd naar In behandeling.').waitFor();
    let held = await apiAs(page, `${SIGNALS}${report.id}`);
    expect(held.body.status).toMatchObject({ state: 'b', text: 'Een ploeg haalt de bank deze week op.' });

    // a question to the reporter: the mail goes out with it
    form = await openStatusForm(page);
    await form.getByRole('radio', { name: 'Reactie gevraagd', exact: true }).check();
    await form.getByRole('textbox', { name: 'Vraag aan de melder' }).fill('Staat de bank er nog?');
    await form.getByRole('button', { name: 'Status opslaan' }).click();
    await page.getByText('De status is gewijzigd naar Reactie gevraagd.').waitFor();
    held = await apiAs(page, `${SIGNALS}${report.id}`);
    expect(held.body.status.state).toBe('reaction requested');
    expect((await mailTo(email, /Staat de bank er nog\?/)).to).toBe(email);

    // a note
    await page.getByRole('textbox', { name: 'Notitie' }).fill('Gebeld met de melder.');
    await page.getByRole('button', { name: 'Notitie opslaan' }).click();
    await page.getByText('De notitie is opgeslagen.').waitFor();
    held = await apiAs(page, `${SIGNALS}${report.id}`);
    expect(held.body.notes[0].text).toBe('Gebeld met de melder.');

    // the history filtered by kind: only the notes
    await page.getByRole('combobox', { name: 'Soort wijziging' }).selectOption({ label: 'Notities' });
    await expect.poll(async () => (await historyLines(page)).every((line) => line.includes('Notitie'))).toBe(true);
    expect((await historyLines(page)).join('\n')).toContain('Gebeld met de melder.');
    await page.getByRole('combobox', { name: 'Soort wijziging' }).selectOption({ label: 'Alle wijzigingen' });

    // assignment: only colleagues of the report's departments who may handle it
    await page.getByRole('button', { name: 'Toegewezen aan wijzigen' }).click();
    const assign = page.getByRole('form', { name: 'Toegewezen aan wijzigen' });
    const choice = assign.getByRole('combobox', { name: 'Toegewezen aan' });
    await choice.locator('option', { hasText: STAFF.behandelaar.email }).waitFor({ state: 'attached' });
    const offered = await choice.locator('option').allInnerTexts();
    expect(offered[0]).toBe('Niet toegewezen');
    expect(offered.join('\n')).not.toMatch(/lezer@|beheerder@|inactief@|admin@/);
    await choice.selectOption({ label: offered.find((o) => o.includes(STAFF.behandelaar.email))! });
    await assign.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De wijziging is opgeslagen.').waitFor();
    held = await apiAs(page, `${SIGNALS}${report.id}`);
    expect(held.body.assigned_user_email).toBe(STAFF.behandelaar.email);
    // and the API refuses someone who cannot open the report
    const refused = await apiAs(page, `${SIGNALS}${report.id}`, { method: 'PATCH', body: { assigned_user_email: STAFF.lezer.email } });
    expect(refused.status).toBe(400);
    expect((await apiAs(page, `${SIGNALS}${report.id}`)).body.assigned_user_email).toBe(STAFF.behandelaar.email);

    // the work order as a PDF
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`SIG-${report.id}.pdf`);
    expect(readFileSync((await file.path())!).subarray(0, 5).toString()).toBe('%PDF-');

    expect(await checkAndShoot(page, 'jobs-report-handler')).toEqual([]);
    await context.close();
  });

  it('says up front that a reporter without an e-mail address cannot be asked a question', async () => {
    const { id } = await createReport(null);
    const { page, context } = await openReportAs(browser(), id, STAFF.behandelaar);
    const form = await openStatusForm(page);
    const question = form.getByRole('radio', { name: /^Reactie gevraagd/ });
    expect(await question.isDisabled()).toBe(true);
    await form.getByText('De melder heeft geen e-mailadres opgegeven. Een vraag stellen kan daarom niet.').waitFor();
    // the API holds the same rule
    const refused = await apiAs(page, `${SIGNALS}${id}`, { method: 'PATCH', body: { status: { state: 'reaction requested', text: 'Waar precies?' } } });
    expect(refused.status).toBe(400);
    expect((await apiAs(page, `${SIGNALS}${id}`)).body.status.state).toBe('m');
    await context.close();
  });

  it('a read-only user sees the report without any control, and the API refuses his change', async () => {
    const id = await storeReport({ main: 'openbaar-groen-en-water', sub: 'bomen', stadsdeel: 'N', street: 'Nieuwendammerdijk', number: 5, postcode: '1025LG', text: 'Een tak hangt over het fietspad' });
    const { page, context } = await openReportAs(browser(), id, STAFF.lezer);
    expect(await actionNames(page)).toEqual(['Download PDF']);
    await page.getByText('Je kunt deze melding inzien, niet wijzigen.').waitFor();
    expect(await page.getByRole('textbox', { name: 'Notitie' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Sneltoetsen' }).innerText()).not.toContain('Status wijzigen');
    await page.keyboard.press('s');
    expect(await page.getByRole('form', { name: 'Status wijzigen' }).count()).toBe(0);
    const refused = await apiAs(page, `${SIGNALS}${id}`, { method: 'PATCH', body: { notes: [{ text: 'Mag dit?' }] } });
    expect(refused.status).toBe(403);
    expect((await apiAs(page, `${SIGNALS}${id}`)).body.notes).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await checkAndShoot(page, 'jobs-report-reader')).toEqual([]);
    await context.close();

    // a handler of another department is refused the report, in docs/reference/texts.md#errors's words
    const other = await openAs(browser(), `/manage/incident/${id}`, STAFF.behandelaar);
    await other.page.getByRole('heading', { level: 1, name: 'Geen toegang' }).waitFor();
    await other.page.getByText(FORBIDDEN).waitFor();
    expect((await apiAs(other.page, `${SIGNALS}${id}`)).status).toBe(403);
    await other.context.close();
  });
});
