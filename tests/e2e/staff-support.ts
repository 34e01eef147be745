/**
 * Helpers for the staff end-to-end tests: sign in through the embedded provider's
 * Dutch sign-in page (by label, as a person does) and read the staff menu.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, newPage, withPage } from './support.ts';

/** The seeded accounts of the embedded provider (docs/staff-auth.md, 'Medewerkersaccounts'). */
export const STAFF = {
  behandelaar: { email: 'behandelaar@meldloket.local', password: 'behandelaar-wachtwoord' },
  coordinator: { email: 'coordinator@meldloket.local', password: 'coordinator-wachtwoord' },
  beheerder: { email: 'beheerder@meldloket.local', password: 'beheerder-wachtwoord' },
  /** Role 'Alleen lezen', department GRN. */
  lezer: { email: 'lezer@meldloket.local', password: 'lezer-wachtwoord' },
} as const;

/** Where the staff tests leave their screenshots (to look at): E2E_SCREENSHOTS_DIR, else a temporary folder. */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS_DIR ?? mkdtempSync(path.join(tmpdir(), 'meldloket-staff-shots-'));

/** The latest tokens each page's app got from the provider's token endpoint (the app keeps them in memory only). */
const tokensOf = new WeakMap<Page, { access_token?: string; refresh_token?: string }>();
/** The token answers still being read, per page. */
const reading = new WeakMap<Page, Promise<unknown>>();

/**
 * Follows the page's token answers (sign-in, SSO check on a load, renewals), so a test can call the
 * API as that staff member: the app keeps its tokens in the tab's memory, out of reach of scripts.
 */
export function watchTokens(page: Page): void {
  if (tokensOf.has(page)) return;
  tokensOf.set(page, {});
  page.on('response', (response) => {
    if (!response.url().endsWith('/oidc/token') || response.status() !== 200) return;
    const read = response.json().then(
      (body: { access_token?: string; refresh_token?: string }) => tokensOf.set(page, { ...tokensOf.get(page), ...body }),
      () => undefined,
    );
    reading.set(page, Promise.all([reading.get(page), read]));
  });
}

/** On the app's sign-in page: 'Inloggen', then the provider's page, then back in the app. */
export async function signIn(page: Page, account: { email: string; password: string }) {
  watchTokens(page);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('E-mailadres').fill(account.email);
  await page.getByLabel('Wachtwoord').fill(account.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/login'));
  await page.getByRole('navigation', { name: 'Menu' }).waitFor();
}

/** A staff account of the embedded provider. */
export type Account = { email: string; password: string };

/**
 * Opens `path` in a fresh page of its own context (1280×800 unless `options` says otherwise) and signs in
 * as `account` there; the app returns to `path`. Close the returned context when done.
 */
export async function openAs(browser: Browser, path: string, account: Account, options: BrowserContextOptions = {}) {
  const opened = await newPage(browser, { viewport: DESKTOP, ...options });
  await opened.page.goto(path);
  await signIn(opened.page, account);
  return opened;
}

/** Opens `path` (the app's sign-in page by default), signs in there and waits for the staff menu; the app returns to `path`. */
export async function signedIn(page: Page, account: { email: string; password: string }, path = '/login') {
  await page.goto(path);
  await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).waitFor();
  await signIn(page, account);
}

/** A page's main heading (level 1), by its name. */
export const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

/** Runs `run` on a fresh page of the given size in a context of its own, closed afterwards (support.ts `withPage`). */
export const withViewport = <T>(browser: Browser, viewport: { width: number; height: number }, run: (page: Page) => Promise<T>): Promise<T> =>
  withPage(browser, run, { viewport });

/** The app with more feature flags switched on: the server's configuration (app-config.js), with `flags` over its features. */
export async function withFeatures(page: Page, flags: Record<string, boolean>): Promise<void> {
  await page.route('**/app-config.js', async (route) => {
    const response = await route.fetch();
    const script = `${await response.text()}\n;window.__MELDLOKET_CONFIG__ = Object.assign({}, window.__MELDLOKET_CONFIG__, { features: Object.assign({}, (window.__MELDLOKET_CONFIG__ || {}).features, ${JSON.stringify(flags)}) });`;
    await route.fulfill({ response, body: script });
  });
}

/** The wide menu's button under the staff member's name, holding 'Mijn mail' and 'Uitloggen'. */
export const accountButton = (page: Page) => page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: /^Mijn account/ });

/** Signs out through the wide menu: the account button, then 'Uitloggen'. */
export async function signOut(page: Page): Promise<void> {
  await accountButton(page).click();
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('button', { name: 'Uitloggen' }).click();
}

/** The names of the staff menu's items, in order (the search bar by its label). */
export async function menuItems(page: Page): Promise<string[]> {
  const items = page.getByRole('navigation', { name: 'Menu' }).getByRole('listitem');
  await items.last().waitFor();
  const names: string[] = [];
  for (const item of await items.all()) {
    const search = item.getByRole('searchbox');
    // the account button by its accessible name's text ('Mijn account: Bea'), the rest as shown
    const text = (await item.locator('.ml-staff-menu__account-button').count()) ? await item.textContent() : await item.innerText();
    names.push((await search.count()) ? `[${await search.getAttribute('aria-label')}]` : (text ?? '').replace(/\s+/g, ' ').trim());
  }
  return names;
}

/** The access token the page's app was given last (null before any); see watchTokens. */
export const storedToken = async (page: Page): Promise<string | null> => {
  await reading.get(page);
  return tokensOf.get(page)?.access_token ?? null;
};

/** The refresh token the page's app was given last (null before any). */
export const lastRefreshToken = async (page: Page): Promise<string | null> => {
  await reading.get(page);
  return tokensOf.get(page)?.refresh_token ?? null;
};
