/**
 * The back office's jobs on a report's family (docs/back-office-incident.md): split a report into children
 * (the form starts empty and refuses an incomplete child) and link a nearby report as a
 * child (nothing is ticked until the handler ticks it), each checked in what the staff
 * member sees and what the API then holds; a read-only user gets neither control.
 */
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support.ts';
import { STAFF } from './staff-support.ts';
import { attachPhoto, createReport, pngImage } from './followup-support.ts';
import { actionNames, apiAs, checkAndShoot, DESKTOP, openReportAs, PHONE, SIGNALS } from './manage-incident-support.ts';

const browser = useBrowser();

const children = async (page: Parameters<typeof apiAs>[0], id: number) => (await apiAs<{ results: Array<{ id: number }> }>(page, `${SIGNALS}${id}/children/`)).body.results;

describe('jobs on a report’s family', () => {
  it('a handler links a nearby report he ticked, and nothing he did not', async () => {
    const parent = await createReport('ouder@example.com');
    const first = await createReport('buur1@example.com');
    const second = await createReport('buur2@example.com');
    const { page, context } = await openReportAs(browser(), parent.id, STAFF.behandelaar);
    const near = page.getByRole('region', { name: 'Meldingen in de buurt' });
    await near.getByRole('checkbox', { name: `SIG-${first.id} selecteren` }).waitFor();
    for (const box of await near.getByRole('checkbox').all()) expect(await box.isChecked()).toBe(false);
    const link = near.getByRole('button', { name: /^Koppel / });
    expect(await link.isDisabled()).toBe(true);
    await near.getByRole('checkbox', { name: `SIG-${first.id} selecteren` }).check();
    await near.getByRole('button', { name: 'Koppel deze melding als deelmelding' }).click();
    await page.getByText('1 melding gekoppeld als deelmelding.').waitFor();
    await page.getByRole('region', { name: 'Deelmeldingen' }).getByRole('link', { name: `SIG-${first.id}` }).waitFor();
    expect((await children(page, parent.id)).map((c) => c.id)).toEqual([first.id]);
    expect((await apiAs(page, `${SIGNALS}${second.id}`)).body._links['sia:parent']).toBeUndefined();
    await context.close();
  });

  it('a handler undoes a link he made: the report stands alone again, with the history saying so', async () => {
    const parent = await createReport('ontkoppel-ouder@example.com');
    const near1 = await createReport('ontkoppel-buur@example.com');
    const { page, context } = await openReportAs(browser(), parent.id, STAFF.behandelaar);
    const near = page.getByRole('region', { name: 'Meldingen in de buurt' });
    await near.getByRole('checkbox', { name: `SIG-${near1.id} selecteren` }).check();
    await near.getByRole('button', { name: 'Koppel deze melding als deelmelding' }).click();
    await page.getByText('1 melding gekoppeld als deelmelding.').waitFor();
    const family = page.getByRole('region', { name: 'Deelmeldingen' });
    const undo = family.getByRole('button', { name: `Koppeling met SIG-${near1.id} ongedaan maken` });
    await undo.waitFor();
    expect(await checkAndShoot(page, 'jobs-unlink')).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await checkAndShoot(page, 'jobs-unlink')).toEqual([]);
    await page.setViewportSize(DESKTOP);

    // by keyboard
    await undo.focus();
    await page.keyboard.press('Enter');
    await page.getByText(`De koppeling met SIG-${near1.id} is ongedaan gemaakt; het is weer een zelfstandige melding.`).waitFor();
    await family.waitFor({ state: 'detached' });
    // focus is not lost: it is on the nearby reports, where the report shows again
    await near.getByRole('checkbox', { name: `SIG-${near1.id} selecteren` }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('incident-nearby');
    expect(await children(page, parent.id)).toEqual([]);
    expect((await apiAs(page, `${SIGNALS}${near1.id}`)).body._links['sia:parent']).toBeUndefined();
    const history = (await apiAs<Array<{ action: string; description: string | null }>>(page, `${SIGNALS}${parent.id}/history`)).body;
    expect(history[0]).toMatchObject({ action: 'Deelmelding ontkoppeld', description: `Melding ${near1.id}` });
    await context.close();
  });

  it('a handler splits a report; the form starts empty and refuses a child without subcategory and text', async () => {
    const parent = await createReport('splitsen@example.com');
    const { page, context } = await openReportAs(browser(), parent.id, STAFF.behandelaar);
    await page.getByRole('button', { name: 'Splitsen in deelmeldingen' }).click();
    const split = page.getByRole('form', { name: 'Splitsen' });
    const part = split.getByRole('group', { name: 'Deelmelding 1' });
    const sub = part.getByRole('combobox', { name: 'Subcategorie' });
    expect(await sub.inputValue()).toBe('');
    expect(await part.getByRole('textbox', { name: 'Omschrijving' }).inputValue()).toBe('');

    // a single click creates nothing
    await split.getByRole('button', { name: 'Splitsen', exact: true }).click();
    await part.getByText('Kies een subcategorie.').waitFor();
    await part.getByText('Vul een omschrijving in.').waitFor();
    expect(await children(page, parent.id)).toEqual([]);

    await sub.selectOption({ label: (await sub.locator('option').allInnerTexts()).find((t) => t.startsWith('Grofvuil'))! });
    await part.getByRole('textbox', { name: 'Omschrijving' }).fill('De kast bij de container');
    expect(await checkAndShoot(page, 'jobs-split')).toEqual([]);
    await split.getByRole('button', { name: 'Splitsen', exact: true }).click();
    await page.getByText('1 deelmelding gemaakt.').waitFor();
    const made = await children(page, parent.id);
    expect(made).toHaveLength(1);
    expect((await apiAs(page, `${SIGNALS}${made[0]!.id}`)).body).toMatchObject({ text: 'De kast bij de container', category: { sub_slug: 'grofvuil' } });
    await page.getByRole('region', { name: 'Deelmeldingen' }).getByRole('link', { name: `SIG-${made[0]!.id}` }).waitFor();
    await context.close();
  });

  it('a handler adds, captions and deletes his attachment; the reporter’s photo he may not delete', async () => {
    const report = await createReport('foto@example.com');
    await attachPhoto(report.signal_id, 'bank.png', 40);
    const { page, context } = await openReportAs(browser(), report.id, STAFF.behandelaar);
    const files = page.getByRole('region', { name: 'Bijlagen' });
    await files.locator('strong', { hasText: 'Bijlage 1' }).waitFor();
    // the reporter's photo: the handler lacks the right to delete a reporter's attachment
    expect(await files.getByRole('button', { name: 'Bijlage 1 verwijderen' }).count()).toBe(0);
    const attachments = async () => (await apiAs<{ results: Array<{ created_by: string | null; caption: string | null }> }>(page, `${SIGNALS}${report.id}/attachments/`)).body.results;

    // adding without a file is refused at the field
    await files.getByRole('button', { name: 'Bijlage uploaden' }).click();
    await files.getByText('Kies eerst een bestand.').waitFor();
    await files.getByLabel('Bijlage toevoegen').setInputFiles({ name: 'situatie.png', mimeType: 'image/png', buffer: pngImage(48, 90) });
    await files.getByRole('button', { name: 'Bijlage uploaden' }).click();
    await page.getByText('De bijlage is toegevoegd.').waitFor();
    await files.locator('strong', { hasText: 'Bijlage 2' }).waitFor();
    expect((await attachments()).map((a) => a.created_by)).toEqual([null, STAFF.behandelaar.email]);

    await files.getByRole('textbox', { name: 'Onderschrift bij bijlage 2' }).fill('Foto van de ploeg ter plaatse');
    await files.getByRole('button', { name: 'Onderschrift bij bijlage 2 opslaan' }).click();
    await page.getByText('Het onderschrift is opgeslagen.').waitFor();
    expect((await attachments())[1]!.caption).toBe('Foto van de ploeg ter plaatse');
    expect(await checkAndShoot(page, 'jobs-attachments')).toEqual([]);

    page.once('dialog', (dialog) => void dialog.accept());
    await files.getByRole('button', { name: 'Bijlage 2 verwijderen' }).click();
    await page.getByText('De bijlage is verwijderd.').waitFor();
    expect((await attachments()).map((a) => a.created_by)).toEqual([null]);
    await context.close();
  });

  it('a read-only user can neither split, link nor undo a link', async () => {
    // the reader's department (GRN) handles trees: a tree report, a nearby one, and one a coordinator linked
    const tree = () => createReport('boom@example.com', 'openbaar-groen-en-water/sub_categories/bomen');
    const parent = await tree();
    await tree();
    const linked = await tree();
    const coordinator = await openReportAs(browser(), parent.id, STAFF.coordinator);
    expect((await apiAs(coordinator.page, `${SIGNALS}${parent.id}/nearby/link`, { method: 'POST', body: { signals: [linked.id] } })).status).toBe(200);
    await coordinator.context.close();
    const { page, context } = await openReportAs(browser(), parent.id, STAFF.lezer);
    const family = page.getByRole('region', { name: 'Deelmeldingen' });
    await family.getByText('gekoppeld', { exact: false }).waitFor();
    expect(await family.getByRole('button').count()).toBe(0);
    const refused = await apiAs(page, `${SIGNALS}${parent.id}/nearby/link/${linked.id}`, { method: 'DELETE' });
    expect(refused).toEqual({ status: 403, body: { detail: 'Je hebt geen toestemming om deze actie uit te voeren.' } });
    expect((await children(page, parent.id)).map((c) => c.id)).toEqual([linked.id]);
    expect(await actionNames(page)).toEqual(['Download PDF']);
    const near = page.getByRole('region', { name: 'Meldingen in de buurt' });
    await near.getByRole('link').first().waitFor();
    expect(await near.getByRole('checkbox').count()).toBe(0);
    expect(await near.getByRole('button').count()).toBe(0);
    await page.keyboard.press('d');
    expect(await page.getByRole('form', { name: 'Splitsen' }).count()).toBe(0);
    // nor add an attachment
    await page.getByRole('region', { name: 'Bijlagen' }).waitFor();
    expect(await page.getByLabel('Bijlage toevoegen').count()).toBe(0);
    await context.close();
  });
});
