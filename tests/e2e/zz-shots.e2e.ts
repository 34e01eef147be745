import { afterAll, beforeAll, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage } from './support.ts';
import { openMap, searchAddress, summaryText, tabTo } from './map-support.ts';
import { chooseLocation, describeReport, fillContact, heading, next, send } from './wizard-support.ts';

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });
const SIZES = [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const;

async function shot(page: Page, name: string) { await page.screenshot({ path: `/tmp/shots/${name}.png` }); }

it.each(SIZES)('shots %s', async (size, viewport) => {
  const { context, page } = await newPage(browser, { viewport });
  page.setDefaultTimeout(60_000);
  await describeReport(page, { text: 'Vier lantaarnpalen branden niet', subcategory: 'Lantaarnpaal of straatverlichting' });
  await next(page);
  await heading(page, 'Locatie en vragen').waitFor();
  await openMap(page);
  await searchAddress(page, 'Damrak 20');
  await summaryText(page);
  const boxes = page.locator('.ml-object-list input[type="checkbox"]:not([disabled])');
  await boxes.nth(3).waitFor();
  for (let i = 0; i < 4; i++) await boxes.nth(i).click();
  await page.getByText(/U kunt maximaal/).waitFor();
  await page.waitForTimeout(800);
  await shot(page, `${size}-map-warning`);
  await page.getByRole('button', { name: 'Sluit melding' }).click();
  const map = page.getByRole('region', { name: /^Kaart\./ });
  await tabTo(page, map);
  await page.waitForTimeout(300);
  await shot(page, `${size}-map-crosshair`);
  await page.getByRole('button', { name: 'Meld dit object' }).click();
  await page.getByRole('radio', { name: 'De lamp doet het niet' }).check();
  await page.getByRole('radio', { name: 'Ja, iemand is tegen de paal aangereden' }).check();
  await page.getByText('Dit is gevaarlijk.').scrollIntoViewIfNeeded();
  await shot(page, `${size}-danger`);
  await next(page);
  await heading(page, 'Contactgegevens').waitFor();
  await page.getByRole('textbox', { name: /telefoonnummer/ }).fill('+31 (0)6-1234 5678x');
  await page.getByRole('textbox', { name: /e-mailadres/ }).click();
  await page.waitForTimeout(300);
  await shot(page, `${size}-phone-error`);
  await page.getByRole('textbox', { name: /telefoonnummer/ }).fill('06 1234 5678');
  await fillContact(page, { email: `shot-${size}@example.com` });
  await next(page);
  await send(page);
  await shot(page, `${size}-thanks`);
  await context.close();
});
