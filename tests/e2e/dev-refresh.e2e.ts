/**
 * `npm run dev` as a developer uses it: Vite's dev server (this repository's vite.config.ts) in
 * front of the file's own API server. An edit to a component, or to texts it uses, is redrawn in
 * place (React Fast Refresh): the page is not reloaded and what the resident typed stays. The
 * entry has no component to redraw: an edit there reloads the page, and the draft kept in the tab
 * comes back. The edited files are put back as they were, also when a check fails.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { ROOT } from './server.ts';
import { baseUrl, useBrowser, withPage } from './support.ts';
import { expectHeading } from './wizard-support.ts';
import { DRAFT_STORAGE_KEY } from '../../src/wizard/state/draftKey.ts';

const browser = useBrowser();
let vite: ViteDevServer;
let devUrl: string;

beforeAll(async () => {
  const api = baseUrl();
  vite = await createServer({
    configFile: path.join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'warn',
    clearScreen: false,
    server: { host: '127.0.0.1', port: 0, proxy: { '/signals': api, '/dev': api, '/stand-ins': api } },
  });
  await vite.listen();
  const { port } = vite.httpServer!.address() as AddressInfo;
  devUrl = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await vite?.close();
});

/** Edits a source file for the length of `run`, and puts it back as it was afterwards. */
async function withEdit<T>(file: string, from: string, to: string, run: () => Promise<T>): Promise<T> {
  const full = path.join(ROOT, file);
  const original = readFileSync(full, 'utf8');
  expect(original).toContain(from);
  writeFileSync(full, original.replace(from, to));
  try {
    return await run();
  } finally {
    writeFileSync(full, original);
  }
}

/** Step 1 in the dev server, the description typed, and a mark on the window that a reload would wipe. */
async function describeInDev(page: Page, text: string) {
  await page.goto(`${devUrl}/incident/beschrijf`);
  await expectHeading(page, 'Beschrijf uw melding');
  const description = page.getByRole('textbox', { name: /Waar gaat het om\?/ });
  await description.fill(text);
  await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));
  return description;
}

const notReloaded = (page: Page) => page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded === true);

describe('npm run dev', () => {
  it('redraws an edited component in place: no reload, the typed description kept', async () => {
    await withPage(browser(), async (page) => {
      const description = await describeInDev(page, 'Een losliggende stoeptegel voor nummer 12');
      const next = page.getByRole('button', { name: 'Volgende' });
      await expect.poll(() => next.getAttribute('data-edited')).toBeNull();
      await withEdit('src/wizard/Navigation.tsx', '<div className="ml-wizard-nav">', '<div className="ml-wizard-nav" data-edited="yes">', async () => {
        await page.locator('.ml-wizard-nav[data-edited="yes"]').waitFor();
      });
      await page.locator('.ml-wizard-nav:not([data-edited])').waitFor();
      expect(await notReloaded(page)).toBe(true);
      await expect.poll(() => description.inputValue()).toBe('Een losliggende stoeptegel voor nummer 12');
    });
  });

  it('redraws the screens that use an edited text in place, the typed description kept', async () => {
    await withPage(browser(), async (page) => {
      const description = await describeInDev(page, 'Een kapotte lantaarnpaal bij de school');
      await withEdit('src/wizard/texts.ts', "'Beschrijf uw melding'", "'Beschrijf uw melding (bewerkt)'", async () => {
        await expectHeading(page, 'Beschrijf uw melding (bewerkt)');
      });
      await expectHeading(page, /^Beschrijf uw melding$/);
      expect(await notReloaded(page)).toBe(true);
      await expect.poll(() => description.inputValue()).toBe('Een kapotte lantaarnpaal bij de school');
    });
  });

  it('reloads for an edit of the entry, and the draft comes back from the tab', async () => {
    await withPage(browser(), async (page) => {
      const description = await describeInDev(page, 'Afval naast de container aan het plein');
      // leaving the field keeps the draft in the tab (sessionStorage)
      await description.blur();
      await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key) ?? '', DRAFT_STORAGE_KEY)).toContain('container');
      const reloaded = page.waitForEvent('load');
      await withEdit('src/main.tsx', "const container = document.getElementById('root');", "const container = document.getElementById('root'); // edited", async () => {
        await reloaded;
      });
      await expectHeading(page, 'Beschrijf uw melding');
      expect(await notReloaded(page)).toBe(false);
      await expect.poll(() => description.inputValue()).toBe('Afval naast de container aan het plein');
    });
  });
});
