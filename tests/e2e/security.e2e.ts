/**
 * docs/security.md in Chromium (docs/security.md): a staff-only attachment is shown to a handler of the
 * report's department and to nobody else, never by its /signals/media URL; two handlers saving
 * the same field of one report: the second is told a colleague changed it first and sees the new
 * value, and the API holds the first handler's change.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, useBrowser } from './support.ts';
import { type Account, openAs, SCREENSHOTS, STAFF, storedToken } from './staff-support.ts';
import { createReport, pngImage } from './followup-support.ts';
import { apiAs, DESKTOP, PHONE, openReportAs } from './manage-incident-support.ts';

const browser = useBrowser();

const openReport = (id: number, account: Account, viewport: { width: number; height: number } = DESKTOP) => openReportAs(browser(), id, account, { viewport });

/** The facts of the report's 'Gegevens' list, as a person reads them. */
async function facts(page: Page): Promise<Record<string, string>> {
  const region = page.getByRole('region', { name: 'Gegevens' });
  const terms = await region.locator('dt').allInnerTexts();
  const values = await region.locator('dd').allInnerTexts();
  return Object.fromEntries(terms.map((t, i) => [t, values[i]!]));
}

describe('staff-only attachments', () => {
  it('a handler of the report’s department sees the staff-only photo; another department, a visitor and /signals/media do not', async () => {
    const report = await createReport('intern@example.com');
    const { page, context } = await openReport(report.id, STAFF.behandelaar);
    // the handler adds a photo (staff uploads are staff-only)
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pngImage(64, 200))], { type: 'image/png' }), 'intern.png');
    const uploaded = await fetch(new URL(`/signals/v1/private/signals/${report.id}/attachments/`, baseUrl()), { method: 'POST', body: form, headers: { authorization: `Bearer ${await storedToken(page)}` } });
    expect(uploaded.status).toBe(201);
    const attachment = (await uploaded.json()) as { public: boolean; location: string };
    expect(attachment.public).toBe(false);

    // on the report's page, drawn from the file the private route gave (the image decodes)
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Melding SIG-${report.id}` }).waitFor();
    const photos = page.getByRole('region', { name: 'Foto’s' });
    const thumbnail = photos.getByRole('button').first().locator('img');
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    expect(await thumbnail.getAttribute('src')).toMatch(/^blob:/);
    // the document of the back office sends no Referer anywhere
    const document = await fetch(new URL(`/manage/incident/${report.id}`, baseUrl()));
    expect(document.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}/staff-only-photo-desktop.png` });

    // a reader of another department (GRN): the report and the file are refused
    const lezer = await openAs(browser(), `/manage/incident/${report.id}`, STAFF.lezer);
    expect((await apiAs(lezer.page, `/signals/v1/private/signals/${report.id}`)).status).toBe(403);
    const fileUrl = new URL(attachment.location).pathname;
    const status = async (pathname: string, token?: string | null) => (await fetch(new URL(pathname, baseUrl()), { headers: token ? { authorization: `Bearer ${token}` } : {} })).status;
    expect(await status(fileUrl, await storedToken(page))).toBe(200);
    expect(await status(fileUrl, await storedToken(lezer.page))).toBe(403);
    // nobody signed in
    expect(await status(fileUrl)).toBe(401);
    // its address in the public store: made public for a moment to learn it, staff-only again it is a 404
    const id = fileUrl.split('/').at(-2);
    const opened = await apiAs<{ location: string }>(page, `/signals/v1/private/signals/${report.id}/attachments/${id}`, { method: 'PATCH', body: { public: true } });
    const mediaUrl = new URL(opened.body.location).pathname;
    expect(mediaUrl).toMatch(/^\/signals\/media\//);
    expect(await status(mediaUrl)).toBe(200);
    expect((await apiAs(page, `/signals/v1/private/signals/${report.id}/attachments/${id}`, { method: 'PATCH', body: { public: false } })).status).toBe(200);
    expect(await status(mediaUrl)).toBe(404);
    await lezer.context.close();
    await context.close();
  });
});

describe('two staff, one report', () => {
  it('the second handler saving the same field is told a colleague changed it and sees the new value; the API keeps the first change', async () => {
    const report = await createReport('tweehandlers@example.com');
    const first = await openReport(report.id, STAFF.behandelaar);
    const second = await openReport(report.id, STAFF.coordinator);
    expect((await facts(first.page)).Urgentie).toBe('Normaal');
    expect((await facts(second.page)).Urgentie).toBe('Normaal');

    const change = async (page: Page, choice: string) => {
      await page.getByRole('button', { name: 'Urgentie wijzigen', exact: true }).click();
      const form = page.getByRole('form', { name: 'Urgentie wijzigen' });
      await form.getByRole('combobox', { name: 'Urgentie' }).selectOption({ label: choice });
      await form.getByRole('button', { name: 'Opslaan' }).click();
      return form;
    };

    // the first handler saves 'Hoog'
    await change(first.page, 'Hoog');
    await first.page.getByText('De wijziging is opgeslagen.').waitFor();
    await expect.poll(async () => (await facts(first.page)).Urgentie).toBe('Hoog');

    // the second, on the page loaded before, saves 'Laag': refused, told why, shown the new value
    const form = await change(second.page, 'Laag');
    await second.page.getByText(/Deze melding is intussen gewijzigd door een collega\./).waitFor();
    await expect.poll(async () => (await facts(second.page)).Urgentie).toBe('Hoog');
    expect(await axeViolations(second.page)).toEqual([]);
    await second.page.screenshot({ path: `${SCREENSHOTS}/stale-save-desktop.png` });
    await second.page.setViewportSize(PHONE);
    await second.page.getByText(/Deze melding is intussen gewijzigd door een collega\./).scrollIntoViewIfNeeded();
    await second.page.screenshot({ path: `${SCREENSHOTS}/stale-save-phone.png` });
    await second.page.setViewportSize(DESKTOP);

    // the API holds the first handler's change
    const held = await apiAs<{ priority: { priority: string } }>(first.page, `/signals/v1/private/signals/${report.id}`);
    expect(held.body.priority.priority).toBe('high');

    // saving again, now from the new values, goes through
    await form.getByRole('combobox', { name: 'Urgentie' }).selectOption({ label: 'Laag' });
    await form.getByRole('button', { name: 'Opslaan' }).click();
    await second.page.getByText('De wijziging is opgeslagen.').waitFor();
    expect((await apiAs<{ priority: { priority: string } }>(first.page, `/signals/v1/private/signals/${report.id}`)).body.priority.priority).toBe('low');
    await first.context.close();
    await second.context.close();
  });
});
