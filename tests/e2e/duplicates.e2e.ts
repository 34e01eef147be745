/**
 * One problem, many reporters (docs/duplicates.md), the handler's jobs in Chromium: merge a duplicate
 * into a report by its number and from 'Meldingen in de buurt', see how many report it and
 * who follows it, undo a merge, sort the overview on 'Melders', merge a selection in the overview
 * and filter it on 'Meest gemeld' (the public map then shows one dot) — and a read-only user who
 * can do none of it. What the page shows is checked against what the API then holds.
 */

import { describe, expect, it } from 'vitest';
import { api, useBrowser } from './support.ts';
import { STAFF } from './staff-support.ts';
import { createReport } from './followup-support.ts';
import { apiAs, checkAndShoot, openAs, openReportAs, PHONE, DESKTOP } from './manage-incident-support.ts';

const browser = useBrowser();

const P = '/signals/v1/private/signals/';

describe('duplicates in the back office', () => {
  it('a handler merges two duplicates into a report, sees its reporters and followers, undoes one, and sorts the overview on it', async () => {
    const main = await createReport('hoofdmelder@example.com');
    const first = await createReport('tweede.melder@example.com');
    const second = await createReport('derde.melder@example.com');
    const { page, context } = await openReportAs(browser(), main.id, STAFF.behandelaar);
    const section = page.getByRole('region', { name: 'Melders en volgers' });
    await section.getByText('1 melder · 0 volgers').waitFor();

    // a number that is none: a clear error, nothing merged
    const number = section.getByRole('textbox', { name: 'Nummer van de dubbele melding' });
    await number.fill('kast');
    await section.getByRole('button', { name: 'Samenvoegen met deze melding' }).click();
    const summary = section.getByRole('region', { name: 'Er is iets misgegaan' });
    await summary.getByRole('link', { name: 'Nummer van de dubbele melding: Vul het nummer van een melding in, bijvoorbeeld SIG-123.' }).waitFor();
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);

    // by its number
    await number.fill(`SIG-${first.id}`);
    await section.getByRole('button', { name: 'Samenvoegen met deze melding' }).click();
    await page.getByText('1 melding samengevoegd met deze melding.').waitFor();
    await section.getByText('2 melders · 1 volger').waitFor();
    await section.getByText(`tweede.melder@example.com · melder van SIG-${first.id}`).waitFor();
    expect(await number.inputValue()).toBe('');

    // from 'Meldingen in de buurt'
    const near = page.getByRole('region', { name: 'Meldingen in de buurt' });
    // the list is drawn again after the merge: the merged report (closed now) is no longer in it
    await near.getByRole('checkbox', { name: `SIG-${first.id} selecteren` }).waitFor({ state: 'detached' });
    await near.getByRole('checkbox', { name: `SIG-${second.id} selecteren` }).check();
    await near.getByRole('button', { name: 'Voeg deze melding samen met deze melding' }).click();
    await section.getByText('3 melders · 2 volgers').waitFor();
    // a merged report is closed: no longer offered nearby
    await near.getByRole('checkbox', { name: `SIG-${second.id} selecteren` }).waitFor({ state: 'detached' });
    expect(await checkAndShoot(page, 'duplicates-main')).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await checkAndShoot(page, 'duplicates-main')).toEqual([]);
    await page.setViewportSize(DESKTOP);

    const held = await apiAs(page, `${P}${main.id}/followers`);
    expect(held.body).toMatchObject({ reporters: 3, count: 2, duplicates: [{ id: first.id }, { id: second.id }] });
    const duplicate = await apiAs(page, `${P}${first.id}`);
    expect(duplicate.body.status).toMatchObject({ state: 'o', text: `Deze melding is samengevoegd met SIG-${main.id}. U krijgt voortaan de berichten over die melding.` });

    // undo the second
    await section.getByRole('button', { name: `Samenvoegen met SIG-${second.id} ongedaan maken` }).click();
    await page.getByText(`Samenvoegen van SIG-${second.id} ongedaan gemaakt.`).waitFor();
    await section.getByText('2 melders · 1 volger').waitFor();
    expect((await apiAs(page, `${P}${second.id}`)).body.status.state).toBe('m');

    // the duplicate's own page says where it went, and offers the undo there too
    await page.goto(`/manage/incident/${first.id}`);
    const merged = page.getByRole('region', { name: 'Melders en volgers' });
    await merged.getByText('Deze melding is samengevoegd met').waitFor();
    await merged.getByRole('link', { name: `SIG-${main.id}` }).waitFor();
    await merged.getByRole('button', { name: 'Samenvoegen ongedaan maken' }).waitFor();
    expect(await checkAndShoot(page, 'duplicates-merged')).toEqual([]);

    // the overview: 'Melders' per report, sorted most first
    await page.goto('/manage/incidents');
    const table = page.getByRole('table', { name: 'Meldingen' });
    await table.waitFor();
    const header = table.getByRole('columnheader', { name: /Melders/ });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => new URL(page.url()).searchParams.get('ordering')).toBe('-reporters');
    // the page sorted by the server arrives after the click: wait for the most reported report on top
    const cells = table.locator('td[data-label="Melders"]');
    await expect.poll(async () => Number(await cells.first().innerText())).toBeGreaterThanOrEqual(2);
    const counts = (await cells.allInnerTexts()).map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const mainRow = table.getByRole('row').filter({ has: page.getByRole('link', { name: `SIG-${main.id}`, exact: true }) });
    expect(await mainRow.locator('td[data-label="Melders"]').innerText()).toBe('2');
    await context.close();
  });

  it('a handler merges a selection in the overview into one main report; the overview filters on it; the public map shows one dot', async () => {
    const at = '/signals/v1/public/signals/geography?lon=4.8936&lat=52.3731&category_slug=grofvuil';
    const dots = async () => (await api<{ features: unknown[] }>(at)).body.features.length;
    const reports = [await createReport('kast.een@example.com'), await createReport('kast.twee@example.com'), await createReport('kast.drie@example.com')];
    const [oldest, ...others] = reports.map((r) => r.id);
    const dotsBefore = await dots();

    const { page, context } = await openAs(browser(), '/manage/incidents?category_slug=grofvuil', STAFF.behandelaar);
    const table = page.getByRole('table', { name: 'Meldingen' });
    for (const id of reports.map((r) => r.id)) await table.getByRole('checkbox', { name: `Selecteer SIG-${id}` }).check();
    const selection = page.getByRole('region', { name: 'Geselecteerde meldingen' });
    await selection.getByText('3 meldingen geselecteerd').waitFor();
    await selection.getByRole('button', { name: 'Samenvoegen' }).click();
    // the choice of the main report (the oldest is offered: all have one reporter), the focus on it
    const choice = selection.getByRole('group', { name: 'Welke melding is de hoofdmelding?' });
    await choice.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Welke melding is de hoofdmelding?');
    expect(await choice.getByRole('radio', { name: new RegExp(`^SIG-${oldest} `) }).isChecked()).toBe(true);
    await selection.getByText(`SIG-${others[0]}, SIG-${others[1]} worden samengevoegd met SIG-${oldest}.`).waitFor();
    expect(await checkAndShoot(page, 'duplicates-overview-merge')).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await checkAndShoot(page, 'duplicates-overview-merge')).toEqual([]);
    await page.setViewportSize(DESKTOP);
    await selection.getByRole('button', { name: `2 meldingen samenvoegen met SIG-${oldest}` }).click();
    await page.getByText(`2 meldingen samengevoegd met SIG-${oldest}.`).waitFor();

    // the API holds it: both merged into the oldest, closed
    const followers = (await apiAs(page, `${P}${oldest}/followers`)).body;
    expect(followers.duplicates.map((d: { id: number }) => d.id).sort()).toEqual([...others].sort());
    for (const id of others) expect((await apiAs(page, `${P}${id}`)).body.status.state).toBe('o');

    // 'Meest gemeld': the filter on 2 or more reporters lists the main report, not a report of one reporter
    await page.getByRole('button', { name: 'Filteren' }).first().click();
    await page.getByRole('group', { name: 'Meest gemeld' }).getByRole('radio', { name: '2 of meer melders' }).check();
    await page.locator('#ml-overview-filter').getByRole('button', { name: 'Filteren' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('reporters_min')).toBe('2');
    await table.getByRole('link', { name: `SIG-${oldest}`, exact: true }).waitFor();
    await expect.poll(async () => (await table.locator('td[data-label="Melders"]').allInnerTexts()).every((n) => Number(n) >= 2)).toBe(true);
    expect(await table.getByRole('link', { name: `SIG-${others[0]}`, exact: true }).count()).toBe(0);
    const listed = await apiAs(page, `${P}?reporters_min=2&page_size=100`);
    expect(listed.body.results.every((r: { reporters: number }) => r.reporters >= 2)).toBe(true);
    expect(listed.body.results.map((r: { id: number }) => r.id)).toContain(oldest);
    expect((await apiAs(page, `${P}?reporters_min=nul`)).status).toBe(400);

    // the public map: one dot for the problem, the merged duplicates are not their own dots
    expect(await dots()).toBe(dotsBefore - 2);
    await context.close();
  });

  it('a read-only user sees the reporters but can neither merge nor undo', async () => {
    // the reader's department (GRN) handles trees
    const tree = await createReport('boom.melder@example.com', 'openbaar-groen-en-water/sub_categories/bomen');
    const other = await createReport('boom.dubbel@example.com', 'openbaar-groen-en-water/sub_categories/bomen');
    const { page, context } = await openReportAs(browser(), tree.id, STAFF.lezer);
    const section = page.getByRole('region', { name: 'Melders en volgers' });
    await section.getByText('1 melder · 0 volgers').waitFor();
    expect(await section.getByRole('textbox').count()).toBe(0);
    expect(await section.getByRole('button').count()).toBe(0);
    const near = page.getByRole('region', { name: 'Meldingen in de buurt' });
    await near.getByRole('link', { name: `SIG-${other.id}` }).waitFor();
    expect(await near.getByRole('button').count()).toBe(0);
    // and the API refuses what the page does not offer
    const refused = await apiAs(page, `${P}${tree.id}/merge`, { method: 'POST', body: { duplicates: [other.id] } });
    expect(refused.status).toBe(403);
    expect((await apiAs(page, `${P}${other.id}`)).body.status.state).toBe('m');
    // the overview offers no selection to merge
    await page.goto('/manage/incidents');
    await page.getByRole('table', { name: 'Meldingen' }).getByRole('link', { name: `SIG-${tree.id}`, exact: true }).waitFor();
    expect(await page.getByRole('checkbox', { name: /^Selecteer SIG-/ }).count()).toBe(0);
    await context.close();
  });
});

