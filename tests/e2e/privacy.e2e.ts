/**
 * The privacy officer's section (issue 36, docs/privacy.md), in Chromium: a staff member with
 * sia_privacy_officer (the Beheerder role) opens Instellingen → Privacy and sees this
 * municipality's retention figures and the dry run, axe-clean at phone and desktop size; a
 * coordinator (no such right) is refused with spec §8's text and the API refuses the call too.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, axeViolations, launchBrowser, newPage } from './support.ts';
import { SCREENSHOTS, signIn, STAFF, storedToken } from './staff-support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
const RETENTION = '/signals/v1/private/privacy/retention/';

async function withPage<T>(viewport: { width: number; height: number }, run: (page: Page) => Promise<T>): Promise<T> {
  const { context, page } = await newPage(browser, { viewport });
  try {
    return await run(page);
  } finally {
    await context.close();
  }
}

async function signedIn(page: Page, account: { email: string; password: string }, to: string) {
  await page.goto(to);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).waitFor();
  await signIn(page, account);
}

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

describe('privacy settings', () => {
  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`the privacy officer sees the retention figures and the dry run (${size})`, async () => {
      await withPage(viewport, async (page) => {
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
    await withPage(SIZES.desktop, async (page) => {
      await signedIn(page, STAFF.coordinator, '/instellingen/privacy');
      await h1(page, 'Geen toegang').waitFor();
      await page.getByText('Je hebt niet voldoende rechten om deze actie uit te voeren.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      const refused = await api(RETENTION, { headers: { authorization: `Bearer ${await storedToken(page)}` } });
      expect(refused.status).toBe(403);
    });
  });
});
