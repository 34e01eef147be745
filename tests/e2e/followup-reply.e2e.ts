/**
 * The reply page in Chromium, reached from the link in the outbox: every state of
 * the follow-up catalogue (docs/reference/texts.md#errors), the lightbox by keyboard, and axe on each.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, axeViolations, DESKTOP, newPage, PHONE_CONTEXT, useBrowser } from './support.ts';
import { SCREENSHOTS } from './staff-support.ts';
import { attachPhoto, createReport, outboxLink, pngImage, trigger } from './followup-support.ts';

const REPLY_LINK = /http:\/\/[^\s"<]+\/incident\/reactie\/[0-9a-f-]{36}/;
const browser = useBrowser();

async function replyRequest(email: string, question: string) {
  const report = await createReport(email);
  await trigger('reaction-request', { signal_id: report.signal_id, question });
  return { report, link: await outboxLink(email, REPLY_LINK) };
}

async function open(link: string): Promise<Page> {
  const { page } = await newPage(browser());
  await page.goto(new URL(link).pathname);
  return page;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe('reply page', () => {
  it('shows the report and the question, takes the answer with a photo, and thanks the reporter', async () => {
    const { report, link } = await replyRequest('reactie@example.com', 'Staat de bank er nog?');
    const stored = await api<{ created_at: string }>(`/signals/v1/public/signals/${report.signal_id}`);
    const reportedOn = new Intl.DateTimeFormat('nl-NL', { day: '2-digit', month: 'long', timeZone: 'Europe/Amsterdam' }).format(new Date(stored.body.created_at));

    // loading: the session call is held until the loading state has been seen
    const { page } = await newPage(browser());
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const sessionCall = /\/signals\/v1\/public\/qa\/sessions\/[0-9a-f-]{36}$/;
    await page.route(sessionCall, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(new URL(link).pathname);
    await page.getByRole('status').filter({ hasText: 'Bezig met laden…' }).waitFor();
    release();
    await heading(page, 'Aanvullende informatie').waitFor();
    await page.unroute(sessionCall);
    await page.getByRole('heading', { level: 2, name: 'Uw melding' }).waitFor();
    await expect(page.getByText(`SIG-${report.id}`, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('Gemeld op:').isVisible()).resolves.toBe(true);
    await expect(page.getByText(reportedOn, { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('region', { name: 'Uw omschrijving' }).getByText('Er staat een kapotte bank in het park').isVisible()).resolves.toBe(true);
    await page.getByRole('region', { name: /^Kaart\./ }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // the report's facts, photos and map (ReportFacts, shared with the external party's page): desktop and phone
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'reply-desktop.png'), fullPage: true });
    await page.setViewportSize(PHONE_CONTEXT.viewport);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'reply-phone.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);

    await page.getByRole('textbox', { name: 'Staat de bank er nog?' }).fill('Ja, hij staat er nog en is nog steeds kapot.');
    const dir = mkdtempSync(path.join(tmpdir(), 'reply-photo-'));
    const photo = path.join(dir, 'bank.png');
    writeFileSync(photo, pngImage(64, 40));
    await page.getByLabel("Foto's toevoegen").setInputFiles(photo);
    await page.getByRole('button', { name: 'Verwijder foto bank.png' }).waitFor();
    await page.getByRole('button', { name: 'Verstuur' }).click();

    await heading(page, 'Bedankt').waitFor();
    await expect(page.getByText('Bedankt voor het invullen van het actieformulier. Uw informatie helpt ons bij het verwerken van de melding.').isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    // the same link again: answered before
    await page.reload();
    await heading(page, 'U hebt onze vragen al eerder beantwoord').waitFor();
    await expect(page.getByText('Wij bedanken u nogmaals voor de extra informatie die u ons hebt gegeven.').isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('asks for the answer first when Verstuur is pressed on an empty form', async () => {
    const { link } = await replyRequest('leeg@example.com', 'Wat is er precies kapot?');
    const page = await open(link);
    await page.getByRole('button', { name: 'Verstuur' }).click();
    await page.getByText('U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.').waitFor();
    await expect(page.getByText('Dit is een verplicht veld').first().isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("opens the report's photos in a lightbox that works by keyboard", async () => {
    const report = await createReport('fotos@example.com');
    await attachPhoto(report.signal_id, 'voorkant.png', 10);
    await attachPhoto(report.signal_id, 'achterkant.png', 120);
    await trigger('reaction-request', { signal_id: report.signal_id, question: 'Welke kant is beschadigd?' });
    const page = await open(await outboxLink('fotos@example.com', REPLY_LINK));
    const first = page.getByRole('button', { name: 'Foto voorkant.png vergroten' });
    await first.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Foto bekijken' });
    await dialog.getByText('voorkant.png').waitFor();
    await expect(dialog.getByText(/^\d\d-\d\d-\d{4} \d\d:\d\d$/).isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('ArrowRight');
    await dialog.getByText('achterkant.png').waitFor();
    await page.keyboard.press('ArrowLeft');
    await dialog.getByText('voorkant.png').waitFor();
    await dialog.getByRole('button', { name: 'Sluiten' }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('says the link has lapsed once the report is closed', async () => {
    const { report, link } = await replyRequest('gesloten@example.com', 'Is het al opgeruimd?');
    await trigger('feedback', { signal_id: report.signal_id });
    const page = await open(link);
    await heading(page, 'U kunt niet meer reageren op onze vragen').waitFor();
    await expect(page.getByText('Deze link is vervallen, de melding is inmiddels afgehandeld').isVisible()).resolves.toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('says the link has lapsed after the days to answer', async () => {
    const { link } = await replyRequest('verlopen@example.com', 'Ligt het er nog?');
    await trigger('expire', { uuid: link.split('/').pop()! });
    const page = await open(link);
    await heading(page, 'U kunt niet meer reageren op onze vragen').waitFor();
    await expect(page.getByText('Deze link is vervallen, de melding is inmiddels afgehandeld').isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('says the question was replaced when a newer question was sent', async () => {
    const { report, link } = await replyRequest('nieuwer@example.com', 'Eerste vraag?');
    await trigger('reaction-request', { signal_id: report.signal_id, question: 'Tweede vraag?' });
    const page = await open(link);
    await heading(page, 'Deze vraag is vervangen door een nieuwere').waitFor();
    await expect(page.getByText('Gebruik de link in de nieuwste e-mail om te reageren.', { exact: false }).isVisible()).resolves.toBe(true);
    await page.context().close();
  });

  it('shows the generic error and a global notification when sending fails', async () => {
    const { link } = await replyRequest('fout@example.com', 'Hoe groot is het?');
    const page = await open(link);
    await page.route('**/submit', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ detail: 'An error occurred while processing the request.' }) }));
    await page.getByRole('textbox', { name: 'Hoe groot is het?' }).fill('Ongeveer twee meter');
    await page.getByRole('button', { name: 'Verstuur' }).click();
    await heading(page, 'Het versturen van het actieformulier is mislukt').waitFor();
    await expect.poll(() => page.getByText('Probeer het nog eens of neem contact op met de gemeente').count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("answers a link to a session that does not exist with the spec's generic error", async () => {
    const page = await open('http://x/incident/reactie/0f5d6a52-8a8c-4b7e-9f55-1d1c3b7a9e01');
    await heading(page, 'Het versturen van het actieformulier is mislukt').waitFor();
    await page.getByText('Probeer het nog eens of neem contact op met de gemeente').first().waitFor();
    expect(await page.getByText(/Deze link kennen wij niet|Er is niets verstuurd/).count()).toBe(0);
    await page.context().close();
  });
});
