/** A person on one machine: the development page starts a flow and its outbox list leads to the page. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support.ts';
import { createReport } from './followup-support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('development trigger page', () => {
  it('asks the reporter a question from the page and the link in the outbox opens the reply form', async () => {
    const report = await createReport('persoon@example.com');
    const { page, context } = await newPage(browser);
    await page.goto('/dev/followup');
    const section = page.getByRole('region', { name: new RegExp(`^SIG-${report.id} `) });
    await section.getByLabel('Vraag aan de melder').fill('Is de bank al weggehaald?');
    await section.getByRole('button', { name: 'Vraag om reactie' }).click();
    await page.getByRole('heading', { name: 'Mail verstuurd' }).waitFor();
    await page.getByRole('link', { name: 'Terug' }).click();

    const mail = page.locator('article.mail', { hasText: 'persoon@example.com' }).first();
    await expect(mail.getByText('Is de bank al weggehaald?').isVisible()).resolves.toBe(true);
    await mail.getByRole('link', { name: /\/incident\/reactie\// }).click();
    await page.getByRole('heading', { level: 1, name: 'Aanvullende informatie' }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Is de bank al weggehaald?' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});
