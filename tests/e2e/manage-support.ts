/**
 * Helpers for the back-office overview and signalering end-to-end tests: reports
 * stored through the public create call in a chosen district, category and street,
 * and the overview's table read as a person reads it.
 */
import type { Page } from 'playwright-core';
import { api } from './support.ts';
import { STAFF } from './staff-support.ts';

/** The read-only account of the embedded provider (README 'Staff accounts'): role 'Alleen lezen', department GRN. */
export const LEZER = STAFF.lezer;

export interface SeedReport {
  main: string;
  sub: string;
  stadsdeel: string;
  street: string;
  number: number;
  postcode: string;
  text: string;
}

let stored = 0;

/**
 * Stores a report through the public create call; gives its id. Each report of a file gets its
 * own point in the centre of Amsterdam, the same in every run (a map or a nearby-reports list
 * shows the same thing every time).
 */
export async function storeReport(r: SeedReport): Promise<number> {
  const n = stored++;
  const res = await api<{ id: number }>('/signals/v1/public/signals/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      text: r.text,
      location: {
        geometrie: { type: 'Point', coordinates: [4.89 + (n % 5) * 0.004, 52.37 + Math.floor(n / 5) * 0.002] },
        stadsdeel: r.stadsdeel,
        address: { openbare_ruimte: r.street, huisnummer: r.number, postcode: r.postcode, woonplaats: 'Amsterdam' },
      },
      category: { sub_category: `/signals/v1/public/terms/categories/${r.main}/sub_categories/${r.sub}` },
      reporter: { email: 'melder@example.com', phone: null, sharing_allowed: false },
      incident_date_start: new Date(Date.now() - 3600_000).toISOString(),
    }),
  });
  if (res.status !== 201) throw new Error(`report not stored: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** The report numbers in the overview's table, top to bottom (waits for the table). */
export async function tableNumbers(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Meldingen' });
  await table.waitFor();
  return (await table.locator('tbody tr td:first-child').allInnerTexts()).map((t) => t.trim());
}

/** Waits until the overview's count reads `text` (e.g. '2 meldingen'), so the list shown is the latest. */
export async function waitForCount(page: Page, text: string): Promise<void> {
  await page.getByRole('status').filter({ hasText: new RegExp(`^${text}$`) }).waitFor();
}
