/**
 * Shared helpers for the end-to-end tests: Debian's Chromium through playwright-core (one browser
 * per test file: `useBrowser()`; a test file never launches one itself), a fresh browser context
 * per test, and an axe check that fails on any violation.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Route } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll } from 'vitest';
import type { RunningServer } from './server.ts';
import { chromiumLaunchOptions } from '../chromium.ts';

let current: RunningServer | undefined;

/** Set by `setup-file.ts`: the server of the running test file. */
export function useServer(server: RunningServer): void {
  current = server;
}

/** The URL of this test file's own server. */
export function baseUrl(): string {
  if (!current) throw new Error('no e2e server: tests/e2e/setup-file.ts starts one per file');
  return current.baseUrl;
}

/** The data directory (embedded database, uploaded files) of this test file's own server. */
export function dataDir(): string {
  if (!current) throw new Error('no e2e server: tests/e2e/setup-file.ts starts one per file');
  return current.dataDir;
}

/** One browser for the whole test file: launched before the first test, closed after the last. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch(chromiumLaunchOptions);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is used outside a test');
    return browser;
  };
}

/**
 * A fresh context (a person's own browser window, with its own storage) on this file's server, in Dutch
 * and Amsterdam time. The machine running the tests may be busy (CI runs two files at once on two cores,
 * each with its own server and browser): each step may take up to a minute, not Playwright's 30 s. The
 * person asks for reduced motion (the app honours it: a message that slides away is gone at once), so axe
 * never meets text halfway through a fade on a slow machine.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', reducedMotion: 'reduce', ...options });
  context.setDefaultTimeout(STEP_TIMEOUT);
  return context;
}

/** A fresh page in a context of its own (see `newContext`). */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  return { context, page };
}

/** How long one step (a click, a wait for a heading) may take on a busy machine. */
export const STEP_TIMEOUT = 60_000;

/** A desktop window, the size every test uses unless it says otherwise. */
export const DESKTOP = { width: 1280, height: 800 } as const;
/** A phone's window (iPhone 12-14 size). */
export const PHONE = { width: 390, height: 844 } as const;
/** A phone (iPhone 12-14 size) with touch. */
export const PHONE_CONTEXT = { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

export interface PageOptions extends BrowserContextOptions {
  /** A script every page of the context runs before its own (e.g. a stored draft). */
  init?: string;
  /** A fixed wall clock for the page. */
  clock?: Date;
}

/**
 * Runs `run` on a fresh page in a context of its own (1280×800 unless `viewport` says
 * otherwise) and closes the context afterwards, also when `run` fails.
 */
export async function withPage<T>(browser: Browser, run: (page: Page) => Promise<T>, { init, clock, ...options }: PageOptions = {}): Promise<T> {
  const { context, page } = await newPage(browser, { viewport: DESKTOP, ...options });
  if (init) await context.addInitScript(init);
  if (clock) await page.clock.setFixedTime(clock);
  try {
    return await run(page);
  } finally {
    await context.close();
  }
}

/** Runs axe on the page (WCAG 2.x A/AA) and returns the violations, readable in a failing assertion. */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Calls the embedded API directly, to check what a test stored. */
export async function api<T = unknown>(pathname: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(new URL(pathname, baseUrl()), init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Holds every script of the app until `release()`: the page stays as the server sent it. */
export async function holdScripts(page: Page, { boot = false } = {}): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  const hold = async (route: Route) => {
    if (released) return route.continue();
    held.push(route);
  };
  await page.route('**/assets/*.js', hold);
  // the boot script too: the page as it is before any script file has arrived
  if (boot) await page.route('**/first-page-boot.js', hold);
  return {
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Resolves once the app has taken over the first page rendered ahead (src/ahead/first-page.ts ends the early-event log). */
export const appTookOver = (page: Page) => page.waitForFunction(() => (window as unknown as Record<string, unknown>).__meldloketEarlyEvents === null).then(() => undefined);

/** Where the frame's parts are on screen (the header, the logo, the top of main), to find out what moved. */
export const framePlaces = (page: Page) =>
  page.evaluate(() => {
    const box = (element: Element | null) => {
      const r = element?.getBoundingClientRect();
      return r ? { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) } : null;
    };
    return { header: box(document.querySelector('header')), logo: box(document.querySelector('header a')), main: box(document.querySelector('main'))?.y };
  });
