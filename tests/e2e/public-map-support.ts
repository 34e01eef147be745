/**
 * Helpers for the public-map and my-reports end-to-end tests: a page with the app's
 * feature flags set (window.__MELDLOKET_CONFIG__, read at start), reports stored
 * through the public API, and the links in the development outbox.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { api, newPage } from './support.ts';

export { DESKTOP, PHONE } from './support.ts';

/**
 * Does `action` (a zoom control, Enter on a cluster) and waits until the map has settled at another
 * zoom level, the server's reports for that view are in (the status counts them again instead of
 * saying they load) and the markers are drawn: Leaflet drops a zoom asked for while it still animates
 * the last one, and new reports replace the markers, so the next step must not start before.
 */
export async function afterZoom(page: Page, action: () => Promise<void>) {
  const before = await page.locator('.ml-public-map').getAttribute('data-zoom');
  await action();
  // the view's zoom and the status are drawn together: a count shown at the new zoom is the new view's
  await page.waitForFunction((zoom) => {
    const root = document.querySelector<HTMLElement>('.ml-public-map');
    const counted = [...(root?.querySelectorAll('[role=status]') ?? [])].some((status) => / op de kaart$/.test(status.textContent ?? ''));
    return root?.dataset.zoom !== zoom && counted && !root?.querySelector('.leaflet-zoom-anim');
  }, before);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Runs `run` in a fresh context of the given size, with the given feature flags switched on. */
export async function withFlags(browser: Browser, features: Record<string, boolean>, size: { width: number; height: number }, run: (page: Page) => Promise<void>, options: BrowserContextOptions = {}) {
  const { context, page } = await newPage(browser, { viewport: size, ...options });
  await context.addInitScript((flags) => {
    (window as unknown as { __MELDLOKET_CONFIG__: unknown }).__MELDLOKET_CONFIG__ = { features: flags };
  }, features);
  try {
    await run(page);
  } finally {
    await context.close();
  }
}

/** Stores a report through the public create call; returns its uuid. */
export async function storeReport(options: { email: string; text: string; lng: number; lat: number; main: string; sub: string }): Promise<string> {
  const res = await api<{ signal_id: string }>('/signals/v1/public/signals/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      text: options.text,
      location: { geometrie: { type: 'Point', coordinates: [options.lng, options.lat] }, address: { openbare_ruimte: 'Dam', huisnummer: 1, postcode: '1012JS', woonplaats: 'Amsterdam' } },
      category: { sub_category: `/signals/v1/public/terms/categories/${options.main}/sub_categories/${options.sub}` },
      reporter: { email: options.email, phone: null, sharing_allowed: false },
      incident_date_start: new Date(Date.now() - 3600_000).toISOString(),
    }),
  });
  if (res.status !== 201) throw new Error(`report not stored: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.signal_id;
}

/** The newest mail in the development outbox sent to `to`. */
export async function lastMailTo(to: string): Promise<{ subject: string; text: string } | undefined> {
  const { body } = await api<{ to: string; subject: string; text: string }[]>('/dev/outbox.json');
  return body.find((m) => m.to === to);
}
