/**
 * The status mail previewed before it is sent (docs/back-office-incident.md, as Signalen's status form): a handler
 * sees, for the status and text he chose, the mail the reporter will get, then saves, and the
 * outbox holds exactly that mail; a reporter without an e-mail address gets none, and the
 * preview says so; a read-only user has no control and the API refuses him.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support.ts';
import { STAFF } from './staff-support.ts';
import { createReport } from './followup-support.ts';
import { actionNames, apiAs, checkAndShoot, DESKTOP, openReportAs, openStatusForm, outbox, PHONE, SIGNALS } from './manage-incident-support.ts';

const browser = useBrowser();

describe('the status mail previewed before it is sent', () => {
  it('a handler previews the mail of his change, saves, and the outbox holds exactly that mail', async () => {
    const email = 'voorbeeldmail@example.com';
    const report = await createReport(email);
    const { page, context } = await openReportAs(browser(), report.id, STAFF.behandelaar);
    const form = await openStatusForm(page);
    await form.getByRole('radio', { name: 'Ingepland', exact: true }).check();
    await form.getByRole('textbox', { name: 'Toelichting' }).fill('Donderdag haalt een ploeg de bank op.');
    await form.getByRole('checkbox', { name: 'Stuur deze toelichting ook per e-mail naar de melder' }).check();

    // by keyboard: the control, Enter, and focus lands on the preview's heading
    await form.getByRole('button', { name: 'Voorbeeld e-mail' }).focus();
    await page.keyboard.press('Enter');
    const preview = form.getByRole('region', { name: 'Voorbeeld van de e-mail' });
    await preview.getByText(`Nieuws over uw melding SIG-${report.id}`).waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Voorbeeld van de e-mail');
    const shownText = await preview.locator('pre').innerText();
    expect(shownText).toContain('Donderdag haalt een ploeg de bank op.');
    expect(await preview.getByRole('definition').first().innerText()).toBe(email);
    expect(await checkAndShoot(page, 'jobs-mail-preview')).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await checkAndShoot(page, 'jobs-mail-preview')).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // a changed text makes the preview stale, and asking again shows the new one
    await form.getByRole('textbox', { name: 'Toelichting' }).fill('Vrijdag haalt een ploeg de bank op.');
    await preview.getByText('Je hebt de status of de tekst gewijzigd. Vraag het voorbeeld opnieuw op.').waitFor();
    await form.getByRole('button', { name: 'Voorbeeld e-mail' }).click();
    await preview.locator('pre', { hasText: 'Vrijdag haalt een ploeg de bank op.' }).waitFor();
    const subject = `Nieuws over uw melding SIG-${report.id}`;
    const text = await preview.locator('pre').innerText();

    // nothing was sent by looking
    expect((await outbox()).filter((m) => m.to === email && m.subject === subject)).toEqual([]);
    await form.getByRole('button', { name: 'Status opslaan' }).click();
    await page.getByText('De status is gewijzigd naar Ingepland.').waitFor();
    const sent = (await outbox()).filter((m) => m.to === email && m.subject === subject);
    expect(sent.map((m) => ({ to: m.to, subject: m.subject, text: m.text }))).toEqual([{ to: email, subject, text }]);
    expect((await apiAs(page, `${SIGNALS}${report.id}`)).body.status).toMatchObject({ state: 'ingepland', text: 'Vrijdag haalt een ploeg de bank op.' });
    await context.close();
  });

  it('says plainly that no mail goes: a reporter without an address, a status that mails nothing', async () => {
    const silent = await createReport(null);
    const { page, context } = await openReportAs(browser(), silent.id, STAFF.behandelaar);
    let form = await openStatusForm(page);
    await form.getByRole('radio', { name: 'In behandeling', exact: true }).check();
    await form.getByRole('button', { name: 'Voorbeeld e-mail' }).click();
    const preview = form.getByRole('region', { name: 'Voorbeeld van de e-mail' });
    await preview.getByText('Er gaat geen e-mail naar de melder: de melder heeft geen e-mailadres opgegeven.').waitFor();
    expect(await preview.locator('pre').count()).toBe(0);
    // closing gives focus back to the control
    await preview.getByRole('button', { name: 'Voorbeeld sluiten' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Voorbeeld e-mail');
    await context.close();

    const quiet = await createReport('stil@example.com');
    const opened = await openReportAs(browser(), quiet.id, STAFF.behandelaar);
    form = await openStatusForm(opened.page);
    await form.getByRole('radio', { name: 'In behandeling', exact: true }).check();
    await form.getByRole('button', { name: 'Voorbeeld e-mail' }).click();
    await form
      .getByRole('region', { name: 'Voorbeeld van de e-mail' })
      .getByText('Er gaat geen e-mail naar de melder: deze status stuurt geen e-mail en je hebt niet gekozen om de toelichting te e-mailen.')
      .waitFor();
    await opened.context.close();
  });

  it('a read-only user has no preview control, and the API refuses him the preview', async () => {
    const report = await createReport('lezen@example.com', 'openbaar-groen-en-water/sub_categories/bomen');
    const { page, context } = await openReportAs(browser(), report.id, STAFF.lezer);
    expect(await actionNames(page)).toEqual(['Download PDF']);
    expect(await page.getByRole('button', { name: 'Voorbeeld e-mail' }).count()).toBe(0);
    const refused = await apiAs(page, `${SIGNALS}${report.id}/status-mail-preview`, { method: 'POST', body: { status: { state: 'b', text: 'Mag dit?', send_email: true } } });
    expect(refused).toEqual({ status: 403, body: { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' } });
    await context.close();
  });
});
