/**
 * The back office's jobs at the desk (docs/back-office-incident.md): save, update and delete a filter; write
 * and delete a standard text (v2); report as staff for a caller, which needs a source,
 * and a failed staff report that speaks to the employee. Each is checked in what the
 * staff member sees and in what the API then holds; deletes and failures are jobs too.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './support.ts';
import { STAFF, withFeatures } from './staff-support.ts';
import { apiAs, checkAndShoot, openAs } from './manage-incident-support.ts';
import { chooseSubcategory, expectHeading, grofvuilToSummary, next } from './wizard-support.ts';

const browser = useBrowser();

const FILTERS = '/signals/v1/private/me/filters/';

describe('jobs at the desk', () => {
  it('a handler saves, updates and deletes a filter; every delete reaches the API', async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents', STAFF.behandelaar);
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await page.getByRole('button', { name: 'Filteren', expanded: false }).click();
    let form = page.getByRole('form', { name: 'Filter' });
    await form.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'Gemeld', exact: true }).check();
    await form.getByLabel('Naam van het filter').fill('Nieuw gemeld');
    await form.getByRole('button', { name: 'Opslaan als filter' }).click();
    await page.getByText('Filter ‘Nieuw gemeld’ is opgeslagen.').waitFor();
    let held = await apiAs<{ results: Array<{ id: number; name: string; options: Record<string, unknown> }> }>(page, FILTERS);
    expect(held.body.results.map((f) => [f.name, f.options])).toEqual([['Nieuw gemeld', { status: ['m'] }]]);

    // update: the applied filter gets another status
    await page.getByRole('button', { name: 'Filteren', expanded: false }).click();
    form = page.getByRole('form', { name: 'Filter' });
    await form.getByRole('group', { name: 'Status' }).getByRole('checkbox', { name: 'In behandeling', exact: true }).check();
    await form.getByRole('button', { name: 'Filter bijwerken' }).click();
    await page.getByText('Filter ‘Nieuw gemeld’ is bijgewerkt.').waitFor();
    held = await apiAs(page, FILTERS);
    expect(held.body.results).toHaveLength(1);
    expect(held.body.results[0]!.options.status).toEqual(['m', 'b']);

    // delete, after the confirmation
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Mijn filters', expanded: false }).click();
    await page.getByRole('button', { name: 'Filter Nieuw gemeld verwijderen' }).click();
    await page.getByText('Filter ‘Nieuw gemeld’ is verwijderd.').waitFor();
    expect(await page.getByText('Het filter kon niet verwijderd worden').count()).toBe(0);
    held = await apiAs(page, FILTERS);
    expect(held.body.results).toEqual([]);
    await context.close();

    // a read-only user filters, but is offered no save, and the API refuses one
    const reader = await openAs(browser(), '/manage/incidents', STAFF.lezer);
    await reader.page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await reader.page.getByRole('button', { name: 'Filteren', expanded: false }).click();
    const readerForm = reader.page.getByRole('form', { name: 'Filter' });
    await readerForm.getByRole('button', { name: 'Filteren' }).waitFor();
    expect(await readerForm.getByRole('button', { name: 'Opslaan als filter' }).count()).toBe(0);
    expect(await readerForm.getByLabel('Naam van het filter').count()).toBe(0);
    const refused = await apiAs(reader.page, FILTERS, { method: 'POST', body: { name: 'Mag niet', options: {} } });
    expect(refused.status).toBe(403);
    expect((await apiAs(reader.page, FILTERS)).body.results).toEqual([]);
    await reader.context.close();
  });

  it('a coordinator writes a v2 standard text and deletes it again; a handler without the right gets no such screen', async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents', STAFF.coordinator);
    await withFeatures(page, { showStandardTextAdminV2: true });
    await page.goto('/manage/v2/standaardteksten');
    await page.getByRole('heading', { level: 1, name: 'Standaard teksten' }).waitFor();
    const sub = page.getByRole('combobox', { name: 'Subcategorie' });
    await sub.locator('option', { hasText: /^Grofvuil/ }).first().waitFor({ state: 'attached' });
    const grofvuil = (await sub.locator('option').allInnerTexts()).find((l) => l.startsWith('Grofvuil'))!;
    await sub.selectOption({ label: grofvuil });
    const categoryId = Number(await sub.inputValue());
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Afgehandeld' });
    await page.getByRole('heading', { level: 2, name: 'Teksten voor Afgehandeld bij Grofvuil' }).waitFor();
    await page.getByRole('button', { name: 'Tekst toevoegen' }).click();
    await page.getByRole('textbox', { name: 'Titel' }).last().fill('Opgeruimd');
    await page.getByRole('textbox', { name: 'Tekst' }).last().fill('Het grofvuil is opgeruimd.');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De standaard teksten zijn opgeslagen.').waitFor();
    const messages = () => apiAs<{ results: Array<{ title: string; active: boolean }> }>(page, `/signals/v1/private/status-messages/?state=o&category_id=${categoryId}`);
    expect((await messages()).body.results.map((m) => m.title)).toEqual(['Opgeruimd']);

    await page.getByRole('button', { name: 'Tekst 1 verwijderen' }).click();
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await page.getByText('De standaard teksten zijn opgeslagen.').waitFor();
    // no error beside the success, and the text is gone from what the status form offers
    expect(await page.getByText(/JSON parse error/).count()).toBe(0);
    expect((await messages()).body.results.filter((m) => m.active !== false)).toEqual([]);
    expect(await checkAndShoot(page, 'jobs-texts-v2')).toEqual([]);
    await context.close();

    // the handler has no right to default texts: the menu has no item and the route refuses
    const handler = await openAs(browser(), '/manage/incidents', STAFF.behandelaar);
    await handler.page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await handler.page.goto('/manage/v1/standaardteksten');
    await handler.page.getByRole('heading', { level: 1, name: 'Geen toegang' }).waitFor();
    await handler.context.close();
  });

  it('a phone-desk employee cannot go on without a source, and a failed report speaks to him, not to a resident', async () => {
    const { page, context } = await openAs(browser(), '/manage/incidents', STAFF.behandelaar);
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await page.goto('/incident/beschrijf');
    await expectHeading(page, 'Beschrijf uw melding');
    const source = page.getByRole('combobox', { name: /^Bron/ });
    await source.locator('option', { hasText: 'Telefoon – ASC' }).waitFor({ state: 'attached' });
    expect(await source.inputValue()).toBe('');
    await page.getByRole('textbox', { name: /Waar gaat het om\?/ }).fill('Een omgevallen boom op het fietspad, gemeld aan de telefoon');
    await page.getByRole('button', { name: 'Volgende' }).click();
    // refused at the field, on step 1
    await expectHeading(page, 'Beschrijf uw melding');
    await expect.poll(() => source.getAttribute('aria-invalid')).toBe('true');
    expect(await source.evaluate((el) => el.getAttribute('aria-describedby') ?? '')).not.toBe('');

    // with a source the report goes on; the create call fails
    await source.selectOption({ label: 'Telefoon – ASC' });
    await chooseSubcategory(page, 'Grofvuil');
    await next(page);
    await grofvuilToSummary(page);
    expect(await page.getByRole('region', { name: /^1\. / }).locator('dt', { hasText: 'Bron' }).locator('xpath=following-sibling::dd[1]').innerText()).toBe('Telefoon – ASC');
    await page.route('**/signals/v1/private/signals/', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"Server is op dit moment niet beschikbaar."}' }) : route.fallback()));
    await page.getByRole('button', { name: 'Verstuur' }).click();
    await page.getByText('De melding kon niet worden opgeslagen. Wat je hebt ingevuld is bewaard: controleer de gegevens en probeer het opnieuw.').waitFor();
    expect(await page.getByText(/Onze website heeft op dit moment een storing/).count()).toBe(0);
    expect(await page.getByText(/Bel dan 14 020/).count()).toBe(0);
    expect(await checkAndShoot(page, 'jobs-staff-report-failed')).toEqual([]);
    // the draft is kept: back to the summary, the source still there
    await page.getByRole('button', { name: 'Terug naar controleren' }).click();
    await expectHeading(page, 'Versturen');
    await context.close();
  });
});
