/**
 * Helpers for the staff end-to-end tests: sign in through the embedded provider's
 * Dutch sign-in page (by label, as a person does) and read the staff menu.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The seeded accounts of the embedded provider (README 'Staff accounts'). */
export const STAFF = {
  behandelaar: { email: 'behandelaar@meldloket.local', password: 'behandelaar-wachtwoord' },
  coordinator: { email: 'coordinator@meldloket.local', password: 'coordinator-wachtwoord' },
  beheerder: { email: 'beheerder@meldloket.local', password: 'beheerder-wachtwoord' },
  /** Role 'Alleen lezen', department GRN. */
  lezer: { email: 'lezer@meldloket.local', password: 'lezer-wachtwoord' },
} as const;

/** Where the staff tests leave their screenshots (to look at): E2E_SCREENSHOTS_DIR, else a temporary folder. */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR ?? mkdtempSync(path.join(tmpdir(), 'meldloket-staff-shots-'));

/** On the app's sign-in page: 'Inloggen', then the provider's page, then back in the app. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('E-mailadres').fill(account.email);
  await page.getByLabel('Wachtwoord').fill(account.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login'));
  await page.getByRole('navigation', { name: 'Menu' }).waitFor();
}

/** The names of the staff menu's items, in order (the search bar by its label). */
export async function menuItems(page: Page): Promise<string[]> {
  const items = page.getByRole('navigation', { name: 'Menu' }).getByRole('listitem');
  await items.last().waitFor();
  const names: string[] = [];
  for (const item of await items.all()) {
    const search = item.getByRole('searchbox');
    names.push((await search.count()) ? `[${await search.getAttribute('aria-label')}]` : (await item.innerText()).replace(/\s+/g, ' ').trim());
  }
  return names;
}

/** The stored access token of the page's session. */
export const storedToken = (page: Page) => page.evaluate(() => window.localStorage.getItem('accessToken'));
