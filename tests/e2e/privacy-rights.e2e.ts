/**
 * A reporter's rights (docs/privacy.md), in Chromium: the Beheerder (who holds
 * sia_reporter_rights) finds every report of an e-mail address, exports what is held (JSON:
 * those reports and nothing of others; PDF), erases them after confirming, and sees each
 * action recorded; the API then holds none of them. A coordinator is refused the screen and
 * the API. Axe-clean, at phone and desktop size.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';
import { api, axeViolations, useBrowser } from './support.ts';
import { SCREENSHOTS, STAFF, storedToken } from './staff-support.ts';
import { createReport } from './followup-support.ts';
import { apiAs, openAs } from './manage-incident-support.ts';

const browser = useBrowser();

const PAGE = '/instellingen/rechten-melder';
const SEARCH = '/signals/v1/private/privacy/reporter/search/';

describe('a reporter’s rights', () => {
  it('the Beheerder finds, exports and erases everything of one address, and each action is recorded', async () => {
    const first = await createReport('rechten@example.com');
    const second = await createReport('Rechten@Example.com');
    const other = await createReport('ander@example.com');
    const { page, context } = await openAs(browser(), PAGE, STAFF.beheerder);
    try {
      await page.getByRole('heading', { level: 1, name: 'Rechten van de melder' }).waitFor();
      const form = page.getByRole('search', { name: 'Meldingen van een melder zoeken' });
      // nothing typed: said in words, nothing asked
      await form.getByRole('button', { name: 'Zoeken' }).click();
      await page.getByText('Vul een e-mailadres of een telefoonnummer in.').waitFor();
      await form.getByRole('textbox', { name: 'E-mailadres' }).fill('rechten@example.com');
      await form.getByRole('button', { name: 'Zoeken' }).click();
      await page.getByRole('status').filter({ hasText: '2 meldingen gevonden' }).waitFor();
      const found = page.getByRole('region', { name: 'Gevonden meldingen' }).getByRole('link');
      expect(await found.allInnerTexts()).toEqual([`SIG-${first.id}`, `SIG-${second.id}`]);
      expect(page.url()).not.toContain('example.com');
      expect(await axeViolations(page)).toEqual([]);
      for (const [size, viewport] of Object.entries({ phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } })) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: path.join(SCREENSHOTS, `privacy-rights-${size}.png`), fullPage: true });
      }

      // the export: those reports, nothing of the other reporter
      const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporteer als JSON' }).click()]);
      const exported = JSON.parse(await readFile((await json.path())!, 'utf8')) as { reports: { id: number; reporter: { email: string } }[] };
      expect(exported.reports.map((r) => r.id)).toEqual([first.id, second.id]);
      expect(JSON.stringify(exported)).not.toContain('ander@example.com');
      const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporteer als PDF' }).click()]);
      expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.suggestedFilename()).toMatch(/^inzage-\d{4}-\d\d-\d\d\.pdf$/);

      // erase, after confirming
      await page.getByRole('button', { name: 'Meldingen wissen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Meldingen wissen?' });
      await dialog.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Meldingen wissen' }).click();
      await page.getByText('2 meldingen gewist.').waitFor();
      await page.getByRole('status').filter({ hasText: 'Geen meldingen gevonden.' }).waitFor();
      expect((await apiAs(page, `/signals/v1/private/signals/${first.id}`)).status).toBe(404);
      expect((await apiAs(page, `/signals/v1/private/signals/${second.id}`)).status).toBe(404);
      expect((await apiAs<{ reporter: { email: string } }>(page, `/signals/v1/private/signals/${other.id}`)).body.reporter.email).toBe('ander@example.com');

      // each action recorded: who, what, which reports
      const records = page.getByRole('region', { name: 'Vastgelegde acties' });
      const rows = async () => (await records.locator('tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
      await expect.poll(async () => (await rows()).filter((t) => t.includes('Meldingen gewist')).length).toBe(1);
      const shown = await rows();
      for (const action of ['Meldingen gewist', 'Gegevens geëxporteerd (PDF)', 'Gegevens geëxporteerd (JSON)', 'Meldingen gezocht']) {
        expect(shown.some((t) => t.includes(action) && t.includes(STAFF.beheerder.email) && t.includes(`SIG-${first.id}, SIG-${second.id}`)), action).toBe(true);
      }
      const held = await apiAs<{ results: { action: string; username: string }[] }>(page, '/signals/v1/private/privacy/reporter/requests/');
      // (the screen searched again after erasing: it found nothing)
      expect(held.body.results.slice(0, 5).map((r) => r.action)).toEqual(['search', 'erase', 'export_pdf', 'export_json', 'search']);
    } finally {
      await context.close();
    }
  });

  it('a coordinator is refused the screen and the API', async () => {
    const { page, context } = await openAs(browser(), PAGE, STAFF.coordinator);
    try {
      await page.getByRole('heading', { level: 1, name: 'Geen toegang' }).waitFor();
      await page.getByText('Je hebt niet voldoende rechten om deze actie uit te voeren.').waitFor();
      const refused = await api(SEARCH, {
        method: 'POST',
        headers: { authorization: `Bearer ${await storedToken(page)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'rechten@example.com' }),
      });
      expect(refused.status).toBe(403);
    } finally {
      await context.close();
    }
  });
});
