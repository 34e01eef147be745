/**
 * The municipality's look from its one configuration file (MUNICIPALITY_FILE, docs/operations.md):
 * the header shows its logo with the alt text the file gives, its colours reach the design
 * tokens (a button in its primary colour), and the page has its icon; the page passes axe.
 * Screenshots at phone and desktop size go to $E2E_SCREENSHOTS (when set) to be looked at.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from './server.ts';
import { axeViolations, DESKTOP, holdScripts, PHONE_CONTEXT, useBrowser, withPage } from './support.ts';
import { beginInDescription } from './wizard-support.ts';

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 330 64" width="330" height="64"><rect width="64" height="64" rx="8" fill="#00594f"/><path d="M14 46V18h8l10 16 10-16h8v28h-8V32l-10 15-10-15v14z" fill="#fff"/><text x="76" y="42" font-family="Arial, sans-serif" font-size="26" font-weight="700" fill="#00594f">Gemeente Veendam</text></svg>`;
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#00594f"/></svg>`;

let folder = '';
let server: RunningServer | undefined;
const browser = useBrowser();

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'meldloket-branding-'));
  writeFileSync(path.join(folder, 'logo.svg'), LOGO);
  writeFileSync(path.join(folder, 'icoon.svg'), ICON);
  writeFileSync(
    path.join(folder, 'gemeente.json'),
    JSON.stringify({
      municipality: 'Veendam',
      branding: { logo: 'logo.svg', logoAlt: 'Gemeente Veendam', favicon: 'icoon.svg', colors: { primary: '#00594f', primaryHover: '#003d36', accent: '#00594f' } },
    }),
  );
  const dataDir = path.join(folder, 'data');
  cpSync(inject('e2eTemplateDir'), dataDir, { recursive: true });
  server = await startServer(dataDir, { MUNICIPALITY_FILE: path.join(folder, 'gemeente.json'), MAP_SERVICES: 'stand-in' });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the municipality in its own look', () => {
  for (const [size, options] of [['desktop', { viewport: DESKTOP }], ['phone', PHONE_CONTEXT]] as const) {
    it(`shows the logo, the colours and the icon, and passes axe (${size})`, { timeout: 180_000 }, async () => {
      await withPage(
        browser(),
        async (page) => {
          await page.goto('/incident/beschrijf');
          const logo = page.getByRole('banner').getByRole('img', { name: 'Gemeente Veendam' });
          await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
          expect(await logo.getAttribute('src')).toBe('/gemeente/logo.svg');
          // the link home is named by the logo and the site title
          await expect.poll(() => page.getByRole('banner').getByRole('link').first().textContent()).toContain('Meldloket');
          const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ml-color-primary').trim());
          expect(primary).toBe('#00594f');
          const button = page.getByRole('button', { name: 'Volgende' });
          expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(0, 89, 79)');
          expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/gemeente/favicon.svg');
          expect((await page.request.get('/gemeente/favicon.svg')).headers()['content-type']).toBe('image/svg+xml');
          expect(await axeViolations(page)).toEqual([]);
          if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `branding-${size}.png`) });
        },
        { baseURL: server!.baseUrl, ...options },
      );
    });
  }
});

describe('the first page rendered ahead for this municipality', () => {
  it('is drawn by the server with its name, logo and colours, and taken over by the app without a warning', { timeout: 180_000 }, async () => {
    const html = await (await fetch(`${server!.baseUrl}/incident/beschrijf`)).text();
    expect(html).toContain('src="/gemeente/logo.svg" alt="Gemeente Veendam"');
    expect(html).toContain('--ml-color-primary: #00594f');
    expect(html).not.toContain('Gemeente Amsterdam');
    await withPage(
      browser(),
      async (page) => {
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.text().startsWith('Error with Permissions-Policy header')) return;
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        // the app's scripts wait: what shows is the page as the server sent it
        const scripts = await holdScripts(page);
        await page.goto('/incident/beschrijf', { waitUntil: 'commit' });
        const logo = page.getByRole('banner').getByRole('img', { name: 'Gemeente Veendam' });
        await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        const button = page.getByRole('button', { name: 'Volgende' });
        expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(0, 89, 79)');
        await scripts.release();
        await beginInDescription(page);
        expect(await page.getByRole('banner').getByRole('img', { name: 'Gemeente Veendam' }).count()).toBe(1);
        expect(problems).toEqual([]);
      },
      { baseURL: server!.baseUrl, ...PHONE_CONTEXT },
    );
  });
});
