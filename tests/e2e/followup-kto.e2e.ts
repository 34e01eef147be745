/** The satisfaction survey in Chromium, from the links in the outbox: each indication, answered once. */

import { describe, expect, it } from 'vitest';
import { axeViolations, newPage, useBrowser } from './support.ts';
import { createReport, outboxLink, trigger } from './followup-support.ts';

const browser = useBrowser();

async function surveyLink(email: string, kind: 'satisfied' | 'not_satisfied' | 'not_received') {
  const report = await createReport(email);
  await trigger('feedback', { signal_id: report.signal_id });
  return { report, link: await outboxLink(email, new RegExp(`http://[^\\s"<]+/kto/${kind}/[0-9a-f-]{36}`)) };
}

describe('satisfaction survey page', () => {
  it('takes the answer of a satisfied reporter once', async () => {
    const { report, link } = await surveyLink('tevreden@example.com', 'satisfied');
    const { page, context } = await newPage(browser());
    await page.goto(new URL(link).pathname);
    await page.getByRole('heading', { level: 1, name: 'Uw mening over de afhandeling' }).waitFor();
    await expect(page.getByText(`tevreden bent over de afhandeling van uw melding SIG-${report.id}`, { exact: false }).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('checkbox', { name: 'Het ging snel' }).check();
    await page.getByRole('textbox', { name: /Wilt u nog iets anders kwijt/ }).fill('Netjes opgelost.');
    await page.getByRole('checkbox', { name: 'Ja, u mag contact met mij opnemen over mijn reactie' }).check();
    await page.getByRole('button', { name: 'Verstuur' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bedankt voor uw reactie' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'U hebt uw mening al gegeven' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('asks an unhappy reporter what went wrong, and wants a choice or a text', async () => {
    const { link } = await surveyLink('ontevreden@example.com', 'not_satisfied');
    const { page, context } = await newPage(browser());
    await page.goto(new URL(link).pathname);
    await page.getByRole('group', { name: /Wat ging er niet goed\?/ }).waitFor();
    await page.getByRole('button', { name: 'Verstuur' }).click();
    await page.getByText('Kies minstens één antwoord of vul een toelichting in.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('checkbox', { name: 'Het probleem is niet opgelost' }).check();
    await page.getByRole('button', { name: 'Verstuur' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bedankt voor uw reactie' }).waitFor();
    await page.getByText('Omdat het probleem volgens u nog niet is opgelost, kijken wij opnieuw naar uw melding.').waitFor();
    await context.close();
  });

  it('asks a reporter who noticed nothing what happened', async () => {
    const { link } = await surveyLink('niets@example.com', 'not_received');
    const { page, context } = await newPage(browser());
    await page.goto(new URL(link).pathname);
    await page.getByRole('group', { name: /Wat is er aan de hand\?/ }).waitFor();
    await page.getByRole('checkbox', { name: 'Ik heb geen bericht over de afhandeling gekregen' }).check();
    await page.getByRole('button', { name: 'Verstuur' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bedankt voor uw reactie' }).waitFor();
    await context.close();
  });

  it('says the link expired after the 14 days', async () => {
    const { link } = await surveyLink('laat@example.com', 'not_satisfied');
    await trigger('expire', { uuid: link.split('/').pop()! });
    const { page, context } = await newPage(browser());
    await page.goto(new URL(link).pathname);
    await page.getByRole('heading', { level: 1, name: 'Deze link is verlopen' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('calls a link to an unknown survey invalid', async () => {
    const { page, context } = await newPage(browser());
    await page.goto('/kto/satisfied/0f5d6a52-8a8c-4b7e-9f55-1d1c3b7a9e01');
    await page.getByRole('heading', { level: 1, name: 'Link ongeldig' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows a loading state, then an error with a global notification when the server fails', async () => {
    const { link } = await surveyLink('storing@example.com', 'satisfied');
    const { page, context } = await newPage(browser());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/signals\/v1\/public\/feedback\/forms\/[0-9a-f-]{36}$/, async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'Er is een serverfout opgetreden.' }) });
    });
    await page.goto(new URL(link).pathname);
    await page.getByRole('status').filter({ hasText: 'Bezig met laden…' }).waitFor();
    release();
    await page.getByRole('heading', { level: 1, name: 'Er is iets misgegaan' }).waitFor();
    await expect.poll(() => page.getByText('Probeer het later nog eens.').count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
