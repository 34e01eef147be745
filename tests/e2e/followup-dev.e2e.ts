/** A person on one machine: the development page starts a flow and its outbox list leads to the page. */

import { describe, expect, it } from 'vitest';
import { newPage, useBrowser } from './support.ts';
import { createReport } from './followup-support.ts';

const browser = useBrowser();

describe('development trigger page', () => {
  it('asks the reporter a question from the page and the link in the outbox opens the reply form', async () => {
    const report = await createReport('persoon@example.com');
    const { page, context } = await newPage(browser());
    await page.goto('/dev/followup');
    const section = page.getByRole('region', { name: new RegExp(`^SIG-${report.id} `) });
    await section.getByLabel('Vraag aan de melder').fill('Is de bank al weggehaald?');
    await section.getByRole('button', { name: 'Vraag om reactie' }).click();
    await page.getByRole('heading', { name: 'Mail verstuurd' }).waitFor();
    await page.getByRole('link', { name: 'Terug' }).click();

    // the click loads the page with the outbox: wait for it (a check at once looks at the page before)
    const mail = page.locator('article.mail', { hasText: 'persoon@example.com' }).first();
    await mail.getByText('Is de bank al weggehaald?').waitFor();
    await mail.getByRole('link', { name: /\/incident\/reactie\// }).click();
    await page.getByRole('heading', { level: 1, name: 'Aanvullende informatie' }).waitFor();
    await expect(page.getByRole('textbox', { name: 'Is de bank al weggehaald?' }).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('has the reporter confirm a new e-mail address, then sends the survey, each completed from the link', async () => {
    const report = await createReport('persoon2@example.com');
    const { page, context } = await newPage(browser());
    const section = () => page.getByRole('region', { name: new RegExp(`^SIG-${report.id} `) });

    await page.goto('/dev/followup');
    await section().getByLabel('Nieuw e-mailadres').fill('persoon2-nieuw@example.com');
    await section().getByRole('button', { name: 'Laat e-mailadres bevestigen' }).click();
    await page.getByRole('heading', { name: 'Mail verstuurd' }).waitFor();
    await page.getByRole('link', { name: /\/verify_email\// }).click();
    await page.getByRole('heading', { level: 1, name: 'E-mailadres bevestigd' }).waitFor();

    await page.goto('/dev/followup');
    await section().getByRole('button', { name: 'Handel af en vraag om tevredenheid' }).click();
    await page.getByRole('heading', { name: 'Mail verstuurd' }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: /\/kto\/(satisfied|not_satisfied|not_received)\// }).count()).toBe(3);
    await page.getByRole('link', { name: /\/kto\/not_received\// }).click();
    await page.getByRole('heading', { level: 1, name: 'Uw mening over de afhandeling' }).waitFor();
    await page.getByRole('checkbox', { name: 'Ik heb geen bericht over de afhandeling gekregen' }).check();
    await page.getByRole('button', { name: 'Verstuur' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bedankt voor uw reactie' }).waitFor();
    await context.close();
  });
});
