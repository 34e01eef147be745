/**
 * The signalering page end to end (docs/overview.md): a coordinator sees the open reports per
 * category and per department (the department they are routed to, as the overview's
 * 'Afdeling' filter) for a seeded set, a count opens the overview with exactly those
 * reports, and the week chart has its table; axe and screenshots.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import { api, axeViolations, PHONE, useBrowser } from './support.ts';
import { openAs, SCREENSHOTS, STAFF, storedToken } from './staff-support.ts';
import { storeReport, tableNumbers, waitForCount } from './manage-support.ts';

const browser = useBrowser();
const ids: number[] = [];

beforeAll(async () => {
  // three Grofvuil reports (AEG, ASC), one Bomen report (GRN)
  for (const [sub, main, street] of [
    ['grofvuil', 'afval', 'Dam'],
    ['grofvuil', 'afval', 'Rokin'],
    ['grofvuil', 'afval', 'Spui'],
    ['bomen', 'openbaar-groen-en-water', 'Vondelstraat'],
  ] as const) {
    ids.push(await storeReport({ main, sub, stadsdeel: 'A', street, number: 1, postcode: '1012JS', text: `Melding aan de ${street}` }));
  }
});
/** Routes reports to a department as a handler does (docs/reference/api.md#private PATCH `routing_departments`). */
async function routeTo(token: string, code: string, reports: number[]) {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const departments = await api<{ results: { id: number; code: string }[] }>('/signals/v1/private/departments/', { headers });
  const department = departments.body.results.find((d) => d.code === code);
  if (!department) throw new Error(`no department ${code}: ${departments.status}`);
  for (const id of reports) {
    const res = await api(`/signals/v1/private/signals/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ routing_departments: [{ id: department.id }] }) });
    if (res.status !== 200) throw new Error(`routing failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

describe('signalering', () => {
  it('counts the open reports per category and per department (routed, else responsible), and each count opens the overview with those reports', async () => {
    const { page, context } = await openAs(browser(), '/manage/signalering', STAFF.coordinator);
    await page.getByRole('heading', { level: 1, name: 'Signalering' }).waitFor();
    // the Bomen report and one Grofvuil report (another department's category) routed to GRN
    await routeTo((await storedToken(page)) ?? '', 'GRN', [ids[3]!, ids[2]!]);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Signalering' }).waitFor();
    const categories = page.getByRole('table', { name: /per subcategorie/ });
    const grofvuil = categories.getByRole('row', { name: /Grofvuil \(Afval\)/ });
    await grofvuil.waitFor();
    // new reports: open, none late yet
    expect((await grofvuil.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['3', '0', '0']);
    const bomen = categories.getByRole('row', { name: /Bomen/ });
    await bomen.waitFor();
    expect((await bomen.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['1', '0', '0']);
    const departments = page.getByRole('table', { name: /per afdeling waarnaar ze gerouteerd zijn/ });
    const grn = departments.getByRole('row', { name: /\(GRN\)/ });
    expect((await grn.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['2', '0', '0']);
    // the two unrouted Grofvuil reports count under their subcategory's responsible department AEG (docs/routing.md)
    const aeg = departments.getByRole('row', { name: /\(AEG\)/ });
    expect((await aeg.getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['2', '0', '0']);
    expect(await departments.getByRole('row').count()).toBe(3); // the header, GRN and AEG

    const weeks = page.getByRole('table', { name: 'Binnengekomen en afgehandelde meldingen per week' });
    const rows = weeks.getByRole('row');
    // the week figures come with their own call: read them once they are there
    await expect.poll(() => rows.count()).toBe(13);
    // this week (the last row): the four reports came in
    expect((await rows.last().getByRole('cell').allInnerTexts()).map((t) => t.trim())).toEqual(['4', '0']);
    await expect.poll(() => page.getByRole('img', { name: /Staafdiagram/ }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/signalering-desktop.png`, fullPage: true });

    await grofvuil.getByRole('link', { name: /^3 meldingen open: Grofvuil/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await waitForCount(page, '3 meldingen');
    await expect.poll(async () => (await tableNumbers(page)).sort()).toEqual(ids.slice(0, 3).map((id) => `SIG-${id}`).sort());
    expect(new URL(page.url()).searchParams.getAll('category_id')).toHaveLength(1);

    // the department's count opens the overview on its 'Afdeling' filter: the two routed reports
    await page.goBack();
    await grn.getByRole('link', { name: /^2 meldingen open:/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    await waitForCount(page, '2 meldingen');
    await expect.poll(async () => (await tableNumbers(page)).sort()).toEqual([ids[2], ids[3]].map((id) => `SIG-${id}`).sort());
    expect(new URL(page.url()).searchParams.getAll('routing_department_code')).toEqual(['GRN']);
    await context.close();
  });

  it('fits a phone, with no axe violations', async () => {
    const { page, context } = await openAs(browser(), '/manage/signalering', STAFF.coordinator, { viewport: PHONE });
    await page.getByRole('table', { name: /per subcategorie/ }).waitFor();
    await page.getByRole('table', { name: /per afdeling/ }).waitFor();
    // every table fits the screen: nothing to scroll sideways, no column cut off
    const regions = page.locator('[role="region"]:has(table)');
    expect(await regions.count()).toBe(3);
    const overflow = await regions.evaluateAll((elements) => elements.map((e) => e.scrollWidth - e.clientWidth));
    expect(overflow).toEqual([0, 0, 0]);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/signalering-phone.png`, fullPage: true });
    await context.close();
  });
});
