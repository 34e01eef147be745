/**
 * docs/duplicates.md: the radius of 'Is dit hetzelfde probleem?' is a setting of the subcategory
 * (default 50 m), docs/duplicates.md. An administrator (who may edit categories) sets it in the
 * category's settings screen: a radius outside 10–500 m gives the field's Dutch error and nothing is
 * stored; 300 m is stored, served by the category API, written in the history, and the public
 * nearby call now finds a report about 100 m away that it did not find at 50 m. A coordinator (who
 * may only view categories) sees the radius without a field, and the API refuses their write.
 */
import path from 'node:path';

import { describe, expect, it } from 'vitest';
import { api, axeViolations, useBrowser } from './support.ts';
import { API_PREFIX } from '@meldloket/engine';
import { h1, SCREENSHOTS, signedIn, STAFF, withViewport } from './staff-support.ts';
import { apiAs, DESKTOP, PHONE } from './manage-incident-support.ts';
import { storeReport } from './manage-support.ts';

const browser = useBrowser();

const P = API_PREFIX.private;
const RADIUS = 'Straal meldingen in de buurt (meter)';

/** The ids the public nearby call gives for grofvuil at about 100 m east of the stored report. */
async function nearbyIds(): Promise<number[]> {
  const answer = await api<{ results: { id: number; distance: number }[] }>('/signals/v1/public/followers/nearby?main_slug=afval&sub_slug=grofvuil&lon=4.8951&lat=52.3731');
  expect(answer.status).toBe(200);
  return answer.body.results.map((r) => r.id);
}

describe('the radius of the open reports nearby, per subcategory', () => {
  it('an administrator sets it in the category screen; the public nearby call uses it; a coordinator may not', async () => {
    const report = await storeReport({ main: 'afval', sub: 'grofvuil', stadsdeel: 'A', street: 'Dam', number: 1, postcode: '1012JS', text: 'Een bank op de stoep' });
    expect(await nearbyIds()).not.toContain(report);

    let categoryId = '';
    await withViewport(browser(), DESKTOP, async (page) => {
      await signedIn(page, STAFF.beheerder, '/instellingen/categorieen');
      await page.getByRole('link', { name: /^Grofvuil/ }).click();
      await h1(page, /^Categorie wijzigen: Grofvuil/).waitFor();
      categoryId = new URL(page.url()).pathname.split('/').pop()!;
      const field = page.getByRole('spinbutton', { name: RADIUS });
      expect(await field.inputValue()).toBe('50');

      // out of bounds: the field's error, nothing stored
      await field.fill('5');
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await page.getByText('Vul een straal in van 10 tot en met 500 meter.').first().waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);
      expect((await apiAs(page, `${P}/categories/${categoryId}`)).body.nearby_radius).toBe(50);
      // and the API says the same of a bad value, in its error shape
      const refused = await apiAs(page, `${P}/categories/${categoryId}`, { method: 'PATCH', body: { nearby_radius: 5000 } });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body)).toContain('nearby_radius');

      await field.fill('300');
      await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-category-radius-desktop.png'), fullPage: true });
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await h1(page, 'Categorieën').waitFor();
      expect((await apiAs(page, `${P}/categories/${categoryId}`)).body.nearby_radius).toBe(300);
      await page.getByRole('link', { name: /^Grofvuil/ }).click();
      await page.getByText('Straal meldingen in de buurt gewijzigd: 50 meter → 300 meter').waitFor();
    });

    // the public nearby call uses the subcategory's radius
    expect(await nearbyIds()).toContain(report);

    await withViewport(browser(), PHONE, async (page) => {
      await signedIn(page, STAFF.coordinator, `/instellingen/categorieen/${categoryId}`);
      await h1(page, /^Grofvuil/).waitFor();
      const facts = page.locator('dl');
      await facts.getByText(RADIUS).waitFor();
      await facts.getByText('300 meter', { exact: true }).waitFor();
      expect(await page.getByRole('spinbutton').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'settings-category-radius-readonly-phone.png'), fullPage: true });
      const refused = await apiAs(page, `${P}/categories/${categoryId}`, { method: 'PATCH', body: { nearby_radius: 50 } });
      expect(refused.status).toBe(403);
      expect((await apiAs(page, `${P}/categories/${categoryId}`)).body.nearby_radius).toBe(300);
    });
  });
});
