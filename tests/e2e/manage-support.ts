/**
 * Helpers for the back-office overview and signalering end-to-end tests: reports
 * stored through the public create call in a chosen district, category and street,
 * and the overview's table read as a person reads it.
 */
import type { Page } from 'playwright-core';
import { api } from './support.ts';
import { STAFF } from './staff-support.ts';

/** The read-only account of the embedded provider (docs/staff-auth.md, 'Medewerkersaccounts'): role 'Alleen lezen', department GRN. */
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

/**
 * A point inside each district of the server's district map (`server/src/areas/districts.json`):
 * the server derives a report's district from its point, so a report meant for Noord lies in Noord.
 * Westpoort, Weesp and Het Amsterdamse Bos lie outside the drawn districts: there the server keeps
 * the district the client gave.
 */
const DISTRICT_POINTS: Record<string, [number, number]> = {
  A: [4.8936, 52.3731], E: [4.8655, 52.3655], K: [4.876, 52.344], M: [4.94, 52.3625], N: [4.914, 52.394],
  F: [4.798, 52.359], T: [4.953, 52.312], B: [4.8, 52.41], W: [5.065, 52.31], H: [4.84, 52.31],
};
const storedIn: Record<string, number> = {};

/**
 * Stores a report through the public create call; gives its id. Each report of a file gets its
 * own point in its district, about 100 m from the others, the same in every run (a map or a
 * nearby-reports list shows the same thing every time).
 */
export async function storeReport(r: SeedReport): Promise<number> {
  const k = (storedIn[r.stadsdeel] = (storedIn[r.stadsdeel] ?? -1) + 1);
  const [lng, lat] = DISTRICT_POINTS[r.stadsdeel] ?? DISTRICT_POINTS.A!;
  const res = await api<{ id: number }>('/signals/v1/public/signals/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      text: r.text,
      location: {
        geometrie: { type: 'Point', coordinates: [Number((lng + (k % 5) * 0.0015).toFixed(6)), Number((lat + Math.floor(k / 5) * 0.0012).toFixed(6))] },
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
