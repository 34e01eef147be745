/** /verify_email/{token} in Chromium, from the link in the outbox: confirmed, then invalid on reuse. */

import { describe, expect, it } from 'vitest';
import { axeViolations, newPage, useBrowser } from './support.ts';
import { createReport, outboxLink, trigger } from './followup-support.ts';

const browser = useBrowser();

describe('e-mail verification page', () => {
  it('confirms the new address from the mail, says so again when the link is opened twice, and calls an unknown link invalid', async () => {
    const report = await createReport('oud@example.com');
    await trigger('verify-email', { signal_id: report.signal_id, email: 'nieuw-adres@example.com' });
    const link = await outboxLink('nieuw-adres@example.com', /http:\/\/[^\s"<]+\/verify_email\/[0-9a-f]+/);
    const { page, context } = await newPage(browser());
    await page.goto(new URL(link).pathname);
    await page.getByRole('heading', { level: 1, name: 'E-mailadres bevestigd' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // the confirmation went to the new address
    await outboxLink('nieuw-adres@example.com', /is gewijzigd|bevestigd/);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'E-mailadres al bevestigd' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/verify_email/0123456789abcdef0123456789abcdef');
    await page.getByRole('heading', { level: 1, name: 'Link ongeldig' }).waitFor();
    await expect(page.getByText('Deze link is verlopen of ongeldig.').isVisible()).resolves.toBe(true);
    await expect(page.getByText(/Wilt u een nieuwe link ontvangen\? Bel dan .+, maandag tot en met vrijdag van 08\.00 tot 18\.00 uur\./).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Doe een melding' }).click();
    await page.waitForURL('**/incident/beschrijf');
    await context.close();
  });

  it('calls an unknown token invalid', async () => {
    const { page, context } = await newPage(browser());
    await page.goto('/verify_email/bestaat-niet');
    await page.getByRole('heading', { level: 1, name: 'Link ongeldig' }).waitFor();
    await context.close();
  });

  it('says the address is being confirmed while the server answers', async () => {
    const report = await createReport('wacht@example.com');
    await trigger('verify-email', { signal_id: report.signal_id, email: 'wacht-nieuw@example.com' });
    const link = await outboxLink('wacht-nieuw@example.com', /http:\/\/[^\s"<]+\/verify_email\/[0-9a-f]+/);
    const { page, context } = await newPage(browser());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/signals/v1/public/reporter/verify-email', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(new URL(link).pathname);
    await page.getByRole('status').filter({ hasText: 'Uw e-mailadres wordt bevestigd…' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    release();
    await page.getByRole('heading', { level: 1, name: 'E-mailadres bevestigd' }).waitFor();
    await context.close();
  });
});
