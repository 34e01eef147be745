/**
 * An unknown report in the back office (docs/back-office-incident.md): /manage/incident/<an id that is not there>
 * gives the staff member a back-office 'niet gevonden' page in the staff frame with the way
 * back to the overview — not the resident's page with 'Doe een melding'. Axe-clean, at phone
 * and desktop size.
 */

import { describe, expect, it } from 'vitest';
import { useBrowser } from './support.ts';
import { STAFF } from './staff-support.ts';
import { checkAndShoot, openAs, PHONE } from './manage-incident-support.ts';

const browser = useBrowser();

describe('an unknown report in the back office', () => {
  it('says the report is not there and leads back to the overview', async () => {
    const { page, context } = await openAs(browser(), '/manage/incident/99999999', STAFF.behandelaar);
    await page.getByRole('heading', { level: 1, name: 'Melding niet gevonden' }).waitFor();
    await page.getByText('Er is geen melding met nummer SIG-99999999.', { exact: false }).waitFor();
    expect(await page.title()).toContain('Melding niet gevonden');
    // the staff frame, not the resident's page
    expect(await page.getByRole('link', { name: 'Doe een melding' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Pagina niet gevonden' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Menu' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('contentinfo').count()).toBe(0); // the resident's footer
    expect(await checkAndShoot(page, 'jobs-not-found')).toEqual([]);
    await page.setViewportSize(PHONE);
    expect(await checkAndShoot(page, 'jobs-not-found')).toEqual([]);

    await page.getByRole('link', { name: 'Naar het overzicht van meldingen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overzicht meldingen' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/manage/incidents');
    await context.close();
  });

  it('a malformed id reads the same', async () => {
    const { page, context } = await openAs(browser(), '/manage/incident/abc', STAFF.lezer);
    await page.getByRole('heading', { level: 1, name: 'Melding niet gevonden' }).waitFor();
    await page.getByRole('link', { name: 'Naar het overzicht van meldingen' }).waitFor();
    await context.close();
  });
});
