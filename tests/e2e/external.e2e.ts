/**
 * The external party's page in Chromium (docs/my-incidents.md, enableForwardIncidentToExternal): a
 * handler forwards a report ('forward to external' with email_override); the party opens
 * the personal link from the outbox, sees the report without the reporter's contact
 * details, answers with a text and a photo, and the report is 'Extern: verzoek tot
 * afhandeling' with the answer in its history; the link then says it was used. Flag off →
 * not-found page; an unknown link; desktop and phone; axe on every screen.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, axeViolations, useBrowser } from './support.ts';
import { DESKTOP, PHONE, lastMailTo, withFlags } from './public-map-support.ts';
import { attachPhoto, createReport, pngImage } from './followup-support.ts';
import { openAs, SCREENSHOTS, STAFF, storedToken } from './staff-support.ts';

const ON = { enableForwardIncidentToExternal: true };
const PARTY = 'aannemer@example.com';
const browser = useBrowser();
let token = '';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** Forwards a new report (with a photo) to the party as the handler; returns the report and the link's path. */
async function forwardNewReport(reporter: string, request: string) {
  const report = await createReport(reporter);
  await attachPhoto(report.signal_id, 'voor.png', 40);
  const res = await api(`/signals/v1/private/signals/${report.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ status: { state: 'forward to external', text: request, email_override: PARTY, send_email: true } }),
  });
  if (res.status !== 200) throw new Error(`forward failed: ${res.status} ${JSON.stringify(res.body)}`);
  const mail = await lastMailTo(PARTY);
  const link = mail?.text.match(/https?:\/\/\S+\/incident\/extern\/[A-Za-z0-9_-]{43}/)?.[0];
  if (!link) throw new Error(`no link mailed to ${PARTY}`);
  return { report, path: new URL(link).pathname };
}

beforeAll(async () => {
  const { context, page } = await openAs(browser(), '/manage', STAFF.behandelaar);
  token = (await storedToken(page)) ?? '';
  await context.close();
  if (!token) throw new Error('no staff token');
}, 120_000);

describe('/incident/extern/{token}', () => {
  it('is the not-found page with its flag off', async () => {
    const { path: link } = await forwardNewReport('uit@example.com', 'Wilt u kijken?');
    await withFlags(browser(), {}, DESKTOP, async (page) => {
      await page.goto(link);
      await heading(page, 'Pagina niet gevonden').waitFor();
      expect(await page.content()).not.toContain('Wilt u kijken?');
    });
  });

  it('shows the report without the reporter, takes the answer with a photo, and the report moves on (desktop)', async () => {
    const { report, path: link } = await forwardNewReport('melder-extern@example.com', 'Wilt u de bank weghalen?');
    await withFlags(browser(), ON, DESKTOP, async (page) => {
      await page.goto(link);
      await heading(page, 'Verzoek tot afhandeling').waitFor();
      await page.getByText('Wilt u de bank weghalen?').waitFor();
      await page.getByText(`SIG-${report.id}`, { exact: true }).waitFor();
      await page.getByText('Er staat een kapotte bank in het park').waitFor();
      await page.getByText('Dam 1 1012JS Amsterdam').waitFor();
      await page.getByRole('region', { name: /^Kaart\./ }).waitFor();
      expect(await page.content()).not.toContain('melder-extern@example.com');
      // the photo of the report opens in the lightbox by keyboard
      await page.getByRole('button', { name: 'Foto 1 van de melding vergroten' }).press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Foto bekijken' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Sluiten' }).press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'external-desktop.png'), fullPage: true });

      // the answer is required
      await page.getByRole('button', { name: 'Verstuur' }).click();
      await page.getByText('Dit is een verplicht veld').first().waitFor();
      await page.getByRole('textbox', { name: 'Wat hebt u gedaan?' }).fill('De bank is weggehaald en afgevoerd.');
      const dir = mkdtempSync(path.join(tmpdir(), 'extern-photo-'));
      const photo = path.join(dir, 'na.png');
      writeFileSync(photo, pngImage(64, 120));
      await page.getByLabel(/^Foto's/).setInputFiles(photo);
      await page.getByRole('button', { name: 'Verwijder foto na.png' }).waitFor();
      await page.getByRole('button', { name: 'Verstuur' }).click();
      await heading(page, 'Bedankt voor uw reactie').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // the report moved on, with the answer in its history and the photo on the report
      const detail = await api<{ status: { state: string } }>(`/signals/v1/private/signals/${report.id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(detail.body.status.state).toBe('closure requested');
      const history = await api<{ what: string; description: string | null; who: string }[]>(`/signals/v1/private/signals/${report.id}/history`, { headers: { authorization: `Bearer ${token}` } });
      expect(history.body.find((h) => h.description === 'De bank is weggehaald en afgevoerd.')).toMatchObject({ what: 'UPDATE_STATUS', who: 'Signalen systeem' });
      const files = await api<{ count: number }>(`/signals/v1/private/signals/${report.id}/attachments/`, { headers: { authorization: `Bearer ${token}` } });
      expect(files.body.count).toBe(2);

      // the same link again: used
      await page.reload();
      await heading(page, 'U hebt al gereageerd').waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('works at phone size, and an unknown link says so', async () => {
    const { path: link } = await forwardNewReport('telefoon@example.com', 'Graag vandaag nog.');
    await withFlags(browser(), ON, PHONE, async (page) => {
      await page.goto(link);
      await heading(page, 'Verzoek tot afhandeling').waitFor();
      await page.getByRole('region', { name: /^Kaart\./ }).waitFor();
      // nothing sticks out sideways at 390 px
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'external-phone.png'), fullPage: true });

      await page.goto(`/incident/extern/${'a'.repeat(43)}`);
      await heading(page, 'Deze link kennen wij niet').waitFor();
      // nothing was sent on this page: it does not say so as if something had been
      await page.getByText('Controleer of u de hele link uit de e-mail hebt geopend. Werkt de link niet, neem dan contact op met de gemeente.').waitFor();
      expect(await page.getByText(/niets verstuurd/).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
