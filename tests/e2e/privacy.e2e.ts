/**
 * The privacy officer's section (docs/privacy.md), in Chromium: a staff member with
 * sia_privacy_officer (the Beheerder role) opens Instellingen → Privacy and sees this
 * municipality's retention figures and the dry run, axe-clean at phone and desktop size; a
 * coordinator (no such right) is refused with docs/reference/texts.md#errors's text and the API refuses the call too.
 * Who saw whose data: a handler opens a report with the reporter's contact details; the
 * privacy officer finds that showing in the access log, per report and per staff member;
 * the coordinator is refused that screen and its API.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, axeViolations, useBrowser } from './support.ts';
import { SCREENSHOTS, signedIn, STAFF, storedToken, withViewport } from './staff-support.ts';
import { createReport } from './followup-support.ts';
import { apiAs, openAs, openReportAs } from './manage-incident-support.ts';

const browser = useBrowser();

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const RETENTION = '/signals/v1/private/privacy/retention/';
const ACCESS = '/signals/v1/private/privacy/contact-access/';

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

describe('privacy settings', () => {
  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`the privacy officer sees the retention figures and the dry run (${size})`, async () => {
      await withViewport(browser(), viewport, async (page) => {
        await signedIn(page, STAFF.beheerder, '/instellingen/');
        await h1(page, 'Instellingen').waitFor();
        await page.getByRole('navigation', { name: 'Instellingen' }).getByRole('link', { name: 'Privacy' }).click();
        await h1(page, 'Privacy').waitFor();
        await page.getByRole('heading', { level: 2, name: 'Bewaartermijnen' }).waitFor();
        const facts = page.getByRole('main').locator('dl');
        await expect.poll(() => facts.innerText()).toContain('365 dagen na de eindstatus geanonimiseerd');
        expect(await facts.innerText()).toMatch(/Meldingen met status Geannuleerd\s+Na 1 jaar verwijderd/);
        await page.getByRole('heading', { level: 2, name: 'Proefrun' }).waitFor();
        await page.getByRole('heading', { level: 2, name: 'Verwijderde meldingen' }).waitFor();
        // what the screen shows is what the API holds
        const held = await api<{ contact_days: number; dry_run: unknown[] }>(RETENTION, { headers: { authorization: `Bearer ${await storedToken(page)}` } });
        expect(held.status).toBe(200);
        expect(held.body.contact_days).toBe(365);
        if (held.body.dry_run.length === 0) await page.getByText('De bewaartaak heeft nu niets te doen.').waitFor();
        else await page.getByRole('table').first().waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(SCREENSHOTS, `privacy-${size}.png`), fullPage: true });
      });
    });
  }

  it('a coordinator is refused the section and the API', async () => {
    await withViewport(browser(), SIZES.desktop, async (page) => {
      await signedIn(page, STAFF.coordinator, '/instellingen/privacy');
      await h1(page, 'Geen toegang').waitFor();
      await page.getByText('Je hebt niet voldoende rechten om deze actie uit te voeren.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      const refused = await api(RETENTION, { headers: { authorization: `Bearer ${await storedToken(page)}` } });
      expect(refused.status).toBe(403);
    });
  });

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`a handler sees a reporter’s contact details; the privacy officer finds that in the access log (${size})`, async () => {
      const email = `inzage-${size}@example.com`;
      const earlier = await createReport(email);
      const report = await createReport(email);
      const handler = await openReportAs(browser(), report.id, STAFF.behandelaar, { viewport });
      await handler.page.getByText(email).first().waitFor();
      // the 'Melder' panel shows the reporter's other reports too
      await handler.page.getByRole('heading', { level: 3, name: 'Andere meldingen van deze melder' }).waitFor();
      await handler.page.getByRole('region', { name: 'Melder' }).getByRole('link', { name: `SIG-${earlier.id}` }).waitFor();
      await handler.context.close();

      const officer = await openAs(browser(), '/instellingen/privacy', STAFF.beheerder, { viewport });
      const page = officer.page;
      try {
        await h1(page, 'Privacy').waitFor();
        await page.getByRole('link', { name: 'Wie zag welke contactgegevens van melders' }).click();
        await h1(page, 'Wie zag welke gegevens').waitFor();
        const search = page.getByRole('search', { name: 'Inzage zoeken' });
        // a number that is none is refused in words, and nothing is asked of the API
        await search.getByRole('textbox', { name: 'Meldingnummer' }).fill('SIG-x');
        await search.getByRole('button', { name: 'Tonen' }).click();
        await page.getByText('Vul een meldingnummer in, bijvoorbeeld 123 of SIG-123.').waitFor();
        await search.getByRole('textbox', { name: 'Meldingnummer' }).fill(`SIG-${report.id}`);
        await search.getByRole('button', { name: 'Tonen' }).click();
        await page.waitForURL((url) => url.searchParams.get('signal_id') === String(report.id));
        const rows = page.getByRole('table').locator('tbody tr');
        const held = await apiAs<{ count: number; results: { username: string; via: string }[] }>(page, `${ACCESS}?signal_id=${report.id}`);
        expect(held.status).toBe(200);
        expect(held.body.results).toEqual(expect.arrayContaining([expect.objectContaining({ username: STAFF.behandelaar.email, via: 'detail' })]));
        // the screen shows this report's entries (and only those), as the API holds them
        const texts = async () => (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
        await expect.poll(async () => (await texts()).filter((t) => t.includes(`SIG-${report.id}`)).length).toBe(held.body.count);
        const shown = await texts();
        expect(shown).toHaveLength(held.body.count);
        await page.getByRole('status').filter({ hasText: `${held.body.count} keer ingezien` }).waitFor();
        expect(shown.some((t) => t.includes(STAFF.behandelaar.email) && t.includes('Detail van de melding'))).toBe(true);
        expect(shown.some((t) => t.includes(STAFF.behandelaar.email) && t.includes('Andere meldingen van de melder'))).toBe(true);
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(SCREENSHOTS, `privacy-access-${size}.png`), fullPage: true });

        // per staff member: the handler's showings, this report's among them
        await search.getByRole('textbox', { name: 'Meldingnummer' }).fill('');
        await search.getByRole('textbox', { name: 'Medewerker (e-mailadres)' }).fill(STAFF.behandelaar.email);
        await search.getByRole('button', { name: 'Tonen' }).click();
        await page.waitForURL((url) => url.searchParams.get('username') === STAFF.behandelaar.email && !url.searchParams.has('signal_id'));
        await page.getByRole('table').getByRole('link', { name: `SIG-${report.id}` }).first().waitFor();
        const perStaff = await apiAs<{ results: { username: string }[] }>(page, `${ACCESS}?username=${encodeURIComponent(STAFF.behandelaar.email)}`);
        expect(new Set(perStaff.body.results.map((r) => r.username))).toEqual(new Set([STAFF.behandelaar.email]));
      } finally {
        await officer.context.close();
      }
    });
  }

  it('a coordinator is refused the access log and its API', async () => {
    await withViewport(browser(), SIZES.desktop, async (page) => {
      await signedIn(page, STAFF.coordinator, '/instellingen/privacy/inzage');
      await h1(page, 'Geen toegang').waitFor();
      await page.getByText('Je hebt niet voldoende rechten om deze actie uit te voeren.').waitFor();
      const refused = await api(ACCESS, { headers: { authorization: `Bearer ${await storedToken(page)}` } });
      expect(refused.status).toBe(403);
    });
  });

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`a resident reads on the privacy page how long the data is kept (${size})`, async () => {
      await withViewport(browser(), viewport, async (page) => {
        await page.goto('/toegankelijkheidsverklaring');
        await h1(page, 'Toegankelijkheid').waitFor();
        await page.getByText('Uw e-mailadres en telefoonnummer bewaren we tot 365 dagen nadat uw melding is afgerond.').waitFor();
        await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
        await h1(page, 'Privacy').waitFor();
        await page.getByRole('heading', { level: 2, name: 'Hoe lang bewaren we uw gegevens?' }).waitFor();
        await page.getByText('E-mails die we u over uw melding sturen, bewaren we 365 dagen.').waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await page.screenshot({ path: path.join(SCREENSHOTS, `privacy-page-${size}.png`), fullPage: true });
      });
    });
  }
});
